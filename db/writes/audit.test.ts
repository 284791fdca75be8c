import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "../schema";
import { makeTempDb } from "../testing/temp-db";
import { auditRefusal, REFUSAL_WINDOW_MS } from "./audit";

// Issue 26 (6): 300 anonymous requests wrote 300 audit rows. Refusals of one kind from one address are one row per
// window, whose count increments; another kind, actor, address or window is another row.

let t: Awaited<ReturnType<typeof makeTempDb>>;
beforeEach(async () => {
  t = await makeTempDb();
});
afterEach(async () => t.cleanup());

const T0 = Date.parse("2026-12-05T10:00:00.000Z");
const at = (ms: number) => new Date(T0 + ms).toISOString();
const refuse = (ms: number, over: Partial<{ actor: string; action: string; entityId: string; address: string }> = {}) =>
  auditRefusal(t.db, { actor: "anonymous", action: "probes.export.refused", entity: "probe_set", entityId: "all", address: "192.0.2.7", at: at(ms), detail: { status: 401 }, ...over });
const rows = async () => t.db.select().from(auditLog).orderBy(auditLog.id);

describe("counting refusals into one audit row per window", () => {
  it("300 refusals of one kind from one address in a window are one row counting 300", async () => {
    for (let i = 0; i < 300; i++) await refuse(i * 9);
    expect(await rows()).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ at: at(0), actor: "anonymous", action: "probes.export.refused", detail: { status: 401, address: "192.0.2.7", count: 300, first_at: at(0), last_at: at(299 * 9), entity_ids: ["all"] } });
  });

  it("another address, actor, action or window starts another row", async () => {
    await refuse(0);
    await refuse(1, { address: "198.51.100.1" });
    await refuse(2, { actor: "ann@example.org" });
    await refuse(3, { action: "run_audit.export.refused" });
    await refuse(REFUSAL_WINDOW_MS + 1);
    await refuse(REFUSAL_WINDOW_MS + 2);
    expect((await rows()).map((r) => [r.actor, r.action, r.detail.address, r.detail.count])).toEqual([
      ["anonymous", "probes.export.refused", "192.0.2.7", 1],
      ["anonymous", "probes.export.refused", "198.51.100.1", 1],
      ["ann@example.org", "probes.export.refused", "192.0.2.7", 1],
      ["anonymous", "run_audit.export.refused", "192.0.2.7", 1],
      ["anonymous", "probes.export.refused", "192.0.2.7", 2],
    ]);
  });

  it("lists the records asked for, at most twenty", async () => {
    for (let i = 0; i < 30; i++) await refuse(i, { entityId: `run ${i % 25}` });
    const [row] = await rows();
    expect(row!.detail.count).toBe(30);
    expect(row!.detail.entity_ids).toEqual(Array.from({ length: 20 }, (_, i) => `run ${i}`));
  });
});
