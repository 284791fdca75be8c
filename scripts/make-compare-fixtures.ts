// Regenerates lib/compare/fixtures/ (the CLI test's inputs) from the compare test factories:
//   npx tsx scripts/make-compare-fixtures.ts
import { writeFileSync } from "node:fs";
import path from "node:path";
import { judgeCases, makeJudgeReport, makeJudgeReportV1, makeScoreReport, scoreDecisions } from "../lib/compare/test-factories";

const dir = path.resolve(import.meta.dirname, "../lib/compare/fixtures");
const write = (name: string, value: unknown) => writeFileSync(path.join(dir, name), `${JSON.stringify(value, null, 2)}\n`);

// Twelve cases; candidates move each by a step with a little case-to-case variation.
const base = [0.55, 0.6, 0.62, 0.7, 0.72, 0.75, 0.78, 0.8, 0.82, 0.85, 0.88, 0.9];
const shift = (d: number) => base.map((v, i) => Math.round((v + d + ((i % 3) - 1) * 0.01) * 1000) / 1000);

write("judge-baseline.json", makeJudgeReport(judgeCases(base)));
write("judge-baseline.v1.json", makeJudgeReportV1(judgeCases(base)));
write("judge-improved.json", makeJudgeReport(judgeCases(shift(0.05))));
write("judge-regressed.json", makeJudgeReport(judgeCases(shift(-0.05))));
// The mean improves, but gd-008 now says something forbidden and fails its gate.
write(
  "judge-blocker.json",
  makeJudgeReport(judgeCases(shift(0.05), (i) => (i === 7 ? { verdict: "fail", forbidden_present: ["quotes a guaranteed return"] } : {}))),
);
write("judge-disjoint.json", makeJudgeReport(judgeCases(base, (i) => ({ id: `rt-${String(i + 1).padStart(3, "0")}`, role: "retirement_desk" }))));
write("score-baseline.json", makeScoreReport(scoreDecisions(base, 3)));
write("not-a-report.json", { schema_version: 2, rows: [] });
