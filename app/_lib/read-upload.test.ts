import { describe, expect, it } from "vitest";
import { readUpload } from "./read-upload";

const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request("http://127.0.0.1/api/runs", { method: "POST", body, headers, duplex: "half" } as RequestInit);
const stream = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(new TextEncoder().encode(p));
      c.close();
    },
  });

describe("reading an upload (issue 26)", () => {
  it("a body within the limit arrives whole", async () => {
    const r = await readUpload(post("abc\ndef\n"), "run.jsonl", 100);
    expect(r.ok && new TextDecoder().decode(r.bytes)).toBe("abc\ndef\n");
  });

  it("a declared size over the limit is refused with 413 in words, before reading", async () => {
    expect(await readUpload(post("x", { "content-length": String(3 * 1048576) }), "run.jsonl", 1048576)).toEqual({ ok: false, status: 413, message: "run.jsonl is 3.0 MB, over the 1 MB upload limit" });
  });

  it("a body that turns out larger than the limit is refused with 413, whatever it declared", async () => {
    const r = await readUpload(post(stream("a".repeat(600_000), "b".repeat(600_000))), "run.jsonl", 1048576);
    expect(r).toEqual({ ok: false, status: 413, message: "run.jsonl is more than 1 MB, over the 1 MB upload limit" });
  });

  it("a body shorter than its Content-Length is refused as incomplete, never read as a shorter file", async () => {
    const r = await readUpload(post(stream("line 1\n"), { "content-length": "20" }), "run.jsonl", 1048576);
    expect(r).toEqual({ ok: false, status: 400, message: "run.jsonl: only 7 of its 20 bytes arrived; nothing was imported, please upload it again" });
  });
});
