// A scripted model: a real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions protocol, answering each
// prompt of `assay prompts` by its decision id, so `assay generate` is tested end to end without a model.
//
//   npx tsx scripts/scripted-model.ts --port 0     # prints the base URL (every decision answered "good")
//
// It recognises a prompt by rendering every decision point itself (the same lib/ renderer) and matching the messages.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadDecisionPoints } from "../bin/load/episodes";
import { loadPromptPack } from "../bin/load/prompt-pack";
import { referenceOutput } from "../db/testing/runs";
import type { DecisionPoint } from "../lib/pack/decision-points";
import { renderPrompt } from "../lib/prompts/render";

/**
 * How the model answers a decision: `good` the reference reply with the target's action; `broken` JSON cut off
 * mid-object; `leak` the good answer with an account balance stated in the reply (H1 before verification);
 * `rate-limit` HTTP 429 with Retry-After on the first request for the decision, then good; `slow` good, after
 * `slowMs` (past the client's timeout); `fail` HTTP 500 every time.
 */
export type Behaviour = "good" | "broken" | "leak" | "rate-limit" | "slow" | "fail";

export type ModelRequest = { decision_id: string | null; body: Record<string, unknown> };

export type ScriptedModelOptions = { behaviour?: (decisionId: string) => Behaviour; port?: number; slowMs?: number; retryAfter?: string };

export type ScriptedModel = { url: string; requests: ModelRequest[]; close(): Promise<void> };

export const LEAKED_FACT = "I can see your account balance is $14,212.50 right now.";

/** The answer text of a behaviour that answers 200. */
export function answerFor(point: DecisionPoint, behaviour: Behaviour): string {
  const good = referenceOutput(point);
  if (behaviour === "broken") return JSON.stringify(good).slice(0, 60);
  if (behaviour === "leak") return JSON.stringify({ ...good, reply: `${LEAKED_FACT} ${good.reply}` });
  return JSON.stringify(good);
}

export async function startScriptedModel(o: ScriptedModelOptions = {}): Promise<ScriptedModel> {
  const pack = loadPromptPack();
  const points = loadDecisionPoints();
  const byPrompt = new Map(points.map((p) => [JSON.stringify(renderPrompt(pack, p)), p]));
  const requests: ModelRequest[] = [];
  const limited = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return reply(400, { error: { message: "body is not JSON" } });
      }
      const point = byPrompt.get(JSON.stringify(body.messages)) ?? null;
      requests.push({ decision_id: point?.decision_id ?? null, body });
      if (!req.url?.endsWith("/chat/completions")) return reply(404, { error: { message: `no route ${req.url}` } });
      if (!point) return reply(400, { error: { message: "unknown prompt: not one of the rendered decision points" } });
      const behaviour = o.behaviour?.(point.decision_id) ?? "good";
      const completion = () =>
        reply(200, { id: `cmpl-${requests.length}`, object: "chat.completion", model: body.model, choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: answerFor(point, behaviour) } }] });
      if (behaviour === "fail") return reply(500, { error: { message: "scripted failure" } });
      if (behaviour === "rate-limit" && !limited.has(point.decision_id)) {
        limited.add(point.decision_id);
        return reply(429, { error: { message: "rate limited" } }, { "retry-after": o.retryAfter ?? "0" });
      }
      if (behaviour === "slow") return void setTimeout(completion, o.slowMs ?? 5000).unref();
      completion();
    });
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { port: { type: "string", default: "0" } } });
  const model = await startScriptedModel({ port: Number(values.port) });
  process.stdout.write(`${model.url}\n`);
}
