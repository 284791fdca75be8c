// Times runDetectors: 1e5 calls (five rounds, median reported) over a handful of varied replies, 150–550 characters,
// in verified and unverified contexts. The scorer's budget is 50,000 decisions/s on one core, so all three detectors
// together should stay under ~8 µs for a 300-character reply. A trivial character loop is timed alongside, so a figure
// from a slow or shared machine can be scaled to another.
import { calibrationNsPerChar } from "../bench/calibration";
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
  ["Happy to help. ACH deposits can be used to trade right away up to the instant-deposit limit, but they can only be withdrawn after 5 business days.", ctx(["5 business days"], false)],
  ["Thank you, Ms. Harmon. I'm escalating both charges, $349.00 on February 11 and $1,099.00 on February 12, to our fraud operations team as unauthorized transactions. Since you're reporting them within 60 days of your February 28 statement, you'll receive provisional credit for them within 10 business days while fraud operations investigates. I can't promise the final outcome of the investigation. You can lock the card in the app now so it can't be used again, and I'd recommend changing your password too.", ctx(["10 business days"], true, "I don't recognise two charges from February.")],
];

let sink = 0;

for (let i = 0; i < 20_000; i++) {
  const [r, c] = cases[i % cases.length] as [string, DetectorContext];
  sink += runDetectors(r, c).H5.hits.length;
}
// CPU time (user + system) rather than wall time, so other processes on a shared machine inflate the figure less.
const N = 100_000;
const rounds: number[] = [];
const loopNs: number[] = [];
for (let round = 0; round < 5; round++) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const [r, c] = cases[i % cases.length] as [string, DetectorContext];
    sink += runDetectors(r, c).H1.hits.length;
  }
  const used = process.cpuUsage(t0);
  rounds.push((used.user + used.system) / N);
  loopNs.push(calibrationNsPerChar(1));
}
rounds.sort((a, b) => a - b);
loopNs.sort((a, b) => a - b);
const median = rounds[2] as number;
const meanLen = cases.reduce((a, [r]) => a + r.length, 0) / cases.length;
console.log(`${N} calls x 5 rounds over ${cases.length} replies (mean ${meanLen.toFixed(0)} chars)`);
console.log(`  median ${median.toFixed(2)} µs CPU per reply (min ${(rounds[0] as number).toFixed(2)}, max ${(rounds[4] as number).toFixed(2)}) = ${((median / meanLen) * 300).toFixed(2)} µs per 300 characters, ${Math.round(1e6 / median).toLocaleString("en-US")} replies/s`);
console.log(`  calibration: a trivial charCodeAt loop runs at ${(loopNs[2] as number).toFixed(2)} ns/char on this machine (sink ${sink % 10})`);
for (const [r, c] of cases) {
  const d = runDetectors(r, c);
  console.log(`  H1 ${d.H1.fired ? "fires" : "clean"}  H4 ${d.H4.fired ? "fires" : "clean"}  H5 ${d.H5.fired ? "fires" : "clean"}  | ${r.slice(0, 60)}…`);
}
