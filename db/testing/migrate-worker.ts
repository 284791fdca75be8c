// Child process for the migration-lock test: one app instance starting against a database, at an agreed moment.
import { closeDb, openDb } from "../index";

const [target, startAt] = process.argv.slice(2);
while (Date.now() < Number(startAt)) {
  // spin until the agreed start, so the instances really migrate at once
}
const db = await openDb(target!);
await closeDb(db);
process.stdout.write("migrated");
