import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { exampleRunLines } from "./helpers";

const EXAMPLES = ["careful", "escalator", "format-breaker", "leaky", "overpromiser", "resolver"];

/**
 * Writes a valid run of about `bytes` bytes built from the shipped example runs (issue 26): every decision point `samples`
 * times (docs/SCHEMA.md: `sample` numbers repeats), each sample taken from a different example, so its figures are a mix.
 * Each `raw` is padded after its JSON object with whitespace, which the format gate ignores (SCHEMA §1.1): the bytes of
 * a long reply without the scorer's time on one. Returns the number of lines written.
 */
export async function writeBigRun(path: string, bytes: number, samples: number): Promise<number> {
  const sources = EXAMPLES.map((n) => exampleRunLines(n));
  const perSample = sources[0]!.length;
  const lines = perSample * samples;
  const lineAt = (s: number, line: Record<string, unknown>, pad: number) => `${JSON.stringify({ ...line, model: "big-run", sample: s, raw: `${String(line.raw)}\n${" ".repeat(pad)}` })}\n`;
  let unpadded = 0;
  for (let s = 0; s < samples; s++) for (const line of sources[s % sources.length]!) unpadded += Buffer.byteLength(lineAt(s, line, 0));
  const pad = Math.max(0, Math.floor((bytes - unpadded) / lines));
  const out = createWriteStream(path);
  for (let s = 0; s < samples; s++) {
    for (const line of sources[s % sources.length]!) if (!out.write(lineAt(s, line, pad))) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return lines;
}
