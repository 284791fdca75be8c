import { InputError } from "../../lib/io/input-error";
import { parseJsonlLine } from "../../lib/io/parse";
import { POLICY_ROLE_PREFIX, judgeCandidateLineSchema } from "../../lib/schemas/golden-suite";
import type { JudgeJob } from "../../lib/judge/run-judge";
import type { SuiteCase } from "../../lib/judge/expand";
import { readText } from "./files";

export type CandidateMatch = {
  /** In suite order (roles by name; each role's own cases, then its policy cases), whatever the file's order. */
  jobs: JudgeJob[];
  /** Valid lines for roles outside the --roles selection. */
  skipped: number;
  /** Selected suite cases (`role/id`) with no candidate line. */
  missing: string[];
};

/**
 * Reads a candidates JSONL file and pairs each line with its suite case. `all` is the unrestricted expansion (every
 * line is validated against it); `selected` is what --roles kept. A line naming an unknown role or case, or repeating
 * a (role, case) pair, is an InputError with its line number and field. Policy lines may name the role as
 * `support_desk` or `policy@support_desk`.
 */
export function matchCandidates(file: string, all: readonly SuiteCase[], selected: readonly SuiteCase[]): CandidateMatch {
  const order = new Map(all.map((c, i) => [`${c.role}/${c.id}`, i]));
  const wanted = new Set(selected.map((c) => `${c.role}/${c.id}`));
  const roles = [...new Set(all.map((c) => c.base_role))];
  const found: Array<{ index: number; job: JudgeJob }> = [];
  const seenAt = new Map<string, number>();
  let skipped = 0;
  readText(file)
    .split("\n")
    .forEach((raw, i) => {
      const lineNo = i + 1;
      if (raw.trim() === "") return;
      const line = parseJsonlLine(raw.trim(), file, lineNo, judgeCandidateLineSchema);
      const bare = line.role.startsWith(POLICY_ROLE_PREFIX) ? line.role.slice(POLICY_ROLE_PREFIX.length) : line.role;
      if (line.suite === "role" && bare !== line.role) throw new InputError(file, lineNo, "role", `'${line.role}' is a policy role but suite is "role"`);
      if (!roles.includes(bare)) throw new InputError(file, lineNo, "role", `unknown role '${line.role}' (known: ${roles.join(", ")})`);
      const key = `${line.suite === "policy" ? POLICY_ROLE_PREFIX : ""}${bare}/${line.case_id}`;
      const index = order.get(key);
      if (index === undefined) {
        throw new InputError(file, lineNo, "case_id", `unknown case '${line.case_id}' in the ${line.suite === "policy" ? "policy suite" : `role suite '${bare}'`}`);
      }
      const prev = seenAt.get(key);
      if (prev !== undefined) throw new InputError(file, lineNo, "case_id", `duplicate candidate for ${key} (first on line ${prev})`);
      seenAt.set(key, lineNo);
      if (!wanted.has(key)) {
        skipped++;
        return;
      }
      found.push({ index, job: { ...all[index]!, candidate: line.candidate } });
    });
  if (seenAt.size === 0) throw new InputError(file, 0, "", "file has no candidate lines");
  const missing = selected.filter((c) => !seenAt.has(`${c.role}/${c.id}`)).map((c) => `${c.role}/${c.id}`);
  return { jobs: found.sort((a, b) => a.index - b.index).map((f) => f.job), skipped, missing };
}
