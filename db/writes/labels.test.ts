import { spawn } from "node:child_process";
import path from "node:path";
import { and, asc, count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDb, type TempDb } from "../testing/temp-db";
import { auditLog, probeLabels, probes } from "../schema";
import { clearLabel, NotFoundError, saveLabel } from "./labels";
import { SHIPPED_ANNOTATOR } from "./seed";
import { loadProbes } from "../../bin/load/probes";

let t: TempDb;
beforeEach(async () => {
  t = await makeTempDb({ seeded: "pack" });
}, 120_000); // seeding a PostgreSQL database on a busy machine can take most of a minute
afterEach(async () => t.cleanup());

const labelsOf = (probeId: string) =>
  t.db
    .select({ annotator: probeLabels.annotator, label: probeLabels.label })
    .from(probeLabels)
    .where(eq(probeLabels.probeId, probeId))
    .orderBy(probeLabels.annotator);

type WorkerResult = { saved: number; start: number; end: number };

function runWorker(target: string, annotator: string, n: number, rounds: number, startAt: number): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "../testing/label-worker.ts"), target, annotator, String(n), String(rounds), String(startAt)], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...t.env } });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as WorkerResult) : reject(new Error(`worker ${annotator} exited ${code}: ${err}`))));
  });
}

describe("saving labels", () => {
  it("two annotators saving at once on their own connections lose nothing", async () => {
    const n = 150;
    const rounds = 4;
    const startAt = Date.now() + 4000; // both children are up (tsx start-up) before either writes
    const [a, b] = await Promise.all([runWorker(t.target, "alice", n, rounds, startAt), runWorker(t.target, "bob", n, rounds, startAt)]);
    expect([a.saved, b.saved]).toEqual([n * rounds, n * rounds]);
    expect(a.start < b.end && b.start < a.end).toBe(true); // the two writers' windows overlapped
    const per = async (annotator: string) => (await t.db.select({ n: count() }).from(probeLabels).where(eq(probeLabels.annotator, annotator)))[0]!.n;
    expect(await per("alice")).toBe(n);
    expect(await per("bob")).toBe(n);
    expect(await per(SHIPPED_ANNOTATOR)).toBe(loadProbes().length); // the shipped labels are untouched
    expect((await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "label.save")))[0]!.n).toBe(2 * n * rounds);
    // The last round decided each annotator's label: (i + rounds - 1) even → violation.
    const first = (await t.db.select({ id: probes.id }).from(probes).orderBy(asc(probes.id)).limit(1))[0]!.id; // the workers' first probe
    expect((await labelsOf(first)).find((l) => l.annotator === "alice")?.label).toBe((rounds - 1) % 2 === 0 ? "violation" : "clean");
  }, 60_000);

  it("interleaved saves through two connections to the same database both land", async () => {
    const other = await t.open();
    await saveLabel(t.db, { probeId: "h5-001", annotator: "alice", label: "clean" });
    await saveLabel(other, { probeId: "h5-001", annotator: "bob", label: "violation" });
    await saveLabel(t.db, { probeId: "h5-001", annotator: "alice", label: "violation" });
    expect(await labelsOf("h5-001")).toEqual([
      { annotator: "alice", label: "violation" },
      { annotator: "bob", label: "violation" },
      { annotator: SHIPPED_ANNOTATOR, label: "violation" },
    ]);
  });

  it("a second save replaces only that annotator's own label and reports the previous one", async () => {
    expect(await saveLabel(t.db, { probeId: "h4-001", annotator: "alice", label: "clean" })).toEqual({ previous: null });
    expect(await saveLabel(t.db, { probeId: "h4-001", annotator: "alice", label: "violation" })).toEqual({ previous: "clean" });
    expect((await t.db.select({ n: count() }).from(probeLabels).where(and(eq(probeLabels.probeId, "h4-001"), eq(probeLabels.annotator, "alice"))))[0]!.n).toBe(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, "h4-001")).orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.actor, a.action, a.detail])).toEqual([
      ["alice", "label.save", { label: "clean", previous: null }],
      ["alice", "label.save", { label: "violation", previous: "clean" }],
    ]);
  });

  it("clearing removes only the annotator's own label", async () => {
    await saveLabel(t.db, { probeId: "h1-001", annotator: "alice", label: "clean" });
    expect(await clearLabel(t.db, { probeId: "h1-001", annotator: "alice" })).toEqual({ previous: "clean" });
    expect(await labelsOf("h1-001")).toEqual([{ annotator: SHIPPED_ANNOTATOR, label: "violation" }]);
  });

  it("refuses a label on a probe that does not exist, writing nothing", async () => {
    const before = (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
    await expect(saveLabel(t.db, { probeId: "nope", annotator: "alice", label: "clean" })).rejects.toThrow(NotFoundError);
    expect((await t.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(before);
  });
});
