import { readFileSync } from "node:fs";
import { detectorContext, type DecisionPoint } from "../../lib/pack/decision-points";
import type { DetectorContext } from "../../lib/schemas/probe";
import { checkFormat } from "../../lib/scoring/format-gate";
import { listFiles, repoPath } from "./files";

/** Every format-valid reply of the example runs in golden/runs, in file order, with what the detectors see of its decision. */
export function exampleRunReplies(points: readonly DecisionPoint[]): Array<{ reply: string; ctx: DetectorContext }> {
  const byId = new Map(points.map((p) => [p.decision_id, p]));
  const out: Array<{ reply: string; ctx: DetectorContext }> = [];
  for (const f of listFiles(repoPath("golden", "runs"), ".jsonl")) {
    for (const l of readFileSync(f, "utf8").split("\n").filter(Boolean)) {
      const j = JSON.parse(l) as { decision_id: string; raw: string };
      const gate = checkFormat(j.raw);
      const p = byId.get(j.decision_id);
      if (gate.ok && p) out.push({ reply: gate.output.reply, ctx: detectorContext(p.target, p.customer_message) });
    }
  }
  return out;
}
