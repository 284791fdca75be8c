import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, truncateSync } from "node:fs";
import path from "node:path";
import { planJobs, runLineKey, runLineOf, thinkingSwitch, THINKING_MODES, type ThinkingMode } from "../../lib/generate/plan";
import { InputError } from "../../lib/io/input-error";
import { eachLine } from "../../lib/io/lines";
import { decodeUtf8, parseJsonlLine } from "../../lib/io/parse";
import { createJudgeClient, type FetchLike } from "../../lib/judge/client";
import type { ChatMessage } from "../../lib/judge/prompt";
import { makePromptLine, promptLineSchema } from "../../lib/prompts/prompt-line";
import { runLineSchema } from "../../lib/schemas/run-line";
import { loadDecisionPoints } from "../load/episodes";
import { readText } from "../load/files";
import { loadPromptPack } from "../load/prompt-pack";
import { parseCommandArgs, UsageError } from "./args";

export const summary = "answer every prompt with an OpenAI-compatible model and write the run file assay score reads";

type Prompt = { decision_id: string; messages: ChatMessage[] };

function integer(value: string | undefined, name: string, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`${name} must be an integer ≥ ${min} (got '${value}')`);
  return Number(value);
}

/** A prompts file from `assay prompts --format chat`; every decision id must be one of the shipped decision points. */
function readPrompts(file: string, known: ReadonlySet<string>): Prompt[] {
  const out: Prompt[] = [];
  const seen = new Map<string, number>();
  eachLine(readText(file), (text, n) => {
    if (text.trim() === "") return;
    const line = parseJsonlLine(text, file, n, promptLineSchema);
    if (!known.has(line.decision_id)) throw new InputError(file, n, "decision_id", `unknown decision id '${line.decision_id}'`);
    if (seen.has(line.decision_id)) throw new InputError(file, n, "decision_id", `duplicate prompt for '${line.decision_id}' (first on line ${seen.get(line.decision_id)}); use --samples for repeats`);
    seen.set(line.decision_id, n);
    if (!line.messages) throw new InputError(file, n, "messages", "generate sends chat messages: write the prompts with `assay prompts --format chat`");
    out.push({ decision_id: line.decision_id, messages: line.messages });
  });
  if (out.length === 0) throw new InputError(file, 0, "", "prompts file has no lines");
  return out;
}

/**
 * The lines an interrupted run already holds. A last line cut off mid-write is dropped from the file (it is asked
 * again); any other bad line, a duplicate, or a line from another model is bad input.
 */
function readDone(file: string, model: string): Set<string> {
  const done = new Map<string, number>();
  const bytes = readFileSync(file);
  // Only bytes after the last newline can be a write cut short (even inside a character), so they are read apart.
  const cut = bytes.lastIndexOf(0x0a) + 1;
  const head = decodeUtf8(bytes.subarray(0, cut), file);
  const lines = head === "" ? [] : head.slice(0, -1).split("\n");
  const tail = bytes.subarray(cut);
  const add = (raw: string, n: number) => {
    const line = parseJsonlLine(raw, file, n, runLineSchema);
    if ((line.model ?? null) !== model) throw new InputError(file, n, "model", `line written by model '${line.model ?? "(none)"}'; resume with the same --model`);
    const key = runLineKey(line);
    const first = done.get(key);
    if (first !== undefined) throw new InputError(file, n, "decision_id", `duplicate line for '${line.decision_id}' (first on line ${first})`);
    done.set(key, n);
  };
  lines.forEach((raw, i) => {
    if (raw.trim() !== "") add(raw, i + 1);
  });
  if (tail.length > 0) {
    let whole = false;
    try {
      add(new TextDecoder("utf-8", { fatal: true }).decode(tail), lines.length + 1);
      whole = true;
    } catch (e) {
      // A complete last line that is merely missing its newline but breaks a rule is still bad input.
      if (e instanceof InputError && e.field !== "") throw e;
    }
    if (whole) appendFileSync(file, "\n");
    else {
      truncateSync(file, cut);
      process.stderr.write(`assay generate: dropped the incomplete last line (${lines.length + 1}) of ${file}; it will be asked again\n`);
    }
  }
  return new Set(done.keys());
}

/**
 * `assay generate --model NAME --base-url URL [--prompts FILE] [--split dev|eval|all] [--samples K]
 * [--thinking on|off|both] [--concurrency N] [--resume] --out FILE` (docs/REWARD.md). Exit 0 when every request was
 * answered, 1 when some failed after their retries (listed on stderr; `--resume` asks them again), 2 on bad input.
 */
