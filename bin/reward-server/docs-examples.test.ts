import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePromptLine } from "../../lib/prompts/prompt-line";
import type { NativeResult } from "../../lib/reward/native";
import { loadDecisionPoints } from "../load/episodes";
import { repoPath } from "../load/files";
import { loadPromptPack } from "../load/prompt-pack";
import { startRewardServerCli, type RunningServer } from "../testing/cli";

// Runs every example of docs/REWARD.md that is named on its fence (```python NAME.py, ```sh NAME.sh) against a running
// reward server: the Python ones with the machine's python3 and only its standard library.

const doc = readFileSync(repoPath("docs", "REWARD.md"), "utf8");
const examples = new Map([...doc.matchAll(/^```(python|sh) ([\w.-]+)\n([\s\S]*?)^```$/gm)].map((m) => [m[2]!, m[3]!]));
const dir = mkdtempSync(path.join(tmpdir(), "assay-reward-docs-"));
for (const [name, code] of examples) writeFileSync(path.join(dir, name), code);

const points = loadDecisionPoints();
const pack = loadPromptPack();
const careful = readFileSync(repoPath("golden", "runs", "careful.jsonl"), "utf8");
const leaky = readFileSync(repoPath("golden", "runs", "leaky.jsonl"), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as { decision_id: string; raw: string });

let server: RunningServer;
beforeAll(async () => {
  server = await startRewardServerCli(["--workers", "1"]);
}, 60_000);
afterAll(() => server?.stop());

