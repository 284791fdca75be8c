import { isUtf8 } from "node:buffer";
import { createReadStream, readFileSync } from "node:fs";
import { InputError } from "../../lib/io/input-error";
import { decodeUtf8 } from "../../lib/io/parse";

// Lines are split and decoded as bytes, one string per line: decoding a whole chunk made every line of a chunk that
// holds one non-ASCII character a two-byte string, which JSON.parse and the detectors' regexes read about half as fast.
// Validation keeps the streaming decoder's contract: a chunk is checked whole before any of its lines is handed on.

/** Length of a multi-byte sequence by its lead byte (0 for ASCII, a continuation or an invalid lead). */
function sequenceLength(lead: number): number {
  return lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
}

/** Where an unfinished multi-byte sequence at the end of `b` starts (b.length when the bytes end on a whole character). */
function unfinishedTail(b: Uint8Array): number {
  for (let i = b.length - 1; i >= 0 && i >= b.length - 3; i--) {
    const c = b[i] as number;
    if ((c & 0xc0) === 0x80) continue;
    return sequenceLength(c) > b.length - i ? i : b.length;
  }
  return b.length;
}

/** True when the unfinished tail can still become a character (the second byte's range depends on the lead, as in the decoder). */
function validPrefix(tail: Uint8Array): boolean {
  const lead = tail[0] as number;
  for (let k = 1; k < tail.length; k++) {
    const c = tail[k] as number;
    const lo = k === 1 && lead === 0xe0 ? 0xa0 : k === 1 && lead === 0xf0 ? 0x90 : 0x80;
    const hi = k === 1 && lead === 0xed ? 0x9f : k === 1 && lead === 0xf4 ? 0x8f : 0xbf;
    if (c < lo || c > hi) return false;
  }
  return true;
}

/** Strict UTF-8 for bytes that may end inside a character (checked again, completed, with the next chunk). */
function validStreamUtf8(b: Uint8Array): boolean {
  const cut = unfinishedTail(b);
  return isUtf8(b.subarray(0, cut)) && validPrefix(b.subarray(cut));
}

const BOM = [0xef, 0xbb, 0xbf];

function startsWithBom(b: Uint8Array): boolean {
  return b[0] === BOM[0] && b[1] === BOM[1] && b[2] === BOM[2];
}

/** Streams a text file line by line (1-based numbers) as strict UTF-8; memory stays flat however long the file is. */
export async function forEachLine(file: string, onLine: (text: string, lineNo: number) => void): Promise<number> {
  let carry: Buffer | null = null;
  // Bytes of `carry` already validated: all but an unfinished character at its end.
  let checked = 0;
  let first = true;
  let lineNo = 0;
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      let data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      // Like TextDecoder, a byte-order mark opening the file is dropped.
      if (first && startsWithBom(data)) data = data.subarray(3);
      first = false;
      if (!validStreamUtf8(data.subarray(checked))) {
        decodeUtf8(readFileSync(file), file); // re-decode whole to name the line of the bad byte
        throw new InputError(file, 0, "", "invalid UTF-8");
      }
      let start = 0;
      let nl = data.indexOf(10, start);
      while (nl !== -1) {
        onLine(data.toString("utf8", start, nl), ++lineNo);
        start = nl + 1;
        nl = data.indexOf(10, start);
      }
      carry = start < data.length ? data.subarray(start) : null;
      checked = carry ? unfinishedTail(carry) : 0;
    }
    // A file that ends inside a character fails as the decoder's final flush did.
    if (carry && checked < carry.length) new TextDecoder("utf-8", { fatal: true }).decode(carry.subarray(checked));
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new InputError(file, 0, "", "file not found");
    if (code === "EISDIR") throw new InputError(file, 0, "", "is a directory");
    throw e;
  }
  if (carry) onLine(carry.toString("utf8"), ++lineNo);
  return lineNo;
}
