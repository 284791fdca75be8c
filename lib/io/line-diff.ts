// Issue 20: an export is previewed as a diff against what the server last seeded, so the person exporting sees what
// their download would change in git before they commit it. Line-based, unified format (as `git diff` prints it).

export type LineDiff = { added: number; removed: number; /** Unified hunks ("@@ -a,b +c,d @@" then " ", "-", "+" lines); "" when equal. */ hunks: string };

type Op = { kind: " " | "-" | "+"; text: string };

const splitLines = (text: string) => (text === "" ? [] : text.replace(/\n$/, "").split("\n"));

// The longest-common-subsequence table is quadratic: past this many cells the middle is shown as replaced wholesale.
const MAX_CELLS = 4_000_000;

/** The edit script from a to b: common prefix and suffix kept, the middle by longest common subsequence. */
function editScript(a: string[], b: string[]): Op[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const am = a.slice(pre, a.length - suf);
  const bm = b.slice(pre, b.length - suf);
  const mid: Op[] = [];
  if (am.length * bm.length > MAX_CELLS) {
    mid.push(...am.map((text) => ({ kind: "-" as const, text })), ...bm.map((text) => ({ kind: "+" as const, text })));
  } else {
    // lcs[i][j]: the LCS length of am[i..] and bm[j..], in one flat array.
    const w = bm.length + 1;
    const lcs = new Uint32Array((am.length + 1) * w);
    for (let i = am.length - 1; i >= 0; i--)
      for (let j = bm.length - 1; j >= 0; j--) lcs[i * w + j] = am[i] === bm[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    let i = 0;
    let j = 0;
    while (i < am.length || j < bm.length) {
      if (i < am.length && j < bm.length && am[i] === bm[j]) {
        mid.push({ kind: " ", text: am[i]! });
        i++;
        j++;
      } else if (j < bm.length && (i === am.length || lcs[i * w + j + 1]! > lcs[(i + 1) * w + j]!)) mid.push({ kind: "+", text: bm[j++]! });
      else mid.push({ kind: "-", text: am[i++]! });
    }
  }
  return [...a.slice(0, pre).map((text) => ({ kind: " " as const, text })), ...mid, ...a.slice(a.length - suf).map((text) => ({ kind: " " as const, text }))];
}

/** The line diff from `before` to `after` with `context` unchanged lines around each change. */
export function diffLines(before: string, after: string, context = 3): LineDiff {
  const ops = editScript(splitLines(before), splitLines(after));
  const added = ops.filter((o) => o.kind === "+").length;
  const removed = ops.filter((o) => o.kind === "-").length;
  if (!added && !removed) return { added, removed, hunks: "" };
  const out: string[] = [];
  let k = 0;
  // Line numbers of ops[k] in each file (1-based).
  const posA: number[] = [];
  const posB: number[] = [];
  let la = 1;
  let lb = 1;
  for (const o of ops) {
    posA.push(la);
    posB.push(lb);
    if (o.kind !== "+") la++;
    if (o.kind !== "-") lb++;
  }
  while (k < ops.length) {
    if (ops[k]!.kind === " ") {
      k++;
      continue;
    }
    const start = Math.max(0, k - context);
    let end = k;
    // Extend over changes closer than 2 × context apart: one hunk.
    for (let gap = 0; end < ops.length; end++) {
      if (ops[end]!.kind === " ") {
        if (++gap > 2 * context) break;
      } else gap = 0;
    }
    let stop = end;
    while (stop > k && ops[stop - 1]!.kind === " " && stop - 1 >= 0) stop--;
    stop = Math.min(ops.length, stop + context);
    const slice = ops.slice(start, stop);
    const aLen = slice.filter((o) => o.kind !== "+").length;
    const bLen = slice.filter((o) => o.kind !== "-").length;
    const aStart = aLen ? posA[start]! : posA[start]! - 1;
    const bStart = bLen ? posB[start]! : posB[start]! - 1;
    out.push(`@@ -${aStart},${aLen} +${bStart},${bLen} @@`, ...slice.map((o) => `${o.kind}${o.text}`));
    k = stop;
  }
  return { added, removed, hunks: out.join("\n") };
}
