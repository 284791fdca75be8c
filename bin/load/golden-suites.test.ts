import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expandSuites } from "../../lib/judge/expand";
import { makeRoleFile } from "../../lib/testing/judge-factories";
import { loadPolicySuite, loadRoleFiles } from "./golden-suites";

const tmp = () => mkdtempSync(path.join(tmpdir(), "assay-roles-"));

describe("role discovery", () => {
  it("discovers every role file in the directory, and the policy suite expands against each", () => {
    const dir = tmp();
    for (const r of ["alpha_desk", "beta_desk", "gamma_desk"]) writeFileSync(path.join(dir, `${r}.json`), JSON.stringify(makeRoleFile(r)));
    const roles = loadRoleFiles(dir);
    const r = expandSuites(roles, loadPolicySuite());
    expect(roles.map((x) => x.role)).toEqual(["alpha_desk", "beta_desk", "gamma_desk"]);
    expect(r.ok && [...new Set(r.cases.filter((c) => c.suite === "policy").map((c) => c.role))]).toEqual(["policy@alpha_desk", "policy@beta_desk", "policy@gamma_desk"]);
  });

  it("an empty roles directory loads as no roles, and expansion then fails with a clear error", () => {
    const roles = loadRoleFiles(tmp());
    expect(roles).toEqual([]);
    expect(expandSuites(roles, loadPolicySuite())).toMatchObject({ ok: false, error: expect.stringMatching(/^no role files/) });
  });

  it("a role file whose name differs from its role is an InputError on the role field", () => {
    const dir = tmp();
    writeFileSync(path.join(dir, "wrong_name.json"), JSON.stringify(makeRoleFile("alpha_desk")));
    expect(() => loadRoleFiles(dir)).toThrow(expect.objectContaining({ name: "InputError", field: "role" }));
  });

  it("the same item text twice in one case is an InputError (items are keyed by text)", () => {
    const dir = tmp();
    const f = makeRoleFile("alpha_desk");
    f.cases[0]!.must_not_include = [...f.cases[0]!.must_include];
    writeFileSync(path.join(dir, "alpha_desk.json"), JSON.stringify(f));
    expect(() => loadRoleFiles(dir)).toThrow(/cases\[0\]\.must_not_include\[0\]: duplicate item text/);
  });
});
