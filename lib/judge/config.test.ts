import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_JUDGE_MODEL, JUDGE_KNOBS, readJudgeConfig } from "./config";

const BASE = { ASSAY_JUDGE_URL: "http://127.0.0.1:8000/v1" };

describe("judge configuration from the environment", () => {
  it("only ASSAY_JUDGE_URL is required; every other knob has its documented default", () => {
    expect(readJudgeConfig(BASE)).toEqual({
      ok: true,
      config: { url: BASE.ASSAY_JUDGE_URL, model: DEFAULT_JUDGE_MODEL, votes: 3, passThreshold: 0.7, timeoutMs: 30000, concurrency: 4, retries: 3, temperature: 0 },
    });
  });

  it("a missing or empty ASSAY_JUDGE_URL is a clear error naming the variable", () => {
    for (const env of [{}, { ASSAY_JUDGE_URL: "  " }]) {
      expect(readJudgeConfig(env)).toEqual({ ok: false, error: expect.stringMatching(/^ASSAY_JUDGE_URL is not set/) });
    }
  });

  it("--votes overrides ASSAY_JUDGE_VOTES", () => {
    const r = readJudgeConfig({ ...BASE, ASSAY_JUDGE_VOTES: "5" }, "7");
    expect(r.ok && r.config.votes).toBe(7);
  });

  it("the key is optional and passed through when set", () => {
    const r = readJudgeConfig({ ...BASE, ASSAY_JUDGE_KEY: "sk-x" });
    expect(r.ok && r.config.apiKey).toBe("sk-x");
  });

  it.each([
    [{ ASSAY_JUDGE_VOTES: "0" }, "ASSAY_JUDGE_VOTES"],
    [{ ASSAY_JUDGE_VOTES: "2.5" }, "ASSAY_JUDGE_VOTES"],
    [{ ASSAY_JUDGE_PASS_THRESHOLD: "1.5" }, "ASSAY_JUDGE_PASS_THRESHOLD"],
    [{ ASSAY_JUDGE_TIMEOUT_MS: "fast" }, "ASSAY_JUDGE_TIMEOUT_MS"],
    [{ ASSAY_JUDGE_CONCURRENCY: "0" }, "ASSAY_JUDGE_CONCURRENCY"],
    [{ ASSAY_JUDGE_RETRIES: "-1" }, "ASSAY_JUDGE_RETRIES"],
    [{ ASSAY_JUDGE_URL: "127.0.0.1:8000" }, "ASSAY_JUDGE_URL"],
  ])("an invalid value is an error naming the knob: %j", (env, name) => {
    expect(readJudgeConfig({ ...BASE, ...env })).toEqual({ ok: false, error: expect.stringContaining(`${name}=`) });
  });

  it("docs/JUDGE.md documents every knob with its default", () => {
    const doc = readFileSync(new URL("../../docs/JUDGE.md", import.meta.url), "utf8");
    for (const knob of Object.values(JUDGE_KNOBS)) {
      const row = doc.split("\n").find((l) => l.startsWith(`| \`${knob.name}\``));
      expect(row, knob.name).toBeDefined();
      expect(row).toContain(knob.default);
    }
  });
});
