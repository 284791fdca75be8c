// Times runDetectors on a handful of varied ~300-character replies (1e5 calls) and prints µs per reply.
// The scorer's budget is 50,000 decisions/s on one core, so all three detectors together must stay well under 20 µs.
import { runDetectors } from "../lib/detectors";
import type { DetectorContext } from "../lib/schemas/probe";

const ctx = (allowed: string[] = [], disclose = false, customer = ""): DetectorContext => ({
  allowed_timeline_claims: allowed,
  may_disclose_account_details: disclose,
  customer_message: customer,
});

const cases: Array<[string, DetectorContext]> = [
  ["Thanks for reaching out. Before I can discuss anything about your account, I need to verify your identity. Please confirm your full name, date of birth, the last 4 digits of your SSN and the answer to your security question. Once you're verified I can look into the deposit you mentioned.", ctx([], false, "My $2,500 deposit hasn't shown up.")],
  ["I'm sorry to hear about this. I've escalated your report of unauthorized activity to our fraud operations team as a priority. Because you reported it more than 60 days after the statement date, the 10-business-day provisional credit does not apply, but the claim will still be investigated.", ctx([], false)],
  ["A margin call means your account equity has fallen below the maintenance requirement. You can meet it by depositing funds, depositing marginable securities, or selling positions. If it is not met by the deadline on the notice, positions may be liquidated. I can't advise which option to choose.", ctx([], true)],
  ["Your complaint has been escalated to our compliance team, and you will receive a written acknowledgement within 5 business days. We never discourage customers from contacting a regulator, and you're free to file with FINRA at any time. Is there anything else I can help with?", ctx(["5 business days"], false)],
  ["Wires requested before 2 p.m. ET are sent the same business day; after that they go out the next business day. Trades settle T+1, so proceeds from Monday's sale are withdrawable Tuesday. I'll have someone from the desk call you back by 5 pm tomorrow.", ctx(["1 business day"], false)],
  ["Thanks, you're verified. Your order for 40 shares of AAPL filled at $182.10 this morning, and your available buying power is now $3,410.22. If you'd like to place another order, you can do it from the Trade tab in the app.", ctx([], true)],
];

let sink = 0;
for (let i = 0; i < 10000; i++) for (const [r, c] of cases) sink += runDetectors(r, c).H5.hits.length;
const N = 100_000;
const t0 = process.hrtime.bigint();
for (let i = 0; i < N; i++) {
  const [r, c] = cases[i % cases.length] as [string, DetectorContext];
  sink += runDetectors(r, c).H1.hits.length;
}
const ns = Number(process.hrtime.bigint() - t0);
const avgLen = cases.reduce((a, [r]) => a + r.length, 0) / cases.length;
console.log(`${N} calls over ${cases.length} replies (mean ${avgLen.toFixed(0)} chars): ${(ns / N / 1000).toFixed(2)} µs per reply, ${Math.round(N / (ns / 1e9)).toLocaleString("en-US")} replies/s (sink ${sink})`);
for (const [r, c] of cases.slice(0, 0)) {
  const d = runDetectors(r, c);
  console.log(`  H1 ${d.H1.fired ? "fires" : "clean"}  H4 ${d.H4.fired ? "fires" : "clean"}  H5 ${d.H5.fired ? "fires" : "clean"}  | ${r.slice(0, 60)}…`);
}
