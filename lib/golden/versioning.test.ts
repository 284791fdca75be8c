import { describe, expect, it } from "vitest";
import { authoredCaseSchema, caseKey, caseSplit, isFrozen, nextCaseId, type AuthoredCase } from "./case-schema";
import { diffCase, nextVersion, type CaseVersion } from "./versioning";

const AT = new Date("2026-07-02T10:00:00.000Z");

function roleCase(overrides: Partial<AuthoredCase["case"]> = {}, meta: { split?: "dev" | "eval" } = {}): AuthoredCase {
  return authoredCaseSchema.parse({
    suite: "role",
    role: "support_desk",
    case: { id: "sup-003", ...meta, brief: "When is a 3:30 pm wire sent?", must_include: ["states that the outgoing wire cut-off is 2 p.m. ET"], must_not_include: ["says the 3:30 pm wire will be sent today"], ...overrides },
  });
}

function v1(content: AuthoredCase): CaseVersion {
  const out = nextVersion(null, { content, author: "analyst@assay.test", at: AT, change_note: "new case" });
  if (!out.ok) throw new Error(out.error);
  return out.version;
}

describe("case versions", () => {
  it("a new case starts at version 1 with who, when and why", () => {
    expect(v1(roleCase())).toMatchObject({ case_id: "role:support_desk/sup-003", version: 1, author: "analyst@assay.test", at: "2026-07-02T10:00:00.000Z", change_note: "new case" });
  });

  it("an edit makes the next version and reports the diff", () => {
    const current = v1(roleCase());
    const edited = roleCase({ must_include: ["states that the outgoing wire cut-off is 2 p.m. ET", "states that a wire requested after the cut-off is sent the next business day"] });
    const out = nextVersion(current, { content: edited, author: "analyst@assay.test", at: AT, change_note: "add next-day rule" });
    expect(out).toMatchObject({ ok: true, version: { version: 2 }, diff: { added: [{ kind: "must_include", text: "states that a wire requested after the cut-off is sent the next business day" }] } });
  });

  it("an edit needs a change note", () => {
    const out = nextVersion(v1(roleCase()), { content: roleCase({ brief: "changed" }), author: "a", at: AT, change_note: "  " });
    expect(out).toMatchObject({ ok: false, error: "change_note: say what changed and why" });
  });

  it("an edit that changes nothing is refused", () => {
    expect(nextVersion(v1(roleCase()), { content: roleCase(), author: "a", at: AT, change_note: "no-op" })).toEqual({ ok: false, error: "nothing changed: no new version was made" });
  });

  it("an edit cannot change the case id (that is a new case)", () => {
    const out = nextVersion(v1(roleCase()), { content: roleCase({ id: "sup-004" }), author: "a", at: AT, change_note: "renumber" });
    expect(out).toMatchObject({ ok: false, error: /cannot change a case's suite, role or id/ });
  });
});

describe("frozen cases", () => {
  it("a case in the eval split cannot be edited in place: the error says to create a new case id", () => {
    const frozen = v1(roleCase({}, { split: "eval" }));
    const out = nextVersion(frozen, { content: roleCase({ brief: "reworded" }, { split: "eval" }), author: "a", at: AT, change_note: "tweak" }, { suggestId: nextCaseId(["sup-001", "sup-008", "sup-003"], "sup") });
    expect(out).toEqual({ ok: false, error: "role:support_desk/sup-003 is in the frozen eval split and cannot be changed in place: create a new case with a new case id (e.g. sup-009) carrying your change" });
  });

  it("an eval case cannot be moved back to dev in place (unfreezing is an edit too)", () => {
    const frozen = v1(roleCase({}, { split: "eval" }));
    const out = nextVersion(frozen, { content: roleCase({}, { split: "dev" }), author: "a", at: AT, change_note: "unfreeze" });
    expect(out).toMatchObject({ ok: false, error: /is in the frozen eval split and cannot be changed in place: create a new case/ });
  });

  it("an absent split and an explicit dev split are the same split: no change, no new version", () => {
    expect(nextVersion(v1(roleCase()), { content: roleCase({}, { split: "dev" }), author: "a", at: AT, change_note: "no-op" })).toEqual({ ok: false, error: "nothing changed: no new version was made" });
  });

  it("a dev case may be moved into the eval split (freezing is an edit)", () => {
    const out = nextVersion(v1(roleCase()), { content: roleCase({}, { split: "eval" }), author: "a", at: AT, change_note: "freeze for eval" });
    expect(out).toMatchObject({ ok: true, version: { version: 2 }, diff: { fields: [{ field: "split", before: "dev", after: "eval" }] } });
  });

  it("isFrozen: exactly the cases whose own split is eval (absent means dev)", () => {
    expect([isFrozen(roleCase()), isFrozen(roleCase({}, { split: "dev" })), isFrozen(roleCase({}, { split: "eval" }))]).toEqual([false, false, true]);
  });
});

describe("diffCase", () => {
  it("lists added, removed, reworded and moved items and changed fields", () => {
    const a = roleCase({ must_include: ["states the cut-off", "states the fee amount", "offers a callback"], must_not_include: ["promises a date"] });
    const b = roleCase({ brief: "new brief", must_include: ["states the cut-off", "states the $25 wire fee", "promises a date"], must_not_include: ["asks for the routing number"] });
    expect(diffCase(a, b)).toEqual({
      added: [{ kind: "must_not_include", text: "asks for the routing number" }],
      removed: [{ kind: "must_include", text: "offers a callback" }],
      changed: [{ kind: "must_include", before: "states the fee amount", after: "states the $25 wire fee" }],
      moved: [{ text: "promises a date", from: "must_not_include", to: "must_include" }],
      fields: [{ field: "brief", before: "When is a 3:30 pm wire sent?", after: "new brief" }],
    });
  });
  it("an item replaced by an unrelated one at the same position is a removal and an addition, not a rewording", () => {
    const a = roleCase({ must_include: ["states the cut-off"], must_not_include: ["makes up a number"] });
    const b = roleCase({ must_include: ["states the cut-off"], must_not_include: ["states a specific dollar balance"] });
    expect(diffCase(a, b)).toMatchObject({
      added: [{ kind: "must_not_include", text: "states a specific dollar balance" }],
      removed: [{ kind: "must_not_include", text: "makes up a number" }],
      changed: [],
    });
  });
});

describe("authored case schema", () => {
  it("reuses the golden-suite case schemas: a duplicate item text is refused", () => {
    const r = authoredCaseSchema.safeParse({ suite: "role", role: "support_desk", case: { id: "sup-001", brief: "b", must_include: ["states x y"], must_not_include: ["states x y"] } });
    expect(r.success).toBe(false);
  });
  it("a policy case needs a behaviour and a pol- id; an absent split is dev", () => {
    expect(authoredCaseSchema.safeParse({ suite: "policy", case: { id: "sup-001", behavior: "escalation", brief: "b", must_include: ["says it is escalated"], must_not_include: [] } }).success).toBe(false);
    const ok = authoredCaseSchema.parse({ suite: "policy", case: { id: "pol-014", behavior: "escalation", brief: "b", must_include: ["says it is escalated"], must_not_include: [] } });
    expect([caseKey(ok), caseSplit(ok), isFrozen(ok)]).toEqual(["policy/pol-014", "dev", false]);
  });
  it("nextCaseId finds the next free number for a prefix", () => {
    expect(nextCaseId([], "pol")).toBe("pol-001");
    expect(nextCaseId(["pol-001", "pol-013", "sup-020"], "pol")).toBe("pol-014");
  });
});
