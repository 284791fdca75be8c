import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoPath } from "../../bin/load/files";
import { shippedProbeFiles } from "../../bin/load/probes";
import { makeTempDb, type TempDb } from "../testing/temp-db";
import { addProbe } from "./add-probe";
import { exportVersion, previewExport } from "../../lib/io/export-preview";
import { seededTexts } from "../queries/seeded-files";
import { auditLog } from "../schema";
import { buildProbeExport, exportProbes } from "./export-probes";
import { saveLabel } from "./labels";

let t: TempDb;
beforeEach(async () => {
  t = await makeTempDb({ seeded: "pack" });
}, 120_000); // seeding a PostgreSQL database on a busy machine can take most of a minute
afterEach(async () => t.cleanup());

const exported = (file: string) => readFileSync(path.join(t.dir, "out", file), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { id: string; label: string; pair_id?: string });

describe("exporting probes back to probes/*.jsonl", () => {
  it("reproduces the shipped files byte for byte when nothing was relabelled", async () => {
    const r = await exportProbes(t.db, { root: path.join(t.dir, "out"), actor: "alice" });
    for (const f of shippedProbeFiles()) {
      const rel = path.relative(repoPath(), f);
      expect(readFileSync(path.join(t.dir, "out", rel), "utf8")).toBe(readFileSync(f, "utf8"));
    }
    expect(r.tiesKept).toEqual([]);
  });

  it("writes the majority label; a tie keeps the earliest label and is listed", async () => {
    await saveLabel(t.db, { probeId: "h5-001", annotator: "alice", label: "clean" });
    await saveLabel(t.db, { probeId: "h5-001", annotator: "bob", label: "clean" });
    await saveLabel(t.db, { probeId: "h5-002", annotator: "alice", label: "violation" });
    const r = await exportProbes(t.db, { root: path.join(t.dir, "out"), actor: "alice" });
    const h5 = exported("probes/h5.jsonl");
    expect(h5.find((p) => p.id === "h5-001")!.label).toBe("clean");
    expect(h5.find((p) => p.id === "h5-002")!.label).toBe("clean"); // shipped clean vs alice violation: tie, shipped stands
    expect(r.tiesKept).toEqual(["h5-002"]);
  });

  it("appends a probe added in the workbench to its detector's file with the next free id", async () => {
    const id = await addProbe(t.db, { probe: { detector: "H5", reply: "We will call you back by 5 pm tomorrow.", context: { allowed_timeline_claims: [], may_disclose_account_details: false, customer_message: "When?" }, label: "violation", pair_id: "p99" }, actor: "alice" });
    expect(id).toMatch(/^h5-\d{3}$/);
    await exportProbes(t.db, { root: path.join(t.dir, "out"), actor: "alice" });
    const h5 = exported("probes/h5.jsonl");
    expect(h5.at(-1)).toMatchObject({ id, label: "violation", pair_id: "p99" });
  });
});

describe("an export is built in memory and previewed against what the server seeded (issue 20)", () => {
  it("db:setup keeps each probe file's text; an export of unchanged probes is those texts, every file unchanged", async () => {
    const seeded = await seededTexts(t.db);
    for (const f of shippedProbeFiles()) expect(seeded(path.relative(repoPath(), f).split(path.sep).join("/"))).toBe(readFileSync(f, "utf8"));
    const built = await buildProbeExport(t.db);
    expect(previewExport(built.files, seeded).map((f) => f.status)).toEqual(built.files.map(() => "unchanged"));
    // building writes nothing and records nothing: only handing the files over is an export
    expect((await t.db.select().from(auditLog)).filter((r) => r.action === "probes.export")).toEqual([]);
  });

  it("a relabel previews as a one-line change of that file, and the version moves with it", async () => {
    const before = exportVersion((await buildProbeExport(t.db)).files);
    await saveLabel(t.db, { probeId: "h5-001", annotator: "alice", label: "clean" });
    await saveLabel(t.db, { probeId: "h5-001", annotator: "bob", label: "clean" });
    const built = await buildProbeExport(t.db);
    const changed = previewExport(built.files, await seededTexts(t.db)).filter((f) => f.status !== "unchanged");
    expect(changed.map((f) => [f.path, f.added, f.removed])).toEqual([["probes/h5.jsonl", 1, 1]]);
    expect(changed[0]!.diff).toMatch(/^-\{"id": "h5-001".*"label": "violation"/m);
    expect(changed[0]!.diff).toMatch(/^\+\{"id": "h5-001".*"label": "clean"/m);
    expect(exportVersion(built.files)).not.toBe(before);
  });

  it("the CLI's export into a directory is audited with where it went", async () => {
    await exportProbes(t.db, { root: path.join(t.dir, "out"), actor: "alice" });
    const row = (await t.db.select().from(auditLog)).find((r) => r.action === "probes.export")!;
    expect(row).toMatchObject({ actor: "alice", detail: { via: "cli", out: path.join(t.dir, "out") } });
  });
});
