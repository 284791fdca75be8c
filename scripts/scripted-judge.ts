// A scripted judge: a real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions protocol, so tests and
// example runs exercise the real client (timeouts, retries, concurrency) without a model or a token.
//
//   npx tsx scripts/scripted-judge.ts --mode strict --port 0     # prints the base URL, serves until Ctrl-C
//
// Per request the server takes the first answer from: options.script(request), then options.plan (a queue consumed
// in arrival order), then the fallback mode ("strict": the keyword grader in strict-grader.ts; "lenient": every item
// covered, no violation, alignment 0.9; "fail": HTTP 500).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { readJudgePayload, type JudgePayload } from "../lib/judge/prompt";
import { strictVote } from "./strict-grader";

/** A vote built from the prompt's own items: unlisted items take the defaults (covered, no violation). */
export type VoteSpec = {
  alignment: number;
  items?: Record<string, boolean>;
  violations?: Record<string, boolean>;
  defaultItem?: boolean;
  defaultViolation?: boolean;
  rationale?: string;
  /** Wrap the JSON in a ```json fence, as chatty models do. */
  fence?: boolean;
};

export type ScriptStep =
  | { kind: "vote"; vote: VoteSpec }
  | { kind: "strict" }
  | { kind: "content"; content: string } // 200 with this message content verbatim (malformed votes)
  | { kind: "status"; status: number; body?: string; retryAfter?: string }
  | { kind: "raw"; body: string } // 200 with a body that is not a chat completion
  | { kind: "hang" } // never answers; the client's timeout must fire
  | { kind: "drop" }; // destroys the socket: a network error

export type ScriptedRequest = {
  index: number;
  body: unknown;
  payload: JudgePayload | null;
  headers: IncomingHttpHeaders;
  /** How many earlier requests carried exactly the same messages (0 for the first). */
  repetition: number;
};

export type ScriptedJudgeOptions = {
  mode?: "strict" | "lenient" | "fail";
  plan?: ScriptStep[];
  script?: (req: ScriptedRequest) => ScriptStep | undefined;
  port?: number;
  /** Delay before every answer, like a model's generation time (lets tests see concurrent requests). */
  latencyMs?: number;
};

export type ScriptedJudge = {
  url: string;
  port: number;
  requests: ScriptedRequest[];
  stats: { inFlight: number; maxInFlight: number };
  close(): Promise<void>;
};

export function voteBody(payload: JudgePayload, spec: VoteSpec): string {
  const vote = {
    items: Object.fromEntries(payload.must_include.map((t) => [t, spec.items?.[t] ?? spec.defaultItem ?? true])),
    violations: Object.fromEntries(payload.must_not_include.map((t) => [t, spec.violations?.[t] ?? spec.defaultViolation ?? false])),
    alignment: spec.alignment,
    rationale: spec.rationale ?? "scripted vote",
  };
  const json = JSON.stringify(vote);
  return spec.fence ? `Here is my grading:\n\`\`\`json\n${json}\n\`\`\`` : json;
}

function sendCompletion(res: ServerResponse, index: number, model: unknown, content: string) {
  const body = {
    id: `chatcmpl-scripted-${index}`,
    object: "chat.completion",
    created: 0,
    model: typeof model === "string" ? model : "scripted",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** Starts the server on 127.0.0.1 (port 0 = any free port). */
export async function startScriptedJudge(options: ScriptedJudgeOptions = {}): Promise<ScriptedJudge> {
  const plan = [...(options.plan ?? [])];
  const requests: ScriptedRequest[] = [];
  const stats = { inFlight: 0, maxInFlight: 0 };
  const seen = new Map<string, number>();

  const server = createServer((req, res) => {
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    res.on("close", () => stats.inFlight--);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      let body: { model?: unknown; messages?: unknown } | null = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "body is not JSON" } }));
        return;
      }
      const messages = Array.isArray(body?.messages) ? (body.messages as Array<{ role?: unknown; content?: unknown }>) : [];
      const key = JSON.stringify(messages);
      const repetition = seen.get(key) ?? 0;
      seen.set(key, repetition + 1);
      const request: ScriptedRequest = { index: requests.length, body, payload: readJudgePayload(messages), headers: req.headers, repetition };
      requests.push(request);

      const fallback: ScriptStep = options.mode === "fail" ? { kind: "status", status: 500 } : options.mode === "lenient" ? { kind: "vote", vote: { alignment: 0.9 } } : { kind: "strict" };
      const step = options.script?.(request) ?? plan.shift() ?? fallback;
      const model = body?.model;
      if (options.latencyMs) setTimeout(() => respond(step, request, model, res), options.latencyMs);
      else respond(step, request, model, res);
    });
  });

  function respond(step: ScriptStep, request: ScriptedRequest, model: unknown, res: ServerResponse) {
    const p = request.payload;
    switch (step.kind) {
      case "hang":
        return;
      case "drop":
        res.socket?.destroy();
        return;
      case "status": {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (step.retryAfter !== undefined) headers["retry-after"] = step.retryAfter;
        res.writeHead(step.status, headers).end(step.body ?? JSON.stringify({ error: { message: `scripted ${step.status}` } }));
        return;
      }
      case "raw":
        res.writeHead(200, { "content-type": "application/json" }).end(step.body);
        return;
      case "content":
        return sendCompletion(res, request.index, model, step.content);
      case "vote":
      case "strict":
        if (!p) {
          res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not a judge prompt" } }));
          return;
        }
        return sendCompletion(res, request.index, model, step.kind === "vote" ? voteBody(p, step.vote) : JSON.stringify(strictVote(p, request.repetition)));
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // hanging requests would otherwise keep the server open
        server.close(() => resolve());
      }),
  };
}

async function cli() {
  const { values } = parseArgs({ options: { mode: { type: "string", default: "strict" }, port: { type: "string", default: "0" } } });
  const mode = values.mode as ScriptedJudgeOptions["mode"];
  if (!["strict", "lenient", "fail"].includes(mode ?? "")) {
    process.stderr.write("usage: scripted-judge.ts [--mode strict|lenient|fail] [--port N]\n");
    process.exitCode = 2;
    return;
  }
  const judge = await startScriptedJudge({ mode, port: Number(values.port) });
  process.stdout.write(`scripted judge (${mode}) listening on ${judge.url}\nexport ASSAY_JUDGE_URL=${judge.url}\n`);
  const stop = () => void judge.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void cli();
