import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcomeOf } from "../../lib/audit-log/filters";
import { makeTempDb } from "../testing/temp-db";
import { audit } from "../writes/audit";
import { auditActions, listAudit } from "./audit";

// Issue 26 (6): the Audit log page filters by who, action, outcome and date, and pages by id.

let t: Awaited<ReturnType<typeof makeTempDb>>;
beforeAll(async () => {
  t = await makeTempDb();
  const row = (actor: string, action: string, at: string) => audit(t.db, { actor, action, entity: "run", entityId: "1", at });
  await row("ana@example.org", "run.import", "2026-12-03T09:00:00.000Z");
  await row("anonymous", "probes.export.refused", "2026-12-04T23:59:59.000Z");
  await row("anonymous", "session.sign_in.throttled", "2026-12-05T00:00:00.000Z");
  await row("anonymous", "session.sign_in.failed", "2026-12-05T08:00:00.000Z");
  await row("lead@example.org", "baseline.approve", "2026-12-05T09:00:00.000Z");
  for (let i = 0; i < 25; i++) await row("bot@example.org", "run.delete.refused", `2026-12-06T10:00:${String(i).padStart(2, "0")}.000Z`);
});
afterAll(async () => t.cleanup());

const actions = async (f: Parameters<typeof listAudit>[1]) => (await listAudit(t.db, f)).rows.map((r) => r.action);

describe("listing the audit log", () => {
  it("names each action's outcome", () => {
    expect(["run.import.refused", "session.sign_in.throttled", "session.sign_in.failed", "run.import", "sign_in.lock"].map(outcomeOf)).toEqual(["refused", "refused", "failed", "done", "done"]);
  });

  it("filters by who (part of the email), action, outcome and UTC day, counting every match", async () => {
    expect(await actions({ limit: 100, who: "ANA@" })).toEqual(["run.import"]);
    expect(await actions({ limit: 100, who: "anonymous", outcome: "refused" })).toEqual(["session.sign_in.throttled", "probes.export.refused"]);
    expect(await actions({ limit: 100, outcome: "failed" })).toEqual(["session.sign_in.failed"]);
    expect(await actions({ limit: 100, outcome: "done" })).toEqual(["baseline.approve", "run.import"]);
    expect(await actions({ limit: 100, from: "2026-12-05", to: "2026-12-05" })).toEqual(["baseline.approve", "session.sign_in.failed", "session.sign_in.throttled"]);
    expect(await actions({ limit: 100, action: "probes.export.refused" })).toEqual(["probes.export.refused"]);
    expect((await listAudit(t.db, { limit: 100, who: "%" })).total).toBe(0); // a LIKE wildcard typed is a character
    expect(await auditActions(t.db)).toContain("run.delete.refused");
  });

  it("pages newest first by id, saying whether older rows remain", async () => {
    const first = await listAudit(t.db, { limit: 10, action: "run.delete.refused" });
    expect(first).toMatchObject({ total: 25, more: true });
    const second = await listAudit(t.db, { limit: 10, action: "run.delete.refused", before: first.rows.at(-1)!.id });
    const third = await listAudit(t.db, { limit: 10, action: "run.delete.refused", before: second.rows.at(-1)!.id });
    expect([first.rows.length, second.rows.length, third.rows.length, third.more]).toEqual([10, 10, 5, false]);
    expect(new Set([...first.rows, ...second.rows, ...third.rows].map((r) => r.id)).size).toBe(25);
  });
});
