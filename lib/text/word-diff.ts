// What a candidate reply added or removed against the baseline's, word by word (the compare case page marks it).
// Pure; offsets point into the original strings so the page can mark them with the detector spans.

export type Token = { text: string; start: number; end: number };
export type Range = { start: number; end: number };
export type DiffOp = { op: "equal" | "delete" | "insert"; text: string };
export type WordDiff = {
  /** Ranges of the baseline text the candidate no longer has. */
  removed: Range[];
  /** Ranges of the candidate text the baseline did not have. */
  added: Range[];
  /** The edit script over tokens, in reading order (deletes before inserts at one place). */
  ops: DiffOp[];
  /** True when the texts differ too much to align within the limit: everything is marked as replaced. */
  gaveUp: boolean;
};

/** Words (letters, digits, apostrophes inside a word) and single punctuation marks; whitespace separates and is not compared. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

/** Above this many edits the alignment stops (a reply rewritten from scratch): both replies are marked whole. */
export const MAX_EDITS = 2000;

/**
 * Word-level diff of two texts (Myers' O((N+M)·D) shortest edit script over tokens, after trimming the common
 * prefix and suffix). Adjacent changed words merge into one range, spanning the whitespace between them.
 */
export function wordDiff(baseline: string, candidate: string, maxEdits = MAX_EDITS): WordDiff {
  const a = tokenize(baseline);
  const b = tokenize(candidate);
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre]!.text === b[pre]!.text) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf]!.text === b[b.length - 1 - suf]!.text) suf++;
  const midA = a.slice(pre, a.length - suf);
  const midB = b.slice(pre, b.length - suf);
  const script = myers(midA.map((t) => t.text), midB.map((t) => t.text), maxEdits);
  const gaveUp = script === null;
  const edits: Array<"=" | "-" | "+"> = [...Array<"=">(pre).fill("="), ...(script ?? [...Array<"-">(midA.length).fill("-"), ...Array<"+">(midB.length).fill("+")]), ...Array<"=">(suf).fill("=")];

  const ops: DiffOp[] = [];
  const removedTokens: Token[] = [];
  const addedTokens: Token[] = [];
  let i = 0;
  let j = 0;
  for (const e of edits) {
    const op = e === "=" ? "equal" : e === "-" ? "delete" : "insert";
    const tok = e === "+" ? b[j]! : a[i]!;
    if (e === "-") removedTokens.push(tok);
    if (e === "+") addedTokens.push(tok);
    const last = ops.at(-1);
    if (last && last.op === op) last.text += ` ${tok.text}`;
    else ops.push({ op, text: tok.text });
    if (e !== "+") i++;
    if (e !== "-") j++;
  }
  return { removed: mergeAdjacent(removedTokens, a), added: mergeAdjacent(addedTokens, b), ops, gaveUp };
}

/** Consecutive tokens (neighbours in `all`) become one range covering the gap between them. */
function mergeAdjacent(picked: Token[], all: Token[]): Range[] {
  const index = new Map(all.map((t, k) => [t, k]));
  const out: Array<Range & { last: number }> = [];
  for (const t of picked) {
    const k = index.get(t)!;
    const prev = out.at(-1);
    if (prev && prev.last === k - 1) [prev.end, prev.last] = [t.end, k];
    else out.push({ start: t.start, end: t.end, last: k });
  }
  return out.map(({ start, end }) => ({ start, end }));
}

/**
 * Myers' greedy shortest edit script: "=" keep, "-" delete from a, "+" insert from b; deletes come before inserts
 * where both are possible, so a replaced word reads "old → new". Null when more than maxEdits edits are needed.
 */
function myers(a: string[], b: string[], maxEdits: number): Array<"=" | "-" | "+"> | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) [x, y] = [x + 1, y + 1];
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m, d);
    }
  }
  return null;
}

// trace[d] holds V as it was before step d, for diagonals -d-1 … d+1 (index k + d + 1).
function backtrack(trace: Int32Array[], n: number, m: number, dEnd: number): Array<"=" | "-" | "+"> {
  const out: Array<"=" | "-" | "+"> = [];
  let x = n;
  let y = m;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d]!;
    const at = (k: number) => v[k + d + 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push("=");
      [x, y] = [x - 1, y - 1];
    }
    out.push(down ? "+" : "-");
    [x, y] = [prevX, prevY];
  }
  while (x > 0 && y > 0) {
    out.push("=");
    [x, y] = [x - 1, y - 1];
  }
  return out.reverse();
}
