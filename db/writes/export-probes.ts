import { asc } from "drizzle-orm";
import { exportLabel, effectiveLabel } from "../../lib/probes/effective-label";
import { probeToJsonl } from "../../lib/probes/serialize";
import { exportVersion, previewExport, type ExportFile, type FilePreview } from "../../lib/io/export-preview";
import { seededTexts } from "../queries/seeded-files";
import type { Db, DbOrTx } from "../index";
import { loadVotes } from "../queries/probe-set";
import { probes } from "../schema";
import { audit } from "./audit";
import { writeFilesInto } from "./export-files";

export type ProbeExport = { files: ExportFile[]; tiesKept: string[]; unlabelled: string[] };

/**
 * Every probe as its probes/*.jsonl file would hold it (issue 5), built in memory: file order, effective label, the
 * files' own JSON layout, so unchanged probes give the seeded bytes and a relabel is a one-line diff. A tie keeps its
 * earliest label (and is listed); a probe nobody has labelled cannot be written and is listed. Writes nothing (issue 20:
 * an export is a download or the CLI's --out DIR, never the server's checkout).
 */
export async function buildProbeExport(db: DbOrTx): Promise<ProbeExport> {
  // The probes and their votes only: an export needs no detector predictions (the slow part of loadProbeSet).
  const rows = await db.select().from(probes).orderBy(asc(probes.file), asc(probes.seq), asc(probes.id));
  const votes = await loadVotes(db);
  const byFile = new Map<string, string[]>();
  const tiesKept: string[] = [];
  const unlabelled: string[] = [];
  for (const row of rows) {
    const p = { ...row, votes: votes.get(row.id) ?? [] };
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
  const files = [...byFile].map(([path, lines]) => ({ path, text: `${lines.join("\n")}\n`, records: lines.length }));
  return { files, tiesKept, unlabelled };
}

/** The audit row of an export handed over (a download, or the CLI's --out DIR): who, how, which files. */
export async function auditExport(db: DbOrTx, e: { kind: "probes" | "golden"; actor: string; via: string; version: string; files: ReadonlyArray<{ path: string; records: number; status?: string }>; detail?: Record<string, unknown>; at?: string }): Promise<void> {
  await audit(db, {
    actor: e.actor,
    action: e.kind === "probes" ? "probes.export" : "golden.export",
    entity: e.kind === "probes" ? "probe_set" : "golden_case_set",
    entityId: "all",
    at: e.at,
    detail: { via: e.via, version: e.version, files: e.files.map((f) => ({ file: f.path, records: f.records, ...(f.status ? { status: f.status } : {}) })), ...e.detail },
  });
}

export type ExportResult = { files: Array<{ file: string; probes: number }>; tiesKept: string[]; unlabelled: string[]; /** Each file against what the server last seeded. */ preview: FilePreview[]; version: string };

/** `assay export-probes --out DIR`: the export written under `root` (probes/<file>.jsonl), audited. Never the server's checkout. */
export async function exportProbes(db: Db, opts: { root: string; actor: string; via?: string; at?: string }): Promise<ExportResult> {
  const built = await buildProbeExport(db);
  const preview = previewExport(built.files, await seededTexts(db));
  const version = exportVersion(built.files);
  writeFilesInto(opts.root, built.files);
  await auditExport(db, { kind: "probes", actor: opts.actor, via: opts.via ?? "cli", version, files: preview, detail: { out: opts.root, ties_kept: built.tiesKept, unlabelled: built.unlabelled }, at: opts.at });
  return { files: built.files.map((f) => ({ file: f.path, probes: f.records })), tiesKept: built.tiesKept, unlabelled: built.unlabelled, preview, version };
}
