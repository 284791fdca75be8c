import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../lib/io/input-error";
import { forEachLine } from "./lines";

const dir = mkdtempSync(join(tmpdir(), "assay-lines-"));
let n = 0;
function file(bytes: Buffer): string {
  const f = join(dir, `f${n++}.jsonl`);
  writeFileSync(f, bytes);
  return f;
}

async function lines(f: string): Promise<string[]> {
  const out: string[] = [];
  await forEachLine(f, (t) => out.push(t));
  return out;
}

describe("the streaming line reader (strict UTF-8, one string per line)", () => {
  it("a multi-byte character split across the 64 KiB chunk boundary reads as itself, at every offset", async () => {
    for (const shift of [0, 1, 2, 3]) {
      const text = `${"a".repeat(65536 - 2 - shift)}—é😀x\nsecond — line\nlast`;
      expect(await lines(file(Buffer.from(text)))).toEqual(text.split("\n"));
    }
  });

  it("a byte-order mark opening the file is dropped and a final line without a newline is kept", async () => {
    expect(await lines(file(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("{}\n[]")])))).toEqual(["{}", "[]"]);
  });

  it("an invalid byte is an input error naming its line, before that line is handed on", async () => {
    const seen: number[] = [];
    const f = file(Buffer.concat([Buffer.from("one\ntwo\n"), Buffer.from([0x7b, 0xff, 0x7d, 0x0a])]));
    await expect(forEachLine(f, (_t, i) => seen.push(i))).rejects.toThrow(/:3: invalid UTF-8 byte 0xff/);
    expect(seen).not.toContain(3);
  });

  it("a file that ends inside a character is not valid UTF-8", async () => {
    await expect(lines(file(Buffer.concat([Buffer.from("ok\n"), Buffer.from([0xe2, 0x80])])))).rejects.toThrow();
  });

  it("a missing file is an input error, not a stack trace", async () => {
    await expect(lines(join(dir, "nope.jsonl"))).rejects.toBeInstanceOf(InputError);
  });
});
