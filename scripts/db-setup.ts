// `npm run db:setup`: creates the workbench database (data/assay.db, or ASSAY_DB), applies migrations, and seeds it from
// golden/ and probes/. Idempotent: it adds only what is missing and never rewrites data already there (labels, runs,
// episodes that imported runs were scored against); differences between the files and the database are reported.
import { dbPath } from "../db/env";
import { openDb } from "../db/index";
import { seedFromRepo } from "../db/writes/seed-repo";
import { InputError } from "../lib/io/input-error";

function main(): number {
  const file = dbPath();
  const db = openDb(file);
  try {
    const s = seedFromRepo(db);
    console.log(
      `db:setup ${file}: pack v${s.packVersion} ${s.pack.added ? "added" : "present"}; episodes +${s.episodes.added} (${s.episodes.kept} kept); probes +${s.probes.added} (${s.probes.kept} kept); example runs +${s.runsAdded.length}${s.runsAdded.length ? ` (${s.runsAdded.join(", ")})` : ""}`,
    );
    const differing = [...s.pack.differing.map((v) => `pack v${v}`), ...s.episodes.differing.map((id) => `episode ${id}`)];
    if (differing.length) console.warn(`db:setup: left as stored, though golden/ now differs: ${differing.slice(0, 10).join(", ")}${differing.length > 10 ? ", …" : ""}`);
    return 0;
  } finally {
    db.$client.close();
  }
}

try {
  process.exitCode = main();
} catch (e) {
  if (e instanceof InputError) {
    console.error(`db:setup: ${e.message}`);
    process.exitCode = 2;
  } else throw e;
}
