import { InputError } from "../../lib/io/input-error";
import { batchDecisionSchema, batchLabelSchema, batchProbes, batchReplySchema, firstReadingSchema, type BatchProbe, type FirstReading } from "../../lib/probes/first-readings";
import { probeSchema, type Probe } from "../../lib/schemas/probe";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { listFiles, readJsonlFile, repoPath } from "./files";

export function shippedProbeFiles(): string[] {
  return listFiles(repoPath("probes"), ".jsonl");
}

/** Loads probe files; an unknown detector/label is a schema error with line and field; duplicate ids across files are refused. */
export function loadProbes(files = shippedProbeFiles()): Probe[] {
  if (files.length === 0) throw new InputError(repoPath("probes"), 0, "", "no probe files found");
  const out: Probe[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const probes = readJsonlFile(file, probeSchema);
    probes.forEach((p, i) => {
      const prev = seen.get(p.id);
      if (prev) throw new InputError(file, i + 1, "id", `duplicate probe id '${p.id}' (also in ${prev})`);
      seen.set(p.id, file);
      out.push(p);
    });
  }
  return out;
}

/** The log of fresh batches' first readings (issue 25), oldest first; empty when no batch has been read yet. */
export function loadFirstReadings(file = repoPath("probes", "fresh", "first-readings.jsonl")): FirstReading[] {
  return existsSync(file) ? readJsonlFile(file, firstReadingSchema) : [];
}

/** A fresh batch's folder (probes/fresh/<batch>/): its draw, the authors' replies and the second author's labels, as probes. */
export function loadFreshBatch(batch: string): { seed: number; replies: number; probes: BatchProbe[] } {
  const dir = repoPath("probes", "fresh", batch);
  const { seed } = JSON.parse(readFileSync(path.join(dir, "draw.json"), "utf8")) as { seed: number };
  const decisions = readJsonlFile(path.join(dir, "decisions.jsonl"), batchDecisionSchema);
  const replies = listFiles(dir, ".jsonl")
    .filter((f) => path.basename(f).startsWith("authored-"))
    .flatMap((f) => readJsonlFile(f, batchReplySchema));
  const labels = readJsonlFile(path.join(dir, "labels.jsonl"), batchLabelSchema);
  return { seed, replies: replies.length, probes: batchProbes(batch, decisions, replies, labels) };
}
