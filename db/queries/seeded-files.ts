import type { DbOrTx } from "../index";
import { seededFiles } from "../schema";

/** The text db:setup last seeded from each path, as a lookup: null for a path it never seeded (issue 20). */
export async function seededTexts(db: DbOrTx): Promise<(path: string) => string | null> {
  const byPath = new Map((await db.select({ path: seededFiles.path, content: seededFiles.content }).from(seededFiles)).map((r) => [r.path, r.content]));
  return (p) => byPath.get(p) ?? null;
}
