import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadPack } from "../load/pack";
import { runCli } from "../testing/run-cli";

const dir = mkdtempSync(path.join(tmpdir(), "assay-score-"));
const careful = readFileSync("golden/runs/careful.jsonl", "utf8").trimEnd().split("\n");

// One test runs the real entry point (bin/assay.mjs in a child process); the rest run main() in-process (issue 29).
function spawnedAssay(...args: string[]) {
  const r = spawnSync(process.execPath, ["bin/assay.mjs", ...args], { encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const assay = (...args: string[]) => runCli(args);
function runFile(name: string, content: string | Buffer) {
  const f = path.join(dir, name);
  writeFileSync(f, content);
  return f;
}

describe("assay score (SPEC §4)", () => {
  it("prints the report with every contract key as JSON (spawned binary)", () => {
    const r = spawnedAssay("score", "--run", "golden/runs/careful.jsonl", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.pack_version).toBe(loadPack().version);
    for (const c of ["H1", "H4", "H5"]) expect(Object.keys(j.detectors[c])).toEqual(expect.arrayContaining(["precision", "recall", "precision_ci", "recall_ci", "n", "advisory"]));
    for (const s of ["dev", "eval", "all"]) {
      expect(Object.keys(j.splits[s])).toEqual(expect.arrayContaining(["composite", "composite_strict", "components", "hard_violations", "format_invalid_rate", "over_escalation_rate", "under_escalation_rate", "under_route_rate", "episodes_failed", "n_decisions", "n_episodes"]));
    }
    expect(j.decisions).toHaveLength(156);
    expect(Object.keys(j.decisions[0])).toEqual(expect.arrayContaining(["decision_id", "episode_id", "split", "family", "difficulty", "thinking", "format_valid", "hard_violations", "components", "score"]));
    expect(Object.keys(j.by_family).length).toBeGreaterThanOrEqual(7);
    expect(Object.keys(j.by_thinking).sort()).toEqual(["off", "on"]);
  });

  it("--split eval restricts decisions[] and the breakdowns to the eval split", async () => {
    const j = JSON.parse((await assay("score", "--run", "golden/runs/careful.jsonl", "--split", "eval", "--json")).out);
    expect(j.decisions.every((d: { split: string }) => d.split === "eval")).toBe(true);
    expect(j.decisions.length).toBe(j.splits.eval.n_decisions);
  });

  it("the markdown report puts the hard-violation counts in the composite's row", async () => {
    const r = await assay("score", "--run", "golden/runs/leaky.jsonl");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\| composite \| strict \| H1 \| H2 \| H3 \| H4 \| H5 \|/);
  });

  it.each([
    ["malformed JSONL", () => runFile("bad.jsonl", [careful[0], "{nope", ...careful.slice(2)].join("\n")), /bad\.jsonl:2: malformed JSON/],
    ["an unknown decision id", () => runFile("unknown.jsonl", [careful[0], careful[1]!.replace(/"decision_id":"[^"]+"/, '"decision_id":"zzz-999-d1"'), ...careful.slice(2)].join("\n")), /unknown\.jsonl:2: decision_id: unknown decision id 'zzz-999-d1'/],
    ["a duplicate decision id", () => runFile("dup.jsonl", [...careful, careful[0]].join("\n")), /dup\.jsonl:157: decision_id: duplicate/],
    ["missing decision points", () => runFile("short.jsonl", careful.slice(0, 100).join("\n")), /short\.jsonl: decision_id: missing 56 decision points/],
    ["a non-UTF-8 byte", () => runFile("latin1.jsonl", Buffer.concat([Buffer.from(`${careful[0]}\n${careful[1]}\n`), Buffer.from([0x7b, 0xff, 0x7d, 0x0a])])), /latin1\.jsonl:3: invalid UTF-8 byte 0xff/],
    ["an empty file", () => runFile("empty.jsonl", ""), /empty\.jsonl: run file has no lines/],
    ["a missing field", () => runFile("nofield.jsonl", JSON.stringify({ decision_id: "x", thinking: true })), /nofield\.jsonl:1: raw:/],
    ["a file that does not exist", () => path.join(dir, "nope.jsonl"), /nope\.jsonl: file not found/],
  ])("%s exits 2 naming the file, line and field, without a stack trace", async (_name, make, message) => {
    const r = await assay("score", "--run", make());
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it("raw text that is anything at all is scored as format_invalid, not refused", async () => {
    const lines = careful.map((l, i) => (i === 3 ? JSON.stringify({ ...JSON.parse(l), raw: "<script>alert(1)</script>\u0000 ```{" }) : l));
    const j = JSON.parse((await assay("score", "--run", runFile("weird.jsonl", lines.join("\n")), "--json")).out);
    expect(j.splits.all.format_invalid).toBe(1);
  });
});

describe("assay probes", () => {
  it("reports every probe's id, label and prediction with --json", async () => {
    const r = await assay("probes", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.H5.predictions.length).toBe(j.H5.n);
    expect(Object.keys(j.H5.predictions[0])).toEqual(expect.arrayContaining(["id", "label", "predicted"]));
  });
  it("a probe file with an unknown detector exits 2 naming the line and field", async () => {
    const f = runFile("probes.jsonl", `${JSON.stringify({ id: "x1", detector: "H9", reply: "hi", context: {}, label: "clean" })}\n`);
    const r = await assay("probes", "--file", f);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/probes\.jsonl:1: detector:/);
  });
  it("a probe file with an unknown label exits 2", async () => {
    const f = runFile("probes2.jsonl", `${JSON.stringify({ id: "x1", detector: "H5", reply: "hi", context: {}, label: "maybe" })}\n`);
    expect((await assay("probes", "--file", f)).code).toBe(2);
  });
});

describe("assay decisions", () => {
  it("lists all 156 decision points with their facts and targets under the pack version", async () => {
    const j = JSON.parse((await assay("decisions", "--json")).out);
    expect(j.pack_version).toBe(loadPack().version);
    expect(j.decisions).toHaveLength(156);
    expect(Object.keys(j.decisions[0])).toEqual(["decision_id", "episode_id", "family", "difficulty", "split", "facts", "target"]);
  });
});
