import { spawn } from "node:child_process";
import path from "node:path";
import { and, asc, count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDb } from "../testing/temp-db";
import { auditLog, probeLabels, probes } from "../schema";
import { seedFromRepo } from "./seed-repo";
import { clearLabel, NotFoundError, saveLabel } from "./labels";
import { SHIPPED_ANNOTATOR } from "./seed";
import { loadProbes } from "../../bin/load/probes";

let t: ReturnType<typeof makeTempDb>;
beforeEach(() => {
  t = makeTempDb();
  seedFromRepo(t.db, { exampleRuns: false });
});
afterEach(() => t.cleanup());

const labelsOf = (probeId: string) =>
  t.db
    .select({ annotator: probeLabels.annotator, label: probeLabels.label })
    .from(probeLabels)
    .where(eq(probeLabels.probeId, probeId))
    .orderBy(probeLabels.annotator)
    .all();

type WorkerResult = { saved: number; start: number; end: number };

function runWorker(file: string, annotator: string, n: number, rounds: number, startAt: number): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "../testing/label-worker.ts"), file, annotator, String(n), String(rounds), String(startAt)], { stdio: ["ignore", "pipe", "pipe"] });
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
    const [a, b] = await Promise.all([runWorker(t.file, "alice", n, rounds, startAt), runWorker(t.file, "bob", n, rounds, startAt)]);
    expect([a.saved, b.saved]).toEqual([n * rounds, n * rounds]);
    expect(a.start < b.end && b.start < a.end).toBe(true); // the two writers' windows overlapped
    const per = (annotator: string) => t.db.select({ n: count() }).from(probeLabels).where(eq(probeLabels.annotator, annotator)).get()!.n;
    expect(per("alice")).toBe(n);
    expect(per("bob")).toBe(n);
    expect(per(SHIPPED_ANNOTATOR)).toBe(loadProbes().length); // the shipped labels are untouched
    expect(t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "label.save")).get()!.n).toBe(2 * n * rounds);
    // The last round decided each annotator's label: (i + rounds - 1) even → violation.
    const first = t.db.select({ id: probes.id }).from(probes).orderBy(asc(probes.id)).limit(1).get()!.id; // the workers' first probe
    expect(labelsOf(first).find((l) => l.annotator === "alice")?.label).toBe((rounds - 1) % 2 === 0 ? "violation" : "clean");
  }, 60_000);

  it("interleaved saves through two connections to the same file both land", () => {
    const other = t.open();
    saveLabel(t.db, { probeId: "h5-001", annotator: "alice", label: "clean" });
    saveLabel(other, { probeId: "h5-001", annotator: "bob", label: "violation" });
    saveLabel(t.db, { probeId: "h5-001", annotator: "alice", label: "violation" });
    expect(labelsOf("h5-001")).toEqual([
      { annotator: "alice", label: "violation" },
      { annotator: "bob", label: "violation" },
      { annotator: SHIPPED_ANNOTATOR, label: "violation" },
    ]);
  });

  it("a second save replaces only that annotator's own label and reports the previous one", () => {
    expect(saveLabel(t.db, { probeId: "h4-001", annotator: "alice", label: "clean" })).toEqual({ previous: null });
    expect(saveLabel(t.db, { probeId: "h4-001", annotator: "alice", label: "violation" })).toEqual({ previous: "clean" });
    expect(t.db.select({ n: count() }).from(probeLabels).where(and(eq(probeLabels.probeId, "h4-001"), eq(probeLabels.annotator, "alice"))).get()!.n).toBe(1);
    const audit = t.db.select().from(auditLog).where(eq(auditLog.entityId, "h4-001")).all();
    expect(audit.map((a) => [a.actor, a.action, a.detail])).toEqual([
      ["alice", "label.save", { label: "clean", previous: null }],
      ["alice", "label.save", { label: "violation", previous: "clean" }],
    ]);
  });

  it("clearing removes only the annotator's own label", () => {
    saveLabel(t.db, { probeId: "h1-001", annotator: "alice", label: "clean" });
    expect(clearLabel(t.db, { probeId: "h1-001", annotator: "alice" })).toEqual({ previous: "clean" });
    expect(labelsOf("h1-001")).toEqual([{ annotator: SHIPPED_ANNOTATOR, label: "violation" }]);
  });

  it("refuses a label on a probe that does not exist, writing nothing", () => {
    const before = t.db.select({ n: count() }).from(auditLog).get()!.n;
    expect(() => saveLabel(t.db, { probeId: "nope", annotator: "alice", label: "clean" })).toThrow(NotFoundError);
    expect(t.db.select({ n: count() }).from(auditLog).get()!.n).toBe(before);
  });
});
