// The judge's environment knobs (docs/JUDGE.md has the same table; a test keeps them in step).

export type JudgeConfig = {
  url: string;
  model: string;
  apiKey?: string;
  votes: number;
  passThreshold: number;
  timeoutMs: number;
  concurrency: number;
  retries: number;
  temperature: number;
};

type Knob = { name: string; default: string; effect: string; expects: string; read: (raw: string) => number | string | null };

const int = (min: number) => (raw: string) => (/^\d+$/.test(raw) && Number(raw) >= min ? Number(raw) : null);
const num = (min: number, max: number) => (raw: string) => {
  const n = Number(raw);
  return raw.trim() !== "" && Number.isFinite(n) && n >= min && n <= max ? n : null;
};

export const DEFAULT_JUDGE_MODEL = "gpt-4o-mini";

export const JUDGE_KNOBS = {
  url: { expects: "an http(s) URL", name: "ASSAY_JUDGE_URL", default: "(required)", effect: "Base URL of an OpenAI-compatible API; `/chat/completions` is appended unless present.", read: (r) => (/^https?:\/\/\S+$/.test(r) ? r : null) },
  model: { expects: "a model name", name: "ASSAY_JUDGE_MODEL", default: DEFAULT_JUDGE_MODEL, effect: "`model` sent with every request and recorded in the report.", read: (r) => r },
  apiKey: { expects: "a token", name: "ASSAY_JUDGE_KEY", default: "(unset)", effect: "Sent as `Authorization: Bearer …` when set; never written to the report.", read: (r) => r },
  votes: { expects: "an integer ≥ 1", name: "ASSAY_JUDGE_VOTES", default: "3", effect: "K, the votes per case; `--votes` overrides. Quorum needs more than K/2 valid votes.", read: int(1) },
  passThreshold: { expects: "a number in [0, 1]", name: "ASSAY_JUDGE_PASS_THRESHOLD", default: "0.7", effect: "Minimum median alignment (correctness) for a pass.", read: num(0, 1) },
  timeoutMs: { expects: "an integer ≥ 1 (milliseconds)", name: "ASSAY_JUDGE_TIMEOUT_MS", default: "30000", effect: "Per-request timeout; a timed-out request fails its vote and is not retried.", read: int(1) },
  concurrency: { expects: "an integer ≥ 1", name: "ASSAY_JUDGE_CONCURRENCY", default: "4", effect: "Votes in flight at once across the whole run.", read: int(1) },
  retries: { expects: "an integer ≥ 0", name: "ASSAY_JUDGE_RETRIES", default: "3", effect: "Retries per vote after the first attempt, on 429, 5xx and network errors (exponential backoff with jitter; Retry-After honoured up to 60 s).", read: int(0) },
  temperature: { expects: "a number in [0, 2]", name: "ASSAY_JUDGE_TEMPERATURE", default: "0", effect: "Sampling temperature sent to the judge.", read: num(0, 2) },
} satisfies Record<keyof JudgeConfig, Knob>;

export type ConfigResult = { ok: true; config: JudgeConfig } | { ok: false; error: string };

/** Reads the knobs from an environment record (empty = unset). The first missing or invalid knob is the error. */
export function readJudgeConfig(env: Record<string, string | undefined>, votesOverride?: string): ConfigResult {
  const out: Record<string, number | string | undefined> = {};
  for (const [key, knob] of Object.entries(JUDGE_KNOBS) as Array<[keyof JudgeConfig, Knob]>) {
    const given = key === "votes" && votesOverride !== undefined ? votesOverride : env[knob.name]?.trim();
    const source = key === "votes" && votesOverride !== undefined ? "--votes" : knob.name;
    if (given === undefined || given === "") {
      if (key === "url") {
        return { ok: false, error: "ASSAY_JUDGE_URL is not set: point it at an OpenAI-compatible API base URL, e.g. ASSAY_JUDGE_URL=http://127.0.0.1:8000/v1" };
      }
      if (key !== "apiKey") out[key] = knob.read(knob.default) ?? undefined;
      continue;
    }
    const value = knob.read(given);
    if (value === null) return { ok: false, error: `${source}=${JSON.stringify(given)} is invalid: expected ${knob.expects}` };
    out[key] = value;
  }
  return { ok: true, config: out as unknown as JudgeConfig };
}
