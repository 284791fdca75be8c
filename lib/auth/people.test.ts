import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "./demo";
import { canonicalRoles, checkNewPerson, checkPasswordReset, checkRoleChange, lastLeadRefusal, parseRoles, type Person } from "./people";

const STRONG = "lantern-meadow-copper-71";
const lead: Person = { id: 1, email: "lead@example.org", roles: ["lead"] };
const analyst: Person = { id: 2, email: "analyst@example.org", roles: ["analyst"] };
const annotatorLead: Person = { id: 3, email: "both@example.org", roles: ["annotator", "lead"] };

describe("the last-lead rule", () => {
  it("refuses to take the lead role from the only lead", () => {
    expect(lastLeadRefusal([lead, analyst], 1, ["analyst"])).toMatch(/lead@example\.org is the last lead/);
  });
  it("allows it while another person is still a lead", () => {
    expect(lastLeadRefusal([lead, analyst, annotatorLead], 1, ["analyst"])).toBeNull();
  });
  it("allows any change that keeps the lead role, and changes to people who are not leads", () => {
    expect(lastLeadRefusal([lead, analyst], 1, ["annotator", "lead"])).toBeNull();
    expect(lastLeadRefusal([lead, analyst], 2, ["annotator"])).toBeNull();
  });
  it("counts a person who is a lead among other roles as a lead", () => {
    expect(lastLeadRefusal([annotatorLead, analyst], 3, ["annotator"])).toMatch(/last lead/);
    expect(lastLeadRefusal([annotatorLead, lead], 3, ["annotator"])).toBeNull();
  });
});

describe("role changes", () => {
  const people = [lead, analyst];
  it("a valid change reports the roles before and after, in table order", () => {
    expect(checkRoleChange({ people, targetId: 2, roles: ["lead", "annotator"] })).toEqual({ ok: true, email: "analyst@example.org", from: ["analyst"], to: ["annotator", "lead"] });
  });
  it("removing the last lead's lead role is refused with 409", () => {
    expect(checkRoleChange({ people, targetId: 1, roles: ["annotator"] })).toMatchObject({ ok: false, status: 409, error: /last lead/ });
  });
  it("a person needs at least one role (400)", () => {
    expect(checkRoleChange({ people, targetId: 2, roles: [] })).toMatchObject({ ok: false, status: 400, error: /at least one role/ });
  });
  it.each([[["admin"]], [["analyst", "analyst"]], ["lead"], [null], [[1]]])("roles that are unknown, repeated or not a list are refused (400): %o", (roles) => {
    expect(checkRoleChange({ people, targetId: 2, roles })).toMatchObject({ ok: false, status: 400 });
  });
  it("an unknown person is 404", () => {
    expect(checkRoleChange({ people, targetId: 99, roles: ["analyst"] })).toMatchObject({ ok: false, status: 404 });
  });
  it("the same roles in another order are no change (400)", () => {
    expect(checkRoleChange({ people: [annotatorLead, lead], targetId: 3, roles: ["lead", "annotator"] })).toMatchObject({ ok: false, status: 400, error: /already has exactly these roles/ });
  });
  it("roles are stored in the table's order, whatever order the form sent", () => {
    expect(canonicalRoles(["lead", "annotator", "analyst"])).toEqual(["annotator", "analyst", "lead"]);
    expect(parseRoles(["lead", "annotator"])).toEqual({ ok: true, roles: ["annotator", "lead"] });
  });
});

describe("adding a person", () => {
  const form = { email: " New@Example.org ", name: "  Ann Onymous ", roles: ["annotator"], password: STRONG };
  it("a valid form gives the person with a normalised email and trimmed name", () => {
    expect(checkNewPerson({ form, people: [lead] })).toEqual({ ok: true, person: { email: "new@example.org", name: "Ann Onymous", roles: ["annotator"], password: STRONG } });
  });
  it("needs at least one role", () => {
    expect(checkNewPerson({ form: { ...form, roles: [] }, people: [lead] })).toMatchObject({ ok: false, status: 400, error: /at least one role/ });
  });
  it("holds the initial password to the password policy, the demo password included", () => {
    expect(checkNewPerson({ form: { ...form, password: "short" }, people: [] })).toMatchObject({ ok: false, status: 400, error: /at least 12/ });
    expect(checkNewPerson({ form: { ...form, password: DEMO_PASSWORD }, people: [] })).toMatchObject({ ok: false, status: 400, error: /known-bad/ });
    expect(checkNewPerson({ form: { ...form, password: "x-new@example.org-x" }, people: [] })).toMatchObject({ ok: false, status: 400, error: /email/ });
  });
  it("refuses an email someone already has (409), compared lower-cased", () => {
    expect(checkNewPerson({ form: { ...form, email: "LEAD@example.org" }, people: [lead] })).toMatchObject({ ok: false, status: 409 });
  });
  it("refuses a malformed email, an empty name or a name with control characters (400)", () => {
    expect(checkNewPerson({ form: { ...form, email: "nope" }, people: [] })).toMatchObject({ ok: false, status: 400, error: /email/ });
    expect(checkNewPerson({ form: { ...form, name: "   " }, people: [] })).toMatchObject({ ok: false, status: 400, error: /name/ });
    expect(checkNewPerson({ form: { ...form, name: "Ann\u0000" }, people: [] })).toMatchObject({ ok: false, status: 400, error: /control/ });
  });
  it("keeps markup in a name as plain text (the page renders it as text)", () => {
    expect(checkNewPerson({ form: { ...form, name: "<b>Ann</b>" }, people: [] })).toMatchObject({ ok: true, person: { name: "<b>Ann</b>" } });
  });
  it("refuses anything that is not a form object", () => {
    expect(checkNewPerson({ form: null, people: [] })).toMatchObject({ ok: false, status: 400 });
  });
});

describe("password reset", () => {
  it("holds the new password to the policy for the person's email", () => {
    expect(checkPasswordReset({ target: analyst, password: STRONG })).toEqual({ ok: true, password: STRONG });
    expect(checkPasswordReset({ target: analyst, password: "password1234" })).toMatchObject({ ok: false, status: 400, error: /known-bad/ });
    expect(checkPasswordReset({ target: analyst, password: 42 })).toMatchObject({ ok: false, status: 400 });
  });
  it("an unknown person is 404", () => {
    expect(checkPasswordReset({ target: null, password: STRONG })).toMatchObject({ ok: false, status: 404 });
  });
});
