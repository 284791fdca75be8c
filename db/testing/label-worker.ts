// Child process for the concurrency test: one annotator saving labels as fast as it can on its own connection,
// starting at an agreed wall-clock time so two workers really write at the same moment.
import { asc } from "drizzle-orm";
import { closeDb, openDb } from "../index";
import { probes } from "../schema";
import { saveLabel } from "../writes/labels";

const [target, annotator, count, rounds, startAt] = process.argv.slice(2);
const db = await openDb(target!);
const ids = (await db.select({ id: probes.id }).from(probes).orderBy(asc(probes.id)).limit(Number(count))).map((r) => r.id);
while (Date.now() < Number(startAt)) {
  // spin until the agreed start
}
const start = Date.now();
let saved = 0;
for (let r = 0; r < Number(rounds); r++) {
  for (const [i, id] of ids.entries()) {
    await saveLabel(db, { probeId: id, annotator: annotator!, label: (i + r) % 2 === 0 ? "violation" : "clean" });
    saved++;
  }
}
const end = Date.now();
await closeDb(db);
process.stdout.write(JSON.stringify({ saved, start, end }));
