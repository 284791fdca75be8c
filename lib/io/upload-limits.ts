// Issue 26: the upload limits the pages state, in one place, so next.config.ts can size Next's own body buffer from
// them. Next copies every request body it hands to proxy.ts and, past `proxyClientMaxBodySize`, silently cuts the
// copy the route reads (10 MB by default): the limits below are only honest if that buffer is larger than all of them.

/** A run file uploaded on the Runs page: about 250,000 decisions of typical size. */
export const MAX_RUN_BYTES = 128 * 1048576;

/** A judge report uploaded on the Compare page. */
export const MAX_JUDGE_REPORT_BYTES = 32 * 1048576;

/**
 * Next's proxy body buffer: above every stated limit, with room for one more network chunk, so a body cut at this size
 * is still larger than any limit and is refused as too large instead of read as a shorter file.
 */
export const PROXY_BODY_BUFFER_BYTES = Math.max(MAX_RUN_BYTES, MAX_JUDGE_REPORT_BYTES) + 1048576;

/** "128 MB": how the pages and the refusals state a limit. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1048576)} MB`;
}

/** Lines holding a record (not blank): the count a whole import must store, computed from the text the file sent. */
export function countRecordLines(text: string): number {
  let n = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    if (text.slice(start, end).trim() !== "") n++;
    start = end + 1;
  }
  return n;
}
