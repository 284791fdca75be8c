import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "@/db/queries/users";
import { auditLog } from "@/db/schema";
import { makeTempDb } from "@/db/testing/temp-db";
import { authorizeUser } from "./authorize";

// The server gate every action and route handler goes through (issue 5): the decision and its audit row.

let t: Awaited<ReturnType<typeof makeTempDb>>;
beforeAll(async () => {
  t = await makeTempDb();
});
afterAll(async () => t.cleanup());

const auditRows = async () => t.db.select().from(auditLog).orderBy(auditLog.id);
const person = (id: number, email: string, ...roles: CurrentUser["roles"]): CurrentUser => ({ id, email, name: email, roles });
const target = { action: "baseline.approve", entity: "run", entityId: "7" };

describe("authorizeUser", () => {
  it("nobody signed in is refused with 401 and audited as anonymous", async () => {
    const before = (await auditRows()).length;
    expect(await authorizeUser(t.db, null, "view_workbench", target)).toEqual({ ok: false, status: 401, error: "sign in first" });
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actor: "anonymous", action: "baseline.approve.refused", entity: "run", entityId: "7", detail: { status: 401, capability: "view_workbench" } });
  });

  it("an annotator asking to approve a baseline is refused with 403 and the attempt is audited", async () => {
    const before = (await auditRows()).length;
    const r = await authorizeUser(t.db, person(2, "ann@example.org", "annotator"), "approve_baseline", target);
    expect(r).toEqual({ ok: false, status: 403, error: "approve baseline needs the lead role" });
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actor: "ann@example.org", action: "baseline.approve.refused", entity: "run", entityId: "7", detail: { status: 403, capability: "approve_baseline", error: "approve baseline needs the lead role" } });
  });

  it("an analyst asking to manage people is refused with 403 and audited", async () => {
    const r = await authorizeUser(t.db, person(3, "ana@example.org", "analyst"), "manage_users", { action: "user.create", entity: "user", entityId: "new" });
    expect(r).toMatchObject({ ok: false, status: 403 });
    expect((await auditRows()).at(-1)).toMatchObject({ actor: "ana@example.org", action: "user.create.refused", entity: "user", entityId: "new" });
  });

  it("a lead is let through with their user, and nothing is written", async () => {
    const before = (await auditRows()).length;
    const lead = person(1, "lead@example.org", "lead");
    expect(await authorizeUser(t.db, lead, "approve_baseline", target)).toEqual({ ok: true, user: lead });
    expect(await authorizeUser(t.db, lead, "manage_users", target)).toEqual({ ok: true, user: lead });
    expect(await auditRows()).toHaveLength(before);
  });

  it("roles add up: an annotator who is also a lead may approve", async () => {
    const both = person(4, "both@example.org", "annotator", "lead");
    expect(await authorizeUser(t.db, both, "approve_baseline", target)).toMatchObject({ ok: true });
  });
});