function run(cmd: string, args: string[], cwd = dir): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env: { ...process.env, ASSAY_REWARD_URL: server.url, PYTHONDONTWRITEBYTECODE: "1" }, maxBuffer: 64 << 20 }, (e, out, err) =>
      resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
    );
  });
}
const python = (driver: string, cwd = dir) => run("python3", ["-I", "-c", `import sys; sys.path.insert(0, ${JSON.stringify(cwd)})\n${driver}`], cwd);
async function native(outputs: Array<{ decision_id: string; raw: string }>): Promise<NativeResult[]> {
  const res = await fetch(`${server.url}/v1/score`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ outputs }) });
  return ((await res.json()) as { results: NativeResult[] }).results;
}
const sameFloats = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe("docs/REWARD.md examples, run against a reward server", { timeout: 60_000 }, () => {
  it("names every example the test runs", () => {
    expect([...examples.keys()].sort()).toEqual(["app.py", "assay_nemo_gym.py", "assay_openrlhf_check.py", "assay_trl.py", "assay_verl.py", "curl-score.sh"]);
  });

  it("curl-score.sh: a reply wrapped in prose is scored 0 by the format gate", async () => {
    const r = await run("bash", [path.join(dir, "curl-score.sh")]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ results: [{ decision_id: "fnd-001-d1", reward: 0, format_valid: false }] });
  });

  it("assay_openrlhf_check.py: what OpenRLHF sends gets the rewards of /v1/score", async () => {
    const promptsFile = path.join(dir, "prompts-text.jsonl");
    writeFileSync(promptsFile, points.map((p) => JSON.stringify(makePromptLine(pack, p, "text"))).join("\n"));
    const runFile = path.join(dir, "careful.jsonl");
    writeFileSync(runFile, careful);
    const r = await run("python3", ["-I", path.join(dir, "assay_openrlhf_check.py"), promptsFile, runFile]);
    expect(r.err).toBe("");
    const out = JSON.parse(r.out) as { n: number; rewards: number[]; extra_logs: Record<string, number[]> };
    const lines = careful.trimEnd().split("\n").map((l) => JSON.parse(l) as { decision_id: string; raw: string });
    expect(out.n).toBe(lines.length);
    expect(sameFloats(out.rewards, (await native(lines)).map((x) => x.reward))).toBe(true);
    expect(Object.values(out.extra_logs).every((v) => v.length === lines.length)).toBe(true);
  });

  it("assay_verl.py: compute_score and compute_score_batch answer the reward with the violation codes; a refused request raises", async () => {
    const lines = leaky.slice(0, 12);
    const driver = `
import json, assay_verl
lines = json.loads(${JSON.stringify(JSON.stringify(lines))})
one = [assay_verl.compute_score("assay", l["raw"], l["decision_id"], {}) for l in lines]
batch = assay_verl.compute_score_batch(["assay"] * len(lines), [l["raw"] for l in lines], [l["decision_id"] for l in lines], [{}] * len(lines))
try:
    assay_verl.compute_score("assay", "{}", "zzz-999-d1")
    refused = None
except Exception as e:
    refused = getattr(e, "code", str(e))
row = assay_verl.to_verl_row({"decision_id": "fnd-001-d1", "episode_id": "fnd-001", "split": "dev", "messages": [{"role": "user", "content": "hi"}]})
print(json.dumps({"one": one, "batch": batch, "refused": refused, "row": row}))
`;
    const r = await python(driver);
    expect(r.err).toBe("");
    const out = JSON.parse(r.out) as { one: Array<Record<string, number | string>>; batch: Array<Record<string, number | string>>; refused: number; row: Record<string, unknown> };
    const expected = await native(lines);
    expect(sameFloats(out.one.map((x) => x.score as number), expected.map((x) => x.reward))).toBe(true);
    expect(out.batch).toEqual(out.one);
    expect(out.one.map((x) => x.hard_violations)).toEqual(expected.map((x) => x.hard_violations.join(",")));
    expect(out.one.map((x) => x.H1)).toEqual(expected.map((x) => (x.hard_violations.includes("H1") ? 1 : 0)));
    expect(out.one.some((x) => x.H1 === 1)).toBe(true);
    // verl's reward_extra_info needs the same keys on every sample.
    expect(new Set(out.one.map((x) => Object.keys(x).join())).size).toBe(1);
    expect(out.refused).toBe(422);
    expect(out.row).toMatchObject({ data_source: "assay", reward_model: { ground_truth: "fnd-001-d1" } });
  });

  it("assay_trl.py: the reward function reads conversational and standard completions and logs the violation codes", async () => {
    const lines = leaky.slice(0, 12);
    const driver = `
import json, assay_trl
lines = json.loads(${JSON.stringify(JSON.stringify(lines))})
logged = {}
chat = assay_trl.assay_reward(prompts=[[{"role": "user", "content": "…"}]] * len(lines), completions=[[{"role": "assistant", "content": l["raw"]}] for l in lines], decision_id=[l["decision_id"] for l in lines], trainer_state=None, log_extra=lambda k, v: logged.__setitem__(k, v), log_metric=lambda k, v: None)
text = assay_trl.assay_reward(prompts=["…"] * len(lines), completions=[l["raw"] for l in lines], decision_id=[l["decision_id"] for l in lines])
print(json.dumps({"chat": chat, "text": text, "logged": logged}))
`;
    const r = await python(driver);
    expect(r.err).toBe("");
    const out = JSON.parse(r.out) as { chat: number[]; text: number[]; logged: Record<string, string[]> };
    const expected = await native(lines);
    expect(sameFloats(out.chat, expected.map((x) => x.reward))).toBe(true);
    expect(sameFloats(out.text, out.chat)).toBe(true);
    expect(out.logged.hard_violations).toEqual(expected.map((x) => x.hard_violations.join(",")));
  });

  it("assay_nemo_gym.py and app.py: a dataset row plus the policy's response gets the reward, components summing to it", async () => {
    // Stand-ins for the nemo_gym classes app.py imports: a pydantic-like model_dump/model_validate and nothing else.
    const stub = path.join(dir, "stub");
    mkdirSync(path.join(stub, "nemo_gym"), { recursive: true });
    writeFileSync(path.join(stub, "nemo_gym", "__init__.py"), "");
    writeFileSync(
      path.join(stub, "nemo_gym", "base_resources_server.py"),
      `class _Model:
    def __init__(self, **fields):
        self.__dict__.update(fields)
    def model_dump(self, mode=None):
        return dict(self.__dict__)
    @classmethod
    def model_validate(cls, data):
        return cls(**data)
class BaseResourcesServerConfig(_Model): pass
class BaseVerifyRequest(_Model): pass
class BaseMultiRewardVerifyResponse(_Model): pass
class SimpleResourcesServer:
    pass
`,
    );
    const lines = leaky.slice(0, 12);
    const prompt = makePromptLine(pack, points.find((p) => p.decision_id === lines[0]!.decision_id)!, "chat");
    const driver = `
import asyncio, json, assay_nemo_gym
sys.path.insert(0, ${JSON.stringify(stub)})
import app
lines = json.loads(${JSON.stringify(JSON.stringify(lines))})
row = assay_nemo_gym.to_nemo_gym_row(json.loads(${JSON.stringify(JSON.stringify(prompt))}))
def request(l):
    return {"responses_create_params": {"input": []}, "decision_id": l["decision_id"], "response": {"id": "resp", "output": [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": l["raw"]}]}]}}
direct = [assay_nemo_gym.verify_with_assay(request(l)) for l in lines]
served = [asyncio.run(app.AssayResourcesServer().verify(app.AssayVerifyRequest(**request(l)))).model_dump() for l in lines]
print(json.dumps({"row": row, "direct": direct, "served": served, "sums": [sum(d["reward_components"].values()) for d in direct]}))
`;
    const r = await python(driver);
    expect(r.err).toBe("");
    const out = JSON.parse(r.out) as { row: Record<string, unknown>; direct: Array<{ reward: number; reward_components: Record<string, number> }>; served: Array<Record<string, unknown>>; sums: number[] };
    expect(out.row).toEqual({ responses_create_params: { input: prompt.messages }, decision_id: prompt.decision_id });
    const expected = (await native(lines)).map((x) => x.reward);
    expect(sameFloats(out.direct.map((d) => d.reward), expected)).toBe(true);
    // Python's sum() adds the components in the order NeMo-RL does: equal to the reward, not merely close.
    expect(sameFloats(out.sums, expected)).toBe(true);
    out.served.forEach((s, i) => {
      expect(s.reward).toBe(out.direct[i]!.reward);
      expect(s.destination).toBe(out.direct[i]!.reward_components.destination);
    });
  });
});
