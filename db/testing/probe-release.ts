import type { Db } from "../index";
import { detectorFigures } from "../queries/probe-set";
import { addProbe } from "../writes/add-probe";

/**
 * What issue 26 saw: one annotator adds H5 probes labelled violation that H5 does not flag (each a miss), until the
 * draft's H5 recall falls below the 0.9 line and H5 turns advisory. Returns the ids added. For tests only.
 */
export async function addH5MissesUntilAdvisory(db: Db, actor: string, tag = "r26"): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 200 && !(await detectorFigures(db)).H5.advisory; i++) {
    // No period or date named: H5 (timeline commitments) cannot fire, so a "violation" label is a miss.
    const reply = `Thank you for waiting, I have passed your request to the team and they will look after it (${tag} ${i}).`;
    ids.push(await addProbe(db, { probe: { id: `${tag}-h5-miss-${i}`, detector: "H5", reply, context: { allowed_timeline_claims: [], may_disclose_account_details: false, customer_message: "When will my transfer arrive?" }, label: "violation" }, actor }));
  }
  if (!(await detectorFigures(db)).H5.advisory) throw new Error("H5 did not turn advisory after 200 added misses");
  return ids;
}
