import type { z } from "zod";
import { formatPath, InputError } from "./input-error";
import { findJsonError } from "./json-error";
import { eachLine } from "./lines";

/** Decodes bytes as strict UTF-8; a bad byte is an InputError naming its line. */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const bad = firstInvalidUtf8Offset(bytes);
    let line = 1;
    for (let i = 0; i < bad; i++) if (bytes[i] === 0x0a) line++;
    throw new InputError(file, line, "", `invalid UTF-8 byte 0x${bytes[bad]?.toString(16).padStart(2, "0")} at byte offset ${bad}`);
  }
}

/** Offset of the first byte that breaks UTF-8 (lead byte, continuation, overlong or surrogate). */
function firstInvalidUtf8Offset(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const need = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) {
      const cc = b[i + k];
      if (cc === undefined || (cc & 0xc0) !== 0x80) return i;
    }
    if (need === 2 && ((c === 0xe0 && b[i + 1]! < 0xa0) || (c === 0xed && b[i + 1]! > 0x9f))) return i;
    if (need === 3 && ((c === 0xf0 && b[i + 1]! < 0x90) || (c === 0xf4 && b[i + 1]! > 0x8f))) return i;
    i += need + 1;
  }
  return b.length;
}

/** Parses one JSON document against a schema; errors name the file and the field. */
export function parseJsonDocument<S extends z.ZodType>(text: string, file: string, schema: S): z.infer<S> {
  if (text.trim() === "") throw new InputError(file, 0, "", "file is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // Issue 26: where and what, in words; V8's own message sometimes has no position and quotes the document back.
    const found = findJsonError(text);
    if (found) throw new InputError(file, found.line, "", `malformed JSON at line ${found.line}, column ${found.column}: ${found.problem}`);
    throw new InputError(file, lineOfJsonError(text, e), "", `malformed JSON (${(e as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InputError(file, 0, formatPath(issue.path), issue.message);
  }
  return parsed.data;
}

/** Parses JSONL: blank lines skipped, each line one record; the first bad line aborts with its number and field. */
export function parseJsonl<S extends z.ZodType>(text: string, file: string, schema: S): Array<z.infer<S>> {
  const out: Array<z.infer<S>> = [];
  eachLine(text, (raw, lineNo) => {
    const line = raw.trim();
    if (line !== "") out.push(parseJsonlLine(line, file, lineNo, schema));
  });
  if (out.length === 0) throw new InputError(file, 0, "", "file has no records");
  return out;
}

export function parseJsonlLine<S extends z.ZodType>(line: string, file: string, lineNo: number, schema: S): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    throw new InputError(file, lineNo, "", `malformed JSON (${(e as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InputError(file, lineNo, formatPath(issue.path) || "(record)", issue.message);
  }
  return parsed.data;
}

function lineOfJsonError(text: string, e: unknown): number {
  const m = /position (\d+)/.exec((e as Error).message);
  if (!m) return 0;
  const pos = Number(m[1]);
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
