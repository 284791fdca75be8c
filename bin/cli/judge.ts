import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../lib/io/input-error";
import { createJudgeClient, type FetchLike } from "../../lib/judge/client";
import { readJudgeConfig } from "../../lib/judge/config";
import { expandSuites } from "../../lib/judge/expand";
import { judgeMarkdown } from "../../lib/judge/markdown";
import { judgeReportV2Schema } from "../../lib/judge/report-schema";
import { runJudge } from "../../lib/judge/run-judge";
import { loadGoldenSuites, ROLES_DIR } from "../load/golden-suites";
import { matchCandidates } from "../load/judge-candidates";
import { parseCommandArgs, UsageError } from "./args";

export const summary = "judge candidate replies against the role and policy suites (K votes, quorum, v2 report)";

/**
 * `assay judge --candidates FILE [--votes K] [--roles a,b] --out FILE [--example]`. Writes the v2 report to --out and a
 * markdown summary to stdout. Exit 0 when the run completed (error cases are in the report), 1 when every case
 * errored (nothing was judged: usually a wrong URL, model or key), 2 on bad input or configuration.
 */
export async function run(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    candidates: { type: "string" },
    votes: { type: "string" },
    roles: { type: "string" },
    out: { type: "string" },
    example: { type: "boolean", default: false },
  });
  if (!values.candidates) throw new UsageError("--candidates FILE is required");
  if (!values.out) throw new UsageError("--out FILE is required");
  const cfg = readJudgeConfig(env, values.votes);
  if (!cfg.ok) throw new UsageError(cfg.error);
  const config = cfg.config;

  const { roles, policy } = loadGoldenSuites();
  const only = values.roles?.split(",").map((r) => r.trim()).filter(Boolean);
  const all = expandSuites(roles, policy);
  if (!all.ok) throw new InputError(ROLES_DIR, 0, "", all.error);
  const selected = expandSuites(roles, policy, only);
  if (!selected.ok) throw new UsageError(selected.error);
  const { jobs, skipped, missing } = matchCandidates(values.candidates, all.cases, selected.cases);
  if (skipped > 0) process.stderr.write(`assay judge: skipped ${skipped} candidate line(s) outside --roles ${only?.join(",")}\n`);
  if (missing.length > 0) {
    process.stderr.write(`assay judge: warning: ${missing.length} selected case(s) have no candidate and are not judged: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}\n`);
  }

  const client = createJudgeClient({
    url: config.url,
    model: config.model,
    apiKey: config.apiKey,
    temperature: config.temperature,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    concurrency: config.concurrency,
    fetch: fetch as unknown as FetchLike,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random: Math.random,
    now: Date.now,
  });
  const report = await runJudge(jobs, {
    complete: client.complete,
    votes: config.votes,
    passThreshold: config.passThreshold,
    model: config.model,
    temperature: config.temperature,
    example: values.example,
    // Example reports ship in git: no timestamp, so regenerating them gives byte-identical files.
    createdAt: values.example ? undefined : new Date().toISOString(),
    missingCandidates: missing,
    // Progress only on a terminal: a long run (156 cases × K=5) should show it is alive; logs stay clean.
    onCase: process.stderr.isTTY ? (_c, done, total) => void process.stderr.write(`\rjudged ${done}/${total} cases${done === total ? "\n" : ""}`) : undefined,
  });

  const checked = judgeReportV2Schema.parse(report); // the writer honours the contract it promises readers
  mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(checked, null, 2)}\n`);
  process.stdout.write(`${judgeMarkdown(checked, values.out)}\n`);
  return checked.summary.n_cases > 0 && checked.summary.errors === checked.summary.n_cases ? 1 : 0;
}
