import { isUtf8 } from "node:buffer";
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import { DETECTOR_CODES } from "../../lib/pack/vocab";
import { promptVersion } from "../../lib/prompts/version";
import { END_MARKERS, orderMarkers } from "../../lib/reward/end-markers";
import { parseScoreRequest } from "../../lib/reward/native";
import { parseVerifyRequest, verifyResponse } from "../../lib/reward/nemo-gym";
import { openRlhfResponse, parseOpenRlhfRequest } from "../../lib/reward/openrlhf";
import { createPromptIndex } from "../../lib/reward/prompt-index";
import { fail, MAX_BATCH, MAX_BODY_BYTES, type Parsed, type RequestError } from "../../lib/reward/request-error";
import { MAX_REPLY_CHARS, type RewardInput, type ScoredOutput } from "../../lib/reward/score-outputs";
import { loadScoringContext } from "../load/context";
import { loadPromptPack } from "../load/prompt-pack";
import { createRefusalLog } from "./refusal-log";
import { CancelledError, createScoringPool, type ScoringPool } from "./pool";

// The reward server (docs/REWARD.md): stateless HTTP over the lib/ scorer. Every answer depends only on the request
// and the shipped pack, so any number of instances can serve one trainer behind a load balancer.

export type RewardServerOptions = {
  host: string;
  port: number;
  workers: number;
  /** Markers stripped from a reply's end besides the table's (`--end-marker`). */
  endMarkers?: readonly string[];
  /** When set, every route but /healthz needs `Authorization: Bearer TOKEN` or the path prefix `/TOKEN/`. */
  token?: string;
  /** Operational lines (refusals, cancellations, shutdown), one line each, without a newline. */
  log?: (line: string) => void;
};
export type RewardServer = {
  url: string;
  host: string;
  port: number;
  /** Stops accepting, lets the requests in flight finish for up to graceMs, then closes; resolves with what was left. */
  drain(graceMs: number): Promise<{ unfinished: number }>;
  close(): Promise<void>;
};

/** A port already taken, or one the process may not bind: the CLI prints the message and exits 1. */
export class ListenError extends Error {
  override name = "ListenError";
}

/** Outputs of a /v1/score batch validated between two turns of the event loop. */
const SLICE = 512;

/** How long nothing must be in flight before a drain ends. */
const QUIET_MS = 200;

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

/** A client that reset or closed its connection mid-request: not a fault of the server, never logged as one. */
function clientGone(e: unknown, req: IncomingMessage): boolean {
  const code = (e as { code?: string })?.code;
  return e instanceof CancelledError || req.destroyed || code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE" || (e as Error)?.message === "aborted";
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
  // isUtf8 then toString: the same strict check as a fatal TextDecoder at a fraction of its cost on non-ASCII text
  // (OpenRLHF sends a ~64 KB body per sample); a leading BOM is dropped, as TextDecoder does.
  const bytes = Buffer.concat(chunks, size);
  if (!isUtf8(bytes)) throw new BodyError(fail(400, "", "the body is not valid UTF-8").error);
  let text = bytes.toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new BodyError(fail(400, "", `the body is not JSON (${(e as Error).message})`).error);
  }
}

