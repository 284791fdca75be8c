import { createReadStream, readFileSync } from "node:fs";
import { InputError } from "../../lib/io/input-error";
import { decodeUtf8 } from "../../lib/io/parse";

/** Streams a text file line by line (1-based numbers) as strict UTF-8; memory stays flat however long the file is. */
export async function forEachLine(file: string, onLine: (text: string, lineNo: number) => void): Promise<number> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let carry = "";
  let lineNo = 0;
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      let text: string;
      try {
        text = carry + decoder.decode(chunk, { stream: true });
      } catch {
        decodeUtf8(readFileSync(file), file); // re-decode whole to name the line of the bad byte
        throw new InputError(file, 0, "", "invalid UTF-8");
      }
      let start = 0;
      let nl = text.indexOf("\n", start);
      while (nl !== -1) {
        onLine(text.slice(start, nl), ++lineNo);
        start = nl + 1;
        nl = text.indexOf("\n", start);
      }
      carry = text.slice(start);
    }
    carry += decoder.decode();
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new InputError(file, 0, "", "file not found");
    if (code === "EISDIR") throw new InputError(file, 0, "", "is a directory");
    throw e;
  }
  if (carry !== "") onLine(carry, ++lineNo);
  return lineNo;
}
