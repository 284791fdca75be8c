import path from "node:path";
import { InputError } from "../../lib/io/input-error";
import { policySuiteSchema, roleFileSchema, type PolicySuite, type RoleFile } from "../../lib/schemas/golden-suite";
import { listFiles, readJsonFile, repoPath } from "./files";

export const ROLES_DIR = repoPath("golden", "roles");
export const POLICY_FILE = repoPath("golden", "policy_behaviors.json");

/** golden/roles/*.json; each file's name must equal its `role`. Zero files is not an error here: expansion reports it. */
export function loadRoleFiles(dir = ROLES_DIR): RoleFile[] {
  return listFiles(dir, ".json").map((file) => {
    const doc = readJsonFile(file, roleFileSchema);
    const stem = path.basename(file, ".json");
    if (stem !== doc.role) throw new InputError(file, 0, "role", `role '${doc.role}' does not match the file name '${stem}.json'`);
    return doc;
  });
}

export function loadPolicySuite(file = POLICY_FILE): PolicySuite {
  return readJsonFile(file, policySuiteSchema);
}

/** Both suites; a case id used twice across all suite files is an InputError (ids name cases everywhere). */
export function loadGoldenSuites(dir = ROLES_DIR, policyFile = POLICY_FILE): { roles: RoleFile[]; policy: PolicySuite } {
  const roles = loadRoleFiles(dir);
  const policy = loadPolicySuite(policyFile);
  const seen = new Map<string, string>();
  const claim = (id: string, where: string, file: string, field: string) => {
    const prev = seen.get(id);
    if (prev) throw new InputError(file, 0, field, `case id ${id} is also used in ${prev}`);
    seen.set(id, where);
  };
  policy.cases.forEach((c, i) => claim(c.id, "the policy suite", policyFile, `cases[${i}].id`));
  for (const r of roles) r.cases.forEach((c, i) => claim(c.id, `role ${r.role}`, path.join(dir, `${r.role}.json`), `cases[${i}].id`));
  return { roles, policy };
}