/** JSON is what every POST route reads; a body sent as a form or text is refused rather than guessed at. */
function contentTypeError(req: IncomingMessage): RequestError | null {
  const type = req.headers["content-type"];
  if (type === undefined) return null;
  const media = type.split(";")[0]!.trim().toLowerCase();
  if (media === "application/json" || media.endsWith("+json")) return null;
  return { status: 415, error: `content-type must be application/json (got '${type.slice(0, 100)}')`, index: null, field: "" };
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Binds the port first (a port already taken fails at once, before seconds of loading), answering 503 until ready;
 * then loads the pack, measures the detectors on the probes (as `assay score` does) and starts the threads.
 */
export async function startRewardServer(o: RewardServerOptions): Promise<RewardServer> {
  const log = o.log ?? (() => {});
  let app: App | null = null;
  let requests = 0;
  let inflight = 0;
  let draining = false;
  let drained: (() => void) | null = null;
  const server = createServer((req, res) => {
    requests++;
    inflight++;
    // While draining, every answer closes its connection, so keep-alive clients (nginx's pool) move to another replica.
    if (draining) res.setHeader("connection", "close");
    const gone = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) gone.abort();
      if (--inflight === 0 && drained) drained();
    });
    if (app === null) {
      req.resume();
      return send(res, 503, { error: "the server is starting (loading the pack, measuring the detectors)", index: null, field: "" });
    }
    const a = app;
    a.handle(req, res, gone.signal).catch((e: unknown) => {
      if (e instanceof BodyError) return a.refuse(res, (req.url ?? "/").split("?")[0]!, e.failure);
      if (clientGone(e, req)) {
        if (e instanceof CancelledError) a.refusals.cancelled();
        return res.destroy();
      }
      const message = (e as Error)?.message ?? String(e);
      log(`${req.method} ${req.url}: internal error: ${message}`);
      if (!res.headersSent) send(res, 500, { error: `internal error: ${message}`, index: null, field: "" });
      else res.destroy();
    });
  });
  // Trainers hold connections open between steps; the default 5 s would close them under a slow step.
  server.keepAliveTimeout = 65_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(o.port, o.host, () => resolve());
    });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "EADDRINUSE") throw new ListenError(`port ${o.port} on ${o.host} is already in use (EADDRINUSE): stop what holds it, or choose another --port`);
    if (code === "EACCES") throw new ListenError(`not allowed to listen on ${o.host}:${o.port} (EACCES): choose a port above 1023`);
    if (code === "EADDRNOTAVAIL") throw new ListenError(`${o.host} is not an address of this machine (EADDRNOTAVAIL)`);
    throw e;
  }
  server.on("error", (e) => log(`server error: ${(e as Error).message}`));
  try {
    app = await createApp(o, log, () => requests, () => draining);
  } catch (e) {
    server.close();
    server.closeAllConnections();
    throw e;
  }
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const pool = app.pool;
  const refusals = app.refusals;

  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool.close();
      refusals.flush();
    })());

  return {
    url: `http://${shownHost}:${address.port}`,
    host: address.address,
    port: address.port,
    close,
    async drain(graceMs) {
      draining = true;
      // Stop listening but keep the open connections: http.Server.close() would also close the ones that look idle,
      // and a request whose bytes have arrived but are not parsed yet looks idle (it would be dropped unanswered).
      // Requests on kept-alive connections are still answered, each with `connection: close`.
      // Connections the kernel has completed but the server not yet accepted would be reset by closing the
      // listener: let one poll phase accept them first.
      await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => setImmediate(r));
      net.Server.prototype.close.call(server);
      const deadline = Date.now() + graceMs;
      // Done when nothing has been in flight for QUIET_MS: a kept-alive client between two requests is not done.
      while (Date.now() < deadline) {
        if (inflight === 0) {
          await new Promise((r) => setTimeout(r, Math.min(QUIET_MS, Math.max(0, deadline - Date.now()))));
          if (inflight === 0) break;
          continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
          drained = () => {
            clearTimeout(timer);
            drained = null;
            resolve();
          };
        });
      }
      const unfinished = inflight;
      await close();
      return { unfinished };
    },
  };
}

