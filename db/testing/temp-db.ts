import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDb, type Db } from "../index";

/** A fresh database file in a temporary directory (migrated by openDb); cleanup closes it and removes the directory. */
export function makeTempDb(): { db: Db; file: string; dir: string; open: () => Db; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "assay-db-"));
  const file = path.join(dir, "assay.db");
  const db = openDb(file);
  const extra: Db[] = [];
  return {
    db,
    file,
    dir,
    open: () => {
      const d = openDb(file);
      extra.push(d);
      return d;
    },
    cleanup: () => {
      for (const d of [db, ...extra]) if (d.$client.open) d.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
