import { afterEach, describe, expect, it } from "vitest";
import { startScriptedJudge, type ScriptedJudge, type ScriptStep } from "../../scripts/scripted-judge";
import { makeTestClient } from "../testing/judge-factories";
import { backoffMs, completionsUrl, parseRetryAfter } from "./client";
import { buildJudgeMessages } from "./prompt";

const messages = buildJudgeMessages({
  role: "desk",
  role_context: "ctx",
  suite: "role",
  customer_message: "hi",
  must_include: ["states the cut-off"],
  must_not_include: [],
  reply: "The cut-off is 2 p.m. ET.",
});

let judge: ScriptedJudge | undefined;
afterEach(async () => {
  await judge?.close();
  judge = undefined;
});

async function serve(plan: ScriptStep[], mode: "fail" | "lenient" = "fail", latencyMs = 0) {
  judge = await startScriptedJudge({ mode, plan, latencyMs });
  return judge;
}

describe("retries", () => {
  it("429 then success: waits the Retry-After seconds, then returns the content", async () => {
    const j = await serve([{ kind: "status", status: 429, retryAfter: "3" }], "lenient");
    const { client, sleeps } = makeTestClient(j.url);
    const r = await client.complete(messages);
    expect(r).toMatchObject({ ok: true, attempts: 2 });
    expect(sleeps).toEqual([3000]);
  });

  it("5xx without Retry-After backs off exponentially with jitter (random 0.5 → 375, 750, 1500 ms)", async () => {
    const j = await serve([{ kind: "status", status: 500 }, { kind: "status", status: 502 }, { kind: "status", status: 503 }], "lenient");
    const { client, sleeps } = makeTestClient(j.url);
    expect(await client.complete(messages)).toMatchObject({ ok: true, attempts: 4 });
    expect(sleeps).toEqual([375, 750, 1500]);
  });

  it("a dropped connection is a network error and is retried", async () => {
    const j = await serve([{ kind: "drop" }], "lenient");
    const { client } = makeTestClient(j.url);
    expect(await client.complete(messages)).toMatchObject({ ok: true, attempts: 2 });
  });

  it("retries are bounded: after retries + 1 attempts the vote fails with the last error", async () => {
    const j = await serve([], "fail");
    const { client, sleeps } = makeTestClient(j.url, { retries: 2 });
    const r = await client.complete(messages);
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/^HTTP 500.*\(after 3 attempts\)$/), attempts: 3 });
    expect(sleeps).toHaveLength(2);
    expect(j.requests).toHaveLength(3);
  });

  it("a 4xx other than 429 is not retried (a wrong key or model does not get better)", async () => {
    const j = await serve([{ kind: "status", status: 401, body: '{"error":"bad key"}' }], "lenient");
    const { client } = makeTestClient(j.url);
    expect(await client.complete(messages)).toMatchObject({ ok: false, error: expect.stringMatching(/^HTTP 401/), attempts: 1 });
  });

  it("a timed-out request fails its vote without a retry", async () => {
    const j = await serve([{ kind: "hang" }], "lenient");
    const { client } = makeTestClient(j.url, { timeoutMs: 200 });
    expect(await client.complete(messages)).toEqual({ ok: false, error: "timeout after 200 ms", attempts: 1 });
    expect(j.requests).toHaveLength(1);
  });
});

describe("requests", () => {
  it("posts model, messages and temperature to {url}/chat/completions with the bearer key", async () => {
    const j = await serve([], "lenient");
    const { client } = makeTestClient(j.url, { apiKey: "sk-test", temperature: 0.3 });
    await client.complete(messages);
    const req = j.requests[0]!;
    expect(req.body).toEqual({ model: "test-judge", messages, temperature: 0.3 });
    expect(req.headers.authorization).toBe("Bearer sk-test");
  });

  it("never has more than `concurrency` requests in flight", async () => {
    const j = await serve([], "lenient", 30);
    const { client } = makeTestClient(j.url, { concurrency: 3 });
    const results = await Promise.all(Array.from({ length: 12 }, () => client.complete(messages)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(j.stats.maxInFlight).toBeLessThanOrEqual(3);
    expect(j.stats.maxInFlight).toBe(3);
  });

  it("a 200 whose body is not a chat completion fails the vote", async () => {
    const j = await serve([{ kind: "raw", body: '{"ok": true}' }]);
    const { client } = makeTestClient(j.url);
    expect(await client.complete(messages)).toMatchObject({ ok: false, error: "response has no choices[0].message.content string" });
  });
});

describe("helpers", () => {
  it("appends /chat/completions to a base URL once", () => {
    expect(completionsUrl("http://h/v1")).toBe("http://h/v1/chat/completions");
    expect(completionsUrl("http://h/v1/")).toBe("http://h/v1/chat/completions");
    expect(completionsUrl("http://h/v1/chat/completions")).toBe("http://h/v1/chat/completions");
  });

  it("reads Retry-After as seconds or an HTTP date, capped at 60 s", () => {
    const now = Date.UTC(2026, 6, 2, 12, 0, 0);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
    expect(parseRetryAfter(new Date(now + 4000).toUTCString(), now)).toBe(4000);
    expect(parseRetryAfter("3600", now)).toBe(60_000);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("backoff doubles per attempt up to the cap, jittered within [half, full]", () => {
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffMs(a, 0))).toEqual([250, 500, 1000, 2000, 4000, 4000]);
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffMs(a, 1))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });
});
