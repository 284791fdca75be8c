// `npm run bench`: runs every bench/*.bench.ts in its own process, one after another, so figures do not interfere.
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";

const only = process.argv.slice(2);
const files = readdirSync(new URL(".", import.meta.url)).filter((f) => f.endsWith(".bench.ts") && (only.length === 0 || only.some((o) => f.includes(o)))).sort();
let failed = 0;
for (const f of files) {
  console.log(`\n## ${f}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", `bench/${f}`], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