export async function run(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    model: { type: "string" },
    "base-url": { type: "string" },
    prompts: { type: "string" },
    split: { type: "string", default: "all" },
    samples: { type: "string" },
    thinking: { type: "string" },
    concurrency: { type: "string" },
    temperature: { type: "string" },
    "max-tokens": { type: "string" },
    "timeout-ms": { type: "string" },
    retries: { type: "string" },
    resume: { type: "boolean", default: false },
    out: { type: "string" },
  });
  if (!values.model) throw new UsageError("--model NAME is required");
  const baseUrl = values["base-url"];
  if (!baseUrl || !/^https?:\/\/\S+$/.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL of an OpenAI-compatible API (got '${baseUrl ?? ""}')`);
  if (!values.out) throw new UsageError("--out FILE is required");
  const split = values.split as string;
  if (split !== "dev" && split !== "eval" && split !== "all") throw new UsageError(`--split must be dev, eval or all (got '${split}')`);
  const thinking = (values.thinking ?? null) as ThinkingMode | null;
  if (thinking !== null && !(THINKING_MODES as readonly string[]).includes(thinking)) throw new UsageError(`--thinking must be on, off or both (got '${thinking}')`);
  const samples = integer(values.samples, "--samples", 1, 1);
  const concurrency = integer(values.concurrency, "--concurrency", 1, 4);
  const timeoutMs = integer(values["timeout-ms"], "--timeout-ms", 1, 120_000);
  const retries = integer(values.retries, "--retries", 0, 3);
  const maxTokens = values["max-tokens"] === undefined ? undefined : integer(values["max-tokens"], "--max-tokens", 1, 0);
  // One sample is an evaluation (greedy); several are draws from the policy, which need sampling.
  const temperature = values.temperature === undefined ? (samples > 1 ? 1 : 0) : Number(values.temperature);
  if (!Number.isFinite(temperature) || temperature < 0 || temperature > 2) throw new UsageError(`--temperature must be a number from 0 to 2 (got '${values.temperature}')`);

  const points = loadDecisionPoints();
  const known = new Set(points.map((p) => p.decision_id));
  const splitOf = new Map(points.map((p) => [p.decision_id, p.split]));
  let prompts: Prompt[];
  if (values.prompts) prompts = readPrompts(values.prompts, known);
  else {
    const pack = loadPromptPack();
    prompts = points.map((p) => makePromptLine(pack, p, "chat") as Prompt);
  }
  prompts = prompts.filter((p) => split === "all" || splitOf.get(p.decision_id) === split);

  const out = values.out;
  const exists = existsSync(out) && statSync(out).size > 0;
  if (exists && !values.resume) throw new UsageError(`${out} already exists: pass --resume to continue it, or remove it`);
  const done = exists ? readDone(out, values.model) : new Set<string>();
  const jobs = planJobs(prompts, thinking, samples, done);
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });

  const client = createJudgeClient({
    url: baseUrl,
    model: values.model,
    apiKey: env.ASSAY_MODEL_KEY || undefined,
    temperature,
    timeoutMs,
    retries,
    concurrency,
    fetch: fetch as unknown as FetchLike,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random: Math.random,
    now: Date.now,
  });

  const total = jobs.length;
  const started = Date.now();
  let finished = 0;
  const failures: string[] = [];
  let lastShown = 0;
  const progress = (final = false) => {
    const now = Date.now();
    if (!final && (now - lastShown < 1000 || finished === total)) return;
    lastShown = now;
    const rate = finished / Math.max(0.001, (now - started) / 1000);
    const line = `generate: ${finished}/${total} done, ${rate.toFixed(1)}/s, ${failures.length} error${failures.length === 1 ? "" : "s"}`;
    process.stderr.write(process.stderr.isTTY && !final ? `\r${line}` : `${process.stderr.isTTY ? "\r" : ""}${line}\n`);
  };
  if (done.size > 0) process.stderr.write(`assay generate: resuming ${out}: ${done.size} line(s) kept, ${total} to ask\n`);

  await Promise.all(
    jobs.map(async (job) => {
      const extra = { ...thinkingSwitch(thinking, job.thinking), ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }) };
      const r = await client.complete(job.messages, extra);
      finished++;
      // A line is appended whole in one write, so an interruption leaves at most the last line cut off (readDone drops it).
      if (r.ok) appendFileSync(out, `${JSON.stringify(runLineOf(job, r.content, values.model!))}\n`);
      else failures.push(`${job.decision_id} (thinking ${job.thinking ? "on" : "off"}, sample ${job.sample}): ${r.error}`);
      progress();
    }),
  );
  progress(true);
  if (failures.length > 0) {
    process.stderr.write(`assay generate: ${failures.length} request(s) failed after their retries and were written nowhere; run again with --resume to ask them again:\n${failures.map((f) => `  ${f}\n`).join("")}`);
    return 1;
  }
  process.stderr.write(`assay generate: ${out} holds ${done.size + total} line(s)\n`);
  return 0;
}
