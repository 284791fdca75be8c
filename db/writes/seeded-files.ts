import { createHash } from "node:crypto";
import path from "node:path";
import { listFiles, readText, REPO_ROOT } from "../../bin/load/files";
import { POLICY_FILE, ROLES_DIR } from "../../bin/load/golden-suites";
import { shippedProbeFiles } from "../../bin/load/probes";
import type { DbOrTx } from "../index";
import { seededFiles } from "../schema";

// Issue 20: exports are previewed as a diff against what the server last seeded, so db:setup keeps the text of each
// file it seeded from. Replaced on every seed (what was seeded last), never read back into the data.

const rel = (file: string) => path.relative(REPO_ROOT, file).split(path.sep).join("/");

/** Stores each file's text under its repo-relative path, replacing what an earlier seed stored there. */
export async function recordSeededFiles(db: DbOrTx, files: ReadonlyArray<{ path: string; content: string }>, at: string): Promise<void> {
  for (const f of files) {
    const row = { content: f.content, sha256: createHash("sha256").update(f.content).digest("hex"), seededAt: at };
    await db.insert(seededFiles).values({ path: f.path, ...row }).onConflictDoUpdate({ target: seededFiles.path, set: row });
  }
}

/** The files an export writes, as the repository holds them now: probes/*.jsonl, golden/roles/*.json, golden/policy_behaviors.json. */
export function repoExportFiles(): Array<{ path: string; content: string }> {
  return [...shippedProbeFiles(), ...listFiles(ROLES_DIR, ".json"), POLICY_FILE].map((f) => ({ path: rel(f), content: readText(f) }));
}
