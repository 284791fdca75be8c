import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makePromptLine, promptLineSchema } from "../../lib/prompts/prompt-line";
import { PROMPT_VERSION } from "../../lib/prompts/version";
import { loadDecisionPoints } from "../load/episodes";
import { loadPromptPack } from "../load/prompt-pack";
import { spawnCli } from "../testing/cli";
import { runCli } from "../testing/run-cli";

const dir = mkdtempSync(path.join(tmpdir(), "assay-prompts-"));
const points = loadDecisionPoints();
const pack = loadPromptPack();
const read = (f: string) => readFileSync(f, "utf8").trimEnd().split("\n").map((l) => promptLineSchema.parse(JSON.parse(l)));

describe("assay prompts", { timeout: 60_000 }, () => {
  // One test runs the real entry point (bin/assay.mjs in a child process); the rest run main() in-process (issue 29).
  it("writes one chat line per decision point, each the lib/ rendering of that point (spawned binary)", async () => {
    const out = path.join(dir, "all.jsonl");
    const r = await spawnCli(["prompts", "--out", out]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`prompt version ${PROMPT_VERSION}`);
    const lines = read(out);
    expect(lines.map((l) => l.decision_id)).toEqual(points.map((p) => p.decision_id));
    expect(lines).toEqual(points.map((p) => makePromptLine(pack, p, "chat")));
  });

  it("--split eval --format text gives the eval points as one prompt string each", async () => {
    const out = path.join(dir, "eval.jsonl");
    expect((await runCli(["prompts", "--split", "eval", "--format", "text", "--out", out])).code).toBe(0);
    const lines = read(out);
    const evalPoints = points.filter((p) => p.split === "eval");
    expect(lines.map((l) => l.decision_id)).toEqual(evalPoints.map((p) => p.decision_id));
    expect(lines.every((l) => typeof l.prompt === "string" && l.messages === undefined && l.split === "eval")).toBe(true);
  });

  it.each([
    [["--split", "test", "--out", "x.jsonl"], /--split must be dev, eval or all/],
    [["--format", "xml", "--out", "x.jsonl"], /--format must be chat or text/],
    [[], /--out FILE is required/],
    [["--out", "x.jsonl", "--bogus"], /Unknown option '--bogus'/],
  ])("bad options %j exit 2 with the reason", async (args, message) => {
    const r = await runCli(["prompts", ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});
