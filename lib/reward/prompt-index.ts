import type { DecisionPoint } from "../pack/decision-points";
import { renderPrompt, type PromptPack } from "../prompts/render";
import { isSpace } from "./prompt-end";

/**
 * Which decision point a prompt is, read from the prompt itself, so a trainer's label is checked against it. A
 * decision's prompt holds its conversation (every message after the shared system message) in order, with only chat
 * template markup after the last one, whatever the chat template did around them (headers, trimming, Gemma's system
 * text folded into the first user turn) and whitespace aside. Results are cached per prompt text: OpenRLHF sends the
 * same ~32,000-character prompt with every sample.
 */
export type PromptIndex = {
  /** The decision `prompt` is, given the trainer's label: the label when it is a decision id whose prompt this is. */
  decide(prompt: string, label: string): Decided;
  /** Prompts held in the cache (for /v1/info). */
  cached(): number;
};
export type Decided = { ok: true; decision_id: string } | { ok: false; message: string };

/** Template markup allowed after the last message, in non-space characters (Command-R's is the longest, ~63). */
const SLACK = 256;
const CACHE_MAX = 4096;

type Entry = { id: string; parts: string[] };
type Cached = { identified: string[]; labels: Map<string, boolean> };

export function compactText(s: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    if (!isSpace(s.charCodeAt(i))) continue;
    if (i > from) out += s.slice(from, i);
    from = i + 1;
  }
  return from === 0 ? s : out + s.slice(from);
}

function holds(compact: string, e: Entry): boolean {
  const last = e.parts[e.parts.length - 1]!;
  const lastAt = compact.indexOf(last, Math.max(0, compact.length - last.length - SLACK));
  if (lastAt < 0) return false;
  let from = 0;
  for (let k = 0; k < e.parts.length - 1; k++) {
    const at = compact.indexOf(e.parts[k]!, from);
    if (at < 0 || at + e.parts[k]!.length > lastAt) return false;
    from = at + e.parts[k]!.length;
  }
  return true;
}

/** The index of the shipped decision points' prompts (`assay prompts`, docs/SCHEMA.md §7). */
export function createPromptIndex(pack: PromptPack, points: readonly DecisionPoint[]): PromptIndex {
  const entries: Entry[] = points.map((p) => ({ id: p.decision_id, parts: renderPrompt(pack, p).slice(1).map((m) => compactText(m.content)) }));
  const byId = new Map(entries.map((e) => [e.id, e]));
  const cache = new Map<string, Cached>();
  const identify = (compact: string): string[] => {
    const found = entries.filter((e) => holds(compact, e));
    // A later decision of an episode holds the earlier ones' messages too, but only its own last message ends the prompt.
    const most = Math.max(0, ...found.map((e) => e.parts.length));
    return found.filter((e) => e.parts.length === most).map((e) => e.id);
  };
  const lookup = (prompt: string): Cached => {
    let c = cache.get(prompt);
    if (c) return c;
    c = { identified: identify(compactText(prompt)), labels: new Map() };
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(prompt, c);
    return c;
  };
  return {
    cached: () => cache.size,
    decide(prompt, label) {
      const c = lookup(prompt);
      const e = byId.get(label);
      if (e) {
        let ok = c.labels.get(label);
        if (ok === undefined) {
          ok = c.identified.includes(label) || holds(compactText(prompt), e);
          c.labels.set(label, ok);
        }
        if (ok) return { ok: true, decision_id: label };
        const what = c.identified.length === 0 ? "is not the prompt of any decision point" : `is the prompt of '${c.identified.join("', '")}'`;
        return { ok: false, message: `labels[i] is '${label}' but prompts[i] ${what}` };
      }
      if (c.identified.length === 1) return { ok: true, decision_id: c.identified[0]! };
      const what = c.identified.length === 0 ? "is not the prompt of any decision point" : `is the prompt of several decision points ('${c.identified.join("', '")}')`;
      return { ok: false, message: `labels[i] '${label}' is not a decision id, and prompts[i] ${what}` };
    },
  };
}
