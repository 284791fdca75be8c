import { describe, expect, it } from "vitest";
import { crc32, storedZip } from "./zip";

// Issue 20: the export download. Read back with a reader written from the format's own layout (APPNOTE 4.3), so the
// test checks the bytes, not the writer against itself.

type Read = { name: string; data: string; crc: number; time: number; date: number };

function readZip(zip: Uint8Array): Read[] {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  expect(v.getUint32(end, true)).toBe(0x06054b50);
  const count = v.getUint16(end + 10, true);
  let p = v.getUint32(end + 16, true);
  const out: Read[] = [];
  const dec = new TextDecoder();
  for (let i = 0; i < count; i++) {
    expect(v.getUint32(p, true)).toBe(0x02014b50);
    const size = v.getUint32(p + 24, true);
    const nameLen = v.getUint16(p + 28, true);
    const local = v.getUint32(p + 42, true);
    const name = dec.decode(zip.subarray(p + 46, p + 46 + nameLen));
    expect(v.getUint32(local, true)).toBe(0x04034b50);
    expect(v.getUint16(local + 8, true)).toBe(0); // stored
    const localNameLen = v.getUint16(local + 26, true);
    const data = zip.subarray(local + 30 + localNameLen, local + 30 + localNameLen + size);
    out.push({ name, data: dec.decode(data), crc: v.getUint32(p + 16, true), time: v.getUint16(p + 12, true), date: v.getUint16(p + 14, true) });
    p += 46 + nameLen + v.getUint16(p + 30, true) + v.getUint16(p + 32, true);
  }
  return out;
}

const enc = (s: string) => new TextEncoder().encode(s);
const AT = new Date("2026-07-02T10:20:30Z");

describe("the stored zip of an export", () => {
  it("computes the standard CRC-32 (check value of '123456789' is cbf43926)", () => {
    expect(crc32(enc("123456789")).toString(16)).toBe("cbf43926");
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it("holds every file under its path with its bytes, CRC and time, in order", () => {
    const files = [
      { name: "probes/h1.jsonl", data: enc('{"id":"h1-001","label":"clean"}\n') },
      { name: "golden/roles/support_desk.json", data: enc("{\n  \"cases\": [] — ünïcode\n}\n") },
    ];
    const read = readZip(storedZip(files, AT));
    expect(read.map((r) => [r.name, r.data])).toEqual(files.map((f) => [f.name, new TextDecoder().decode(f.data)]));
    expect(read.map((r) => r.crc)).toEqual(files.map((f) => crc32(f.data)));
    expect(read[0]!.date).toBe(((2026 - 1980) << 9) | (7 << 5) | 2);
    expect(read[0]!.time).toBe((10 << 11) | (20 << 5) | 15);
  });

  it("is the same bytes for the same files and time, and an empty archive is just the end record", () => {
    const files = [{ name: "a.txt", data: enc("a\n") }];
    expect(storedZip(files, AT)).toEqual(storedZip(files, AT));
    expect(storedZip([], AT)).toHaveLength(22);
  });
});
