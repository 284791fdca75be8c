import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DETECTOR_CODES } from "../../lib/pack/vocab";
import { promptVersion } from "../../lib/prompts/version";
import { parseScoreRequest } from "../../lib/reward/native";
import { parseVerifyRequest, verifyResponse } from "../../lib/reward/nemo-gym";
import { openRlhfResponse, parseOpenRlhfRequest } from "../../lib/reward/openrlhf";
import { fail, MAX_BATCH, MAX_BODY_BYTES, type Parsed, type RequestError } from "../../lib/reward/request-error";
import type { ScoredOutput } from "../../lib/reward/score-outputs";
import { loadScoringContext } from "../load/context";
import { createScoringPool } from "./pool";

// The reward server (docs/REWARD.md): stateless HTTP over the lib/ scorer. Every answer depends only on the request
// and the shipped pack, so any number of instances can serve one trainer.

export type RewardServerOptions = { host: string; port: number; workers: number; onError?: (message: string) => void };
export type RewardServer = { url: string; host: string; port: number; close(): Promise<void> };

const ROUTES: Record<string, "GET" | "POST"> = { "/v1/score": "POST", "/get_reward": "POST", "/verify": "POST", "/healthz": "GET", "/v1/info": "GET" };

class BodyError extends Error {
  constructor(readonly failure: RequestError) {
    super(failure.error);
  }
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  sendText(res, status, JSON.stringify(body));
}

function sendError(res: ServerResponse, e: RequestError): void {
  send(res, e.status, { error: e.error, index: e.index, field: e.field });
}

/**
 * Reads the body up to MAX_BODY_BYTES as strict UTF-8 JSON; anything else is a BodyError (413 or 400). An oversized
 * body is read to its end and dropped, so the client, still sending, gets the 413 instead of a broken pipe.
 */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw new BodyError(fail(413, "", `the body is ${declared} bytes, over the limit of ${MAX_BODY_BYTES}`).error);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  if (size > MAX_BODY_BYTES) throw new BodyError(fail(413, "", `the body is over the limit of ${MAX_BODY_BYTES} bytes`).error);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks, size));
  } catch {
    throw new BodyError(fail(400, "", "the body is not valid UTF-8").error);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new BodyError(fail(400, "", `the body is not JSON (${(e as Error).message})`).error);
  }
}

/** Loads the pack, measures the detectors on the probes (as `assay score` does), starts the threads, then listens. */
export async function startRewardServer(o: RewardServerOptions): Promise<RewardServer> {
  const ctx = loadScoringContext();
  const advisory = new Set(DETECTOR_CODES.filter((c) => ctx.detectors[c].advisory));
  const ids = new Set(ctx.points.map((p) => p.decision_id));
  const known = (id: string) => ids.has(id);
  const pool = await createScoringPool(o.workers, { advisory: [...advisory] });
  const info = {
    pack_version: ctx.pack.version,
    eval_hash: ctx.evalHash,
    prompt_version: promptVersion(ctx.pack.version),
    decision_points: ctx.points.length,
    advisory: [...advisory],
    detectors: ctx.detectors,
    workers: pool.size,
    limits: { max_batch: MAX_BATCH, max_body_bytes: MAX_BODY_BYTES },
    routes: Object.entries(ROUTES).map(([path, method]) => `${method} ${path}`),
  };

  const scoreAll = async <T>(parsed: Parsed<T>, items: (v: T) => Parameters<typeof pool.score>[0]): Promise<{ value: T; scored: ScoredOutput[] } | RequestError> => {
    if (!parsed.ok) return parsed.error;
    const scored = await pool.score(items(parsed.value));
    // Every id was checked against the pack before scoring, so a null here is a server fault, never a reward of 0.
    if (scored.some((s) => s === null)) throw new Error("a scoring thread did not know a checked decision id");
    return { value: parsed.value, scored: scored as ScoredOutput[] };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? "/").split("?")[0]!;
    const method = ROUTES[path];
    if (!method) return sendError(res, fail(404, "", `no route ${path}; routes: ${info.routes.join(", ")}`).error);
    if (req.method !== method) {
      res.setHeader("allow", method);
      return sendError(res, fail(405, "", `${path} takes ${method}, not ${req.method}`).error);
    }
    if (path === "/healthz") return send(res, 200, { ok: true });
    if (path === "/v1/info") return send(res, 200, info);
    const body = await readJson(req);
    if (path === "/v1/score") {
      const parsed = parseScoreRequest(body, known);
      if (!parsed.ok) return sendError(res, parsed.error);
      // The threads serialise their own results (nativeResult, as JSON); the main thread only joins the texts.
      const results = await pool.scoreNative(parsed.value);
      if (results === null) throw new Error("a scoring thread did not know a checked decision id");
      return sendText(res, 200, `{"results":${results}}`);
    }
    if (path === "/get_reward") {
      const r = await scoreAll(parseOpenRlhfRequest(body, known), (v) => v);
      if ("status" in r) return sendError(res, r);
      return send(res, 200, openRlhfResponse(r.scored));
    }
    const r = await scoreAll(parseVerifyRequest(body, known), (v) => [v.input]);
    if ("status" in r) return sendError(res, r);
    return send(res, 200, verifyResponse(r.value.body, r.scored[0]!));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (e instanceof BodyError) return sendError(res, e.failure);
      const message = (e as Error)?.message ?? String(e);
      o.onError?.(`${req.method} ${req.url}: ${message}`);
      if (!res.headersSent) send(res, 500, { error: `internal error: ${message}`, index: null, field: "" });
      else res.destroy();
    });
  });
  // Trainers hold connections open between steps; the default 5 s would close them under a slow step.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    host: address.address,
    port: address.port,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool.close();
    },
  };
}
