import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exportLabel, effectiveLabel } from "../../lib/probes/effective-label";
import { probeToJsonl } from "../../lib/probes/serialize";
import type { Db } from "../index";
import { loadProbeSet } from "../queries/probe-set";
import { audit } from "./audit";

export type ExportResult = { files: Array<{ file: string; probes: number }>; tiesKept: string[]; unlabelled: string[] };

/**
 * Writes every probe back to its probes/*.jsonl file under `root` (the repository by default), in file order, with its
 * effective label, so labelling work lands in git as a reviewable diff. A tie keeps its earliest label (and is listed);
 * a probe nobody has labelled cannot be written and is listed. Each file is replaced atomically.
 */
export function exportProbes(db: Db, opts: { root: string; actor: string; at?: string }): ExportResult {
  const set = loadProbeSet(db);
  const byFile = new Map<string, string[]>();
  const tiesKept: string[] = [];
  const unlabelled: string[] = [];
  for (const p of [...set].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.seq - b.seq))) {
    const label = exportLabel(p.votes);
    if (label === null) {
      unlabelled.push(p.id);
      continue;
    }
    if (effectiveLabel(p.votes).contested) tiesKept.push(p.id);
    const line = probeToJsonl({ id: p.id, detector: p.detector, reply: p.reply, context: p.context, label, ...(p.pairId ? { pair_id: p.pairId } : {}), ...(p.note ? { note: p.note } : {}) });
    let lines = byFile.get(p.file);
    if (!lines) byFile.set(p.file, (lines = []));
    lines.push(line);
  }
  const files: ExportResult["files"] = [];
  for (const [file, lines] of byFile) {
    const target = path.join(opts.root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.tmp-${process.pid}`;
    writeFileSync(tmp, `${lines.join("\n")}\n`);
    renameSync(tmp, target);
    files.push({ file, probes: lines.length });
  }
  audit(db, { actor: opts.actor, action: "probes.export", entity: "probe_set", entityId: "all", at: opts.at, detail: { files, ties_kept: tiesKept, unlabelled } });
  return { files, tiesKept, unlabelled };
}
