/**
 * Calls fn for every line of text (1-based numbers, "\n"-separated), the way bin/load/lines.ts splits a file.
 * Starts at `from` and stops after `maxLines`, so a caller can yield between chunks; returns where it stopped.
 */
export function eachLine(text: string, fn: (line: string, lineNo: number) => void, from = 0, lineNo = 0, maxLines = Infinity): { next: number; lineNo: number } {
  let start = from;
  let n = 0;
  while (start < text.length && n < maxLines) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    fn(text.slice(start, end), ++lineNo);
    n++;
    start = end + 1;
  }
  return { next: start, lineNo };
}