type App = {
  handle(req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void>;
  refuse(res: ServerResponse, route: string, e: RequestError): void;
  refusals: ReturnType<typeof createRefusalLog>;
  pool: ScoringPool;
};

/** The routes over a loaded pack and a started pool of scoring threads. */
async function createApp(o: RewardServerOptions, log: (line: string) => void, requests: () => number, draining: () => boolean): Promise<App> {
  const ctx = loadScoringContext();
  const advisory = new Set(DETECTOR_CODES.filter((c) => ctx.detectors[c].advisory));
  const ids = new Set(ctx.points.map((p) => p.decision_id));
  const known = (id: string) => ids.has(id);
  const markers = orderMarkers([...END_MARKERS, ...(o.endMarkers ?? [])]);
  const prompts = createPromptIndex(loadPromptPack(), ctx.points);
  const pool = await createScoringPool(o.workers, { advisory: [...advisory] });
  const refusals = createRefusalLog(log);
  const info = {
    pack_version: ctx.pack.version,
    eval_hash: ctx.evalHash,
    prompt_version: promptVersion(ctx.pack.version),
    decision_points: ctx.points.length,
    advisory: [...advisory],
    detectors: ctx.detectors,
    workers: pool.size,
    limits: { max_batch: MAX_BATCH, max_body_bytes: MAX_BODY_BYTES, max_reply_chars: MAX_REPLY_CHARS },
    end_markers: markers,
    routes: Object.entries(ROUTES).map(([path, method]) => `${method} ${path}`),
  };
  const refuse = (res: ServerResponse, route: string, e: RequestError) => {
    refusals.refused(e.status, route, e.index, e.error);
    send(res, e.status, { error: e.error, index: e.index, field: e.field });
  };
  const scoreAll = async <T>(parsed: Parsed<T>, items: (v: T) => Parameters<typeof pool.score>[0], signal: AbortSignal): Promise<{ value: T; scored: ScoredOutput[] } | RequestError> => {
    if (!parsed.ok) return parsed.error;
    const scored = await pool.score(items(parsed.value), { signal });
    // Every id was checked against the pack before scoring, so a null here is a server fault, never a reward of 0.
    if (scored.some((s) => s === null)) throw new Error("a scoring thread did not know a checked decision id");
    return { value: parsed.value, scored: scored as ScoredOutput[] };
  };

  // A large batch is validated SLICE outputs at a time with the event loop let go between slices, so other clients'
  // requests are read and queued meanwhile instead of waiting for all 10,000 outputs (tens of ms).
  // Outputs of requests whose client left before they reached the threads (the pool counts the ones it dropped).
  let unscored = 0;
  const parseScoreInSlices = async (body: unknown, signal: AbortSignal): Promise<Parsed<RewardInput[]>> => {
    const outputs = (body as { outputs?: unknown } | null)?.outputs;
    if (!Array.isArray(outputs) || outputs.length <= SLICE || outputs.length > MAX_BATCH) return parseScoreRequest(body, known, markers);
    const head = parseScoreRequest({ ...(body as object), outputs: [] }, known, markers);
    if (!head.ok) return head;
    const items: RewardInput[] = [];
    for (let from = 0; from < outputs.length; from += SLICE) {
      await new Promise((r) => setImmediate(r));
      if (signal.aborted) {
        unscored += outputs.length;
        throw new CancelledError("the client went away");
      }
      const r = parseScoreRequest({ outputs: outputs.slice(from, from + SLICE) }, known, markers);
      if (!r.ok) {
        const index = r.error.index === null ? null : r.error.index + from;
        const shift = (t: string) => t.replace(/^outputs\[(\d+)\]/, (_m, i: string) => `outputs[${Number(i) + from}]`);
        return { ok: false, error: { ...r.error, index, field: shift(r.error.field), error: shift(r.error.error) } };
      }
      for (const item of r.value) items.push(item);
    }
    return { ok: true, value: items };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> => {
    let path = (req.url ?? "/").split("?")[0]!;
    if (o.token !== undefined && path !== "/healthz") {
      // OpenRLHF sends no Authorization header, so the token may lead the path: http://host:8787/TOKEN/get_reward.
      const prefix = `/${o.token}/`;
      const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim();
      if (path.length > prefix.length && sameToken(path.slice(0, prefix.length), prefix)) path = path.slice(prefix.length - 1);
      else if (bearer === undefined || !sameToken(bearer, o.token)) {
        res.setHeader("www-authenticate", 'Bearer realm="assay"');
        return refuse(res, "(unauthorised)", { status: 401, error: "this server needs its token: Authorization: Bearer TOKEN, or the path /TOKEN/…", index: null, field: "" });
      }
    }
    const method = ROUTES[path];
    if (!method) return refuse(res, path, fail(404, "", `no route ${path}; routes: ${info.routes.join(", ")}`).error);
    if (req.method !== method && !(method === "GET" && req.method === "HEAD")) {
      res.setHeader("allow", method === "GET" ? "GET, HEAD" : method);
      return refuse(res, path, fail(405, "", `${path} takes ${method}, not ${req.method}`).error);
    }
    // A draining replica says so, for a balancer's active check or an orchestrator's readiness probe.
    if (path === "/healthz") return draining() ? send(res, 503, { ok: false, draining: true }) : send(res, 200, { ok: true });
    if (path === "/v1/info") return send(res, 200, { ...info, counters: { requests: requests(), scored: pool.counters().scored, cancelled: pool.counters().cancelled + unscored, prompts_cached: prompts.cached() } });
    const typeError = contentTypeError(req);
    if (typeError) {
      req.resume();
      return refuse(res, path, typeError);
    }
    const body = await readJson(req);
    if (path === "/v1/score") {
      const parsed = await parseScoreInSlices(body, signal);
      if (!parsed.ok) return refuse(res, path, parsed.error);
      // The threads serialise their own results (nativeResult, as JSON); the main thread only joins the texts.
      const results = await pool.scoreNative(parsed.value, { signal });
      if (results === null) throw new Error("a scoring thread did not know a checked decision id");
      return sendText(res, 200, `{"results":${results}}`);
    }
    if (path === "/get_reward") {
      const r = await scoreAll(parseOpenRlhfRequest(body, { prompts, markers }), (v) => v, signal);
      if ("status" in r) return refuse(res, path, r);
      return send(res, 200, openRlhfResponse(r.scored));
    }
    const r = await scoreAll(parseVerifyRequest(body, known, markers), (v) => [v.input], signal);
    if ("status" in r) return refuse(res, path, r);
    return send(res, 200, verifyResponse(r.value.body, r.scored[0]!));
  };

  return { handle, refuse, refusals, pool };
}
