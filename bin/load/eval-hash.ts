import { createHash } from "node:crypto";
import type { Episode } from "../../lib/schemas/episode";
import { readJsonFile, repoPath } from "./files";
import { z } from "zod";

/** sha256 over the canonical JSON of every eval-split episode, sorted by id: any edit to eval changes it. */
export function evalSplitHash(episodes: readonly Episode[]): string {
  const evalEps = episodes.filter((e) => e.split === "eval").sort((a, b) => (a.id < b.id ? -1 : 1));
  return createHash("sha256").update(canonicalJson(evalEps)).digest("hex");
}

export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  if (v && typeof v === "object") {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

export const evalLockSchema = z.object({ hash: z.string().length(64), episodes: z.number().int(), decision_points: z.number().int(), frozen_at: z.string() }).strict();

export function readEvalLock() {
  return readJsonFile(repoPath("golden", "eval.lock.json"), evalLockSchema);
}
