import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makePromptLine, PROMPT_FORMATS, type PromptFormat } from "../../lib/prompts/prompt-line";
import { promptVersion } from "../../lib/prompts/version";
import { loadDecisionPoints } from "../load/episodes";
import { loadPromptPack } from "../load/prompt-pack";
import { parseCommandArgs, UsageError } from "./args";

export const summary = "write every decision point as a prompt (chat messages or one text), one JSONL line each";

/** `assay prompts [--split dev|eval|all] [--format chat|text] --out FILE`: the inputs a model answers (docs/SCHEMA.md §7). */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    split: { type: "string", default: "all" },
    format: { type: "string", default: "chat" },
    out: { type: "string" },
  });
  const split = values.split as string;
  if (split !== "dev" && split !== "eval" && split !== "all") throw new UsageError(`--split must be dev, eval or all (got '${split}')`);
  const format = values.format as string;
  if (!(PROMPT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be chat or text (got '${format}')`);
  if (!values.out) throw new UsageError("--out FILE is required");
  const pack = loadPromptPack();
  const points = loadDecisionPoints().filter((p) => split === "all" || p.split === split);
  const text = points.map((p) => JSON.stringify(makePromptLine(pack, p, format as PromptFormat))).join("\n");
  mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
  writeFileSync(values.out, `${text}\n`);
  process.stderr.write(`assay prompts: ${points.length} prompts (split ${split}, format ${format}, prompt version ${promptVersion(pack.version)}) written to ${values.out}\n`);
  return 0;
}
