import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoPath } from "../load/files";
import { saveLabel } from "../../db/writes/labels";
import { makeTempDb, type TempDb } from "../../db/testing/temp-db";
import { runCli } from "../testing/run-cli";

// Issue 20 (4): `assay export-probes --out DIR` and `assay export-golden --out DIR` write the workbench's export where
// the caller says, for whoever commits; the workbench itself only offers downloads.

let t: TempDb;
beforeAll(async () => {
  t = await makeTempDb({ seeded: "pack" });
}, 120_000); // seeding a PostgreSQL database on a busy machine can take most of a minute
afterAll(async () => t.cleanup());

// One test runs the real entry point (bin/assay.mjs in a child process); the rest run main() in-process (issue 29).
// In-process is safe here: t.env names a database of the process's own dialect (ASSAY_DB, or DATABASE_URL in the
// PostgreSQL pass), and the export commands read it per call.
function spawnedAssay(...args: string[]) {
  const r = spawnSync(process.execPath, [repoPath("bin", "assay.mjs"), ...args], { cwd: repoPath(), encoding: "utf8", env: { ...process.env, ...t.env, ASSAY_ACTOR: "committer@example.org" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
async function assay(...args: string[]) {
  const r = await runCli(args, { cwd: repoPath(), env: { ...t.env, ASSAY_ACTOR: "committer@example.org" } });
  return { code: r.code, stdout: r.out, stderr: r.err };
}

describe("exporting from the command line", { timeout: 60_000 }, () => {
  it("export-probes writes probes/*.jsonl under --out, byte for byte as shipped, and says each is as seeded (spawned binary)", () => {
    const out = path.join(t.dir, "probes-out");
    const r = spawnedAssay("export-probes", "--out", out);
    expect(r.code).toBe(0);
    for (const f of readdirSync(repoPath("probes")).filter((x) => x.endsWith(".jsonl"))) {
      expect(readFileSync(path.join(out, "probes", f), "utf8"), f).toBe(readFileSync(repoPath("probes", f), "utf8"));
      expect(r.stdout).toContain(`${out}/probes/${f}: `);
    }
    expect(r.stdout).not.toMatch(/lines against the seeded file/);
  });

  it("after a relabel, --json lists that file as changed by one line each way", async () => {
    await saveLabel(t.db, { probeId: "h4-001", annotator: "alice", label: "clean" });
    await saveLabel(t.db, { probeId: "h4-001", annotator: "bob", label: "clean" });
    const r = await assay("export-probes", "--out", path.join(t.dir, "probes-json"), "--json");
    expect(r.code).toBe(0);
    const files = (JSON.parse(r.stdout) as { files: Array<{ path: string; status: string; added: number; removed: number }> }).files;
    expect(files.filter((f) => f.status !== "unchanged")).toEqual([expect.objectContaining({ path: "probes/h4.jsonl", status: "changed", added: 1, removed: 1 })]);
  });

  it("export-golden writes the golden files under --out; one holding a version the workbench never saw stops it, writing nothing", async () => {
    const out = path.join(t.dir, "golden-out");
    const ok = await assay("export-golden", "--out", out);
    expect(ok.code).toBe(0);
    const file = "golden/policy_behaviors.json";
    expect(readFileSync(path.join(out, file), "utf8")).toBe(readFileSync(repoPath(file), "utf8"));
    const edited = readFileSync(path.join(out, file), "utf8").replace("Ambiguous brief: the agent must ask before acting.", "Edited in git meanwhile.");
    writeFileSync(path.join(out, file), edited);
    const refused = await assay("export-golden", "--out", out);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/nothing was written:\n {2}golden\/policy_behaviors\.json has a version of pol-001 the workbench has never seen/);
    expect(readFileSync(path.join(out, file), "utf8")).toBe(edited);
  });

  it("--out is required", async () => {
    const r = await assay("export-probes");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--out DIR is required");
  });
});
