import { createLimiter } from "./limiter";
import type { ChatMessage } from "./prompt";

// The judge is any OpenAI-compatible chat-completions endpoint (SPEC §3). fetch, sleep, random and now are parameters
// so tests drive retries and backoff without a real clock; the per-request timeout uses a real timer by design.

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

export type JudgeClientOptions = {
  /** Base URL (`http://host:8000/v1`); `/chat/completions` is appended unless the URL already ends with it. */
  url: string;
  model: string;
  apiKey?: string;
  temperature: number;
  timeoutMs: number;
  /** Retries after the first attempt, on 429, 5xx and network errors. A timeout is not retried. */
  retries: number;
  concurrency: number;
  fetch: FetchLike;
  sleep: (ms: number) => Promise<void>;
  /** Uniform in [0, 1): the backoff jitter. */
  random: () => number;
  /** Epoch ms: only to read an HTTP-date Retry-After. */
  now: () => number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
};

export type Completion = { ok: true; content: string; attempts: number } | { ok: false; error: string; attempts: number };

/** `extra` adds fields to the request body (`assay generate` sends a thinking switch); the judge sends none. */
export type JudgeClient = { complete(messages: ChatMessage[], extra?: Record<string, unknown>): Promise<Completion> };

type Attempt = { ok: true; content: string } | { ok: false; error: string; retryable: boolean; retryAfterMs?: number };

const RETRY_AFTER_CAP_MS = 60_000;

export function completionsUrl(url: string): string {
  const base = url.replace(/\/+$/, "");
  return base.endsWith("/chat/completions") ? base : `${base}/chat/completions`;
}

/** Retry-After as delta-seconds or an HTTP date, capped at a minute; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const ms = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(RETRY_AFTER_CAP_MS, Math.max(0, ms)) : undefined;
}

/** Exponential backoff with equal jitter: half the capped exponential delay fixed, half random. */
export function backoffMs(attempt: number, random: number, baseMs = 500, capMs = 8000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/**
 * A client whose complete() never throws: it returns the message content, or why the vote failed after
 * its retries. At most `concurrency` votes are in flight (a vote holds its slot through its backoff, which is what
 * eases a rate-limited endpoint).
 */
export function createJudgeClient(o: JudgeClientOptions): JudgeClient {
  const limited = createLimiter(o.concurrency);
  const endpoint = completionsUrl(o.url);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;

  async function attemptOnce(body: string): Promise<Attempt> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), o.timeoutMs);
    try {
      const res = await o.fetch(endpoint, { method: "POST", headers, body, signal: controller.signal });
      const text = await res.text();
      if (res.status === 429 || res.status >= 500) {
        return { ok: false, retryable: true, error: `HTTP ${res.status}${snippet(text)}`, retryAfterMs: parseRetryAfter(res.headers.get("retry-after"), o.now()) };
      }
      if (res.status < 200 || res.status > 299) return { ok: false, retryable: false, error: `HTTP ${res.status}${snippet(text)}` };
      return readContent(text);
    } catch (e) {
      if (controller.signal.aborted) return { ok: false, retryable: false, error: `timeout after ${o.timeoutMs} ms` };
      return { ok: false, retryable: true, error: `network error: ${(e as Error)?.message ?? String(e)}` };
    } finally {
      clearTimeout(timer);
    }
  }

  async function complete(messages: ChatMessage[], extra?: Record<string, unknown>): Promise<Completion> {
    const body = JSON.stringify({ model: o.model, messages, temperature: o.temperature, ...extra });
    return limited(async () => {
      for (let attempt = 0; ; attempt++) {
        const r = await attemptOnce(body);
        if (r.ok) return { ok: true, content: r.content, attempts: attempt + 1 };
        if (!r.retryable || attempt >= o.retries) {
          return { ok: false, error: attempt > 0 ? `${r.error} (after ${attempt + 1} attempts)` : r.error, attempts: attempt + 1 };
        }
        await o.sleep(r.retryAfterMs ?? backoffMs(attempt, o.random(), o.backoffBaseMs, o.backoffCapMs));
      }
    });
  }

  return { complete };
}

function snippet(text: string): string {
  const t = text.trim().replace(/\s+/g, " ");
  return t ? `: ${t.slice(0, 160)}` : "";
}

/** A 2xx body must be a chat completion whose first choice has string content; anything else fails the vote. */
function readContent(text: string): Attempt {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, retryable: false, error: `response body is not JSON${snippet(text)}` };
  }
  const content = (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
  if (typeof content !== "string") return { ok: false, retryable: false, error: "response has no choices[0].message.content string" };
  return { ok: true, content };
}
