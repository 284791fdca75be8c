// The text the detector tests check gates on: every probe's reply and customer message, and every example-run output.
import { readFileSync, readdirSync } from "node:fs";

const jsonLines = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .flatMap((f) => readFileSync(`${dir}/${f}`, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));

export const CORPUS_TEXTS: readonly string[] = [
  ...jsonLines("probes").flatMap((p) => [p.reply as string, (p.context as { customer_message: string }).customer_message]),
  ...jsonLines("golden/runs").map((l) => l.raw as string),
];

/** Whether the regex matches s, from the start and leaving a global regex's lastIndex at 0. */
export function matches(re: RegExp, s: string): boolean {
  re.lastIndex = 0;
  const hit = re.test(s);
  re.lastIndex = 0;
  return hit;
}
