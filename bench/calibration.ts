// A trivial character loop timed on this machine, so figures from a slow or shared machine can be scaled to another:
// the development VM has run it at 1.3 ns/char and at 2.2–6.4, and every figure here moves with it.
const text = "x".repeat(300);
let sink = 0;

function loop(): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) n++;
  return n;
}

/** Median CPU ns per character of the loop over `rounds` rounds of 20,000 passes. */
export function calibrationNsPerChar(rounds = 5): number {
  for (let i = 0; i < 20_000; i++) sink += loop();
  const ns: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < 20_000; i++) sink += loop();
    const used = process.cpuUsage(t0);
    ns.push(((used.user + used.system) * 1000) / 20_000 / text.length);
  }
  ns.sort((a, b) => a - b);
  return sink >= 0 ? (ns[Math.floor(rounds / 2)] as number) : NaN;
}
