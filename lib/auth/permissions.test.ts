import { describe, expect, it } from "vitest";
import { CAPABILITIES, PERMISSIONS, can, capabilitiesOf, requireCapability, type Capability } from "./permissions";
import { ROLES, type Role } from "./roles";

const person = (...roles: Role[]) => ({ roles });
const annotator = person("annotator");
const analyst = person("analyst");
const lead = person("lead");

describe("permissions table", () => {
  // Issue 5 / brief: the whole table, so a change to who may do what is a visible diff in this test.
  const expected: Record<Capability, Role[]> = {
    view_workbench: ["annotator", "analyst", "lead"],
    label_probe: ["annotator", "analyst", "lead"],
    add_probe: ["annotator", "analyst", "lead"],
    export_probes: ["annotator", "analyst", "lead"],
    import_run: ["analyst", "lead"],
    author_golden: ["analyst", "lead"],
    export_golden: ["lead"],
    review_gate_flip: ["lead"],
    approve_baseline: ["lead"],
    manage_users: ["lead"],
    start_audit: ["analyst", "lead"],
    promote_audit_item: ["analyst", "lead"],
    delete_run: ["lead"],
    release_probe_set: ["lead"],
  };

  it.each(CAPABILITIES.flatMap((c) => ROLES.map((r) => [c, r] as const)))("%s is granted to %s exactly as the table says", (capability, role) => {
    expect(can(person(role), capability)).toBe(expected[capability].includes(role));
  });

  it("every capability has at least one role", () => {
    for (const c of CAPABILITIES) expect(PERMISSIONS[c].length).toBeGreaterThan(0);
  });
});

describe("baseline approval is lead-only", () => {
  it("an annotator cannot approve a baseline (403)", () => {
    expect(requireCapability(annotator, "approve_baseline")).toMatchObject({ ok: false, status: 403, capability: "approve_baseline" });
  });
  it("an analyst cannot approve a baseline (403)", () => {
    expect(requireCapability(analyst, "approve_baseline")).toMatchObject({ ok: false, status: 403 });
  });
  it("a lead can approve a baseline", () => {
    expect(requireCapability(lead, "approve_baseline")).toEqual({ ok: true });
  });
  it("an annotator cannot review gate flips or manage people", () => {
    expect(can(annotator, "review_gate_flip")).toBe(false);
    expect(can(annotator, "manage_users")).toBe(false);
  });
});

describe("requireCapability", () => {
  it("no signed-in person is 401, whatever the capability", () => {
    for (const c of CAPABILITIES) expect(requireCapability(null, c)).toMatchObject({ ok: false, status: 401 });
    expect(requireCapability(undefined, "label_probe")).toMatchObject({ ok: false, status: 401 });
  });
  it("the 403 message names the role that would be needed", () => {
    const r = requireCapability(annotator, "import_run");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe("import run needs the analyst or lead role");
  });
  it("roles add up: an annotator who is also a lead may approve", () => {
    expect(requireCapability(person("annotator", "lead"), "approve_baseline")).toEqual({ ok: true });
  });
  it("a person with no roles can do nothing", () => {
    expect(capabilitiesOf(person())).toEqual([]);
    expect(requireCapability(person(), "view_workbench")).toMatchObject({ ok: false, status: 403 });
  });
  it("capabilitiesOf lists what a role may do, in table order", () => {
    expect(capabilitiesOf(analyst)).toEqual(["view_workbench", "label_probe", "add_probe", "export_probes", "import_run", "author_golden", "start_audit", "promote_audit_item"]);
  });
});
