import type { JudgeCaseV2, JudgeReportV2 } from "./report-schema";
import { summarizeCases } from "./summary";

const f2 = (x: number | null) => (x === null ? "—" : x.toFixed(2));
const pct = (x: number | null) => (x === null ? "—" : `${(x * 100).toFixed(1)}%`);

/** Short markdown summary of a v2 report: totals, a row per report role, and the cases that did not pass. */
export function judgeMarkdown(report: JudgeReportV2, outFile?: string): string {
  const s = report.summary;
  const lines = [
    `## Judge run (protocol v2)${report.example ? " — example" : ""}`,
    "",
    `model ${report.judge.model} · K=${report.judge.votes} · pass threshold ${report.judge.pass_threshold}`,
    "",
    `**mean correctness ${f2(s.mean_correctness)} · pass rate ${pct(s.pass_rate)} (${report.cases.filter((c) => c.verdict === "pass").length}/${s.n_cases}) · errors ${s.errors}**`,
    "",
    "| role | cases | mean correctness | pass rate | errors |",
    "|---|---|---|---|---|",
  ];
  const roles = [...new Set(report.cases.map((c) => c.role))];
  for (const role of roles) {
    const r = summarizeCases(report.cases.filter((c) => c.role === role));
    lines.push(`| ${role} | ${r.n_cases} | ${f2(r.mean_correctness)} | ${pct(r.pass_rate)} | ${r.errors} |`);
  }
  const failing = report.cases.filter((c) => c.verdict !== "pass");
  if (failing.length > 0) {
    lines.push("", "Not passing:");
    for (const c of failing) lines.push(`- ${c.role}/${c.id}: ${reason(c, report.judge.pass_threshold)}`);
  }
  if (report.missing_candidates?.length) lines.push("", `${report.missing_candidates.length} selected case(s) had no candidate and were not judged.`);
  if (outFile) lines.push("", `Report: ${outFile}`);
  return lines.join("\n");
}

function reason(c: JudgeCaseV2, threshold: number): string {
  if (c.error) return `error: ${c.error}`;
  const parts: string[] = [];
  if (c.missing_required.length) parts.push(`missing: ${c.missing_required.map((t) => `"${t}"`).join("; ")}`);
  if (c.forbidden_present.length) parts.push(`violations: ${c.forbidden_present.map((t) => `"${t}"`).join("; ")}`);
  if (c.correctness !== null && c.correctness < threshold) parts.push(`correctness ${f2(c.correctness)} < ${threshold}`);
  return parts.join(" · ") || "fail";
}
