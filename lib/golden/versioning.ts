import { z } from "zod";
import { authoredCaseSchema, caseKey, caseSplit, isFrozen, type AuthoredCase } from "./case-schema";

// Issue 5: edits are versioned (who, when, why), and cases in the frozen eval split cannot be changed in place.

export const caseVersionSchema = z
  .object({
    case_id: z.string().min(1),
    version: z.number().int().positive(),
    content: authoredCaseSchema,
    author: z.string().min(1),
    at: z.iso.datetime(),
    change_note: z.string().trim().min(1, "say what changed and why"),
  })
  .refine((v) => caseKey(v.content) === v.case_id, { message: "case_id must match the content's suite, role and id", path: ["case_id"] });
export type CaseVersion = z.infer<typeof caseVersionSchema>;

export type ItemRef = { kind: "must_include" | "must_not_include"; text: string };
export type CaseDiff = {
  added: ItemRef[];
  removed: ItemRef[];
  /** An item reworded in place: removed and added at the same position of the same list, sharing most of its words. */
  changed: Array<{ kind: ItemRef["kind"]; before: string; after: string }>;
  /** The same text moved between must_include and must_not_include. */
  moved: Array<{ text: string; from: ItemRef["kind"]; to: ItemRef["kind"] }>;
  /** Other fields that differ: brief, notes, behavior, split (absent and "dev" are the same split). */
  fields: Array<{ field: string; before: unknown; after: unknown }>;
};

const KINDS = ["must_include", "must_not_include"] as const;

const FILLER = new Set(["the", "a", "an", "and", "or", "of", "to", "for", "that", "it", "its", "in", "on", "is"]);
const wordsOf = (t: string) => new Set(t.toLowerCase().split(/[^a-z0-9$%]+/).filter((w) => w && !FILLER.has(w)));

/** A rewording keeps at least half of the shorter item's words; anything else is one item removed and another added. */
function isRewording(before: string, after: string): boolean {
  const a = wordsOf(before);
  const b = wordsOf(after);
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared * 2 >= Math.min(a.size, b.size) && shared > 0;
}

/** What changed from `a` to `b`. Items are keyed by text (as in judge reports); a rewording pairs by position and words. */
export function diffCase(a: AuthoredCase, b: AuthoredCase): CaseDiff {
  const diff: CaseDiff = { added: [], removed: [], changed: [], moved: [], fields: [] };
  const inB = (text: string) => KINDS.find((k) => b.case[k].includes(text));
  const inA = (text: string) => KINDS.find((k) => a.case[k].includes(text));
  for (const kind of KINDS) {
    const before = a.case[kind];
    const after = b.case[kind];
    const gone = new Map(before.map((t, i) => [i, t] as const).filter(([, t]) => !inB(t)));
    const fresh = new Map(after.map((t, i) => [i, t] as const).filter(([, t]) => !inA(t)));
    for (const [i, t] of gone) {
      const replacement = fresh.get(i);
      if (replacement !== undefined && isRewording(t, replacement)) {
        diff.changed.push({ kind, before: t, after: replacement });
        fresh.delete(i);
      } else diff.removed.push({ kind, text: t });
    }
    for (const t of fresh.values()) diff.added.push({ kind, text: t });
    for (const t of before) {
      const to = inB(t);
      if (to && to !== kind) diff.moved.push({ text: t, from: kind, to });
    }
  }
  const fieldsOf = (c: AuthoredCase): Record<string, unknown> => ({ brief: c.case.brief, notes: c.case.notes, behavior: c.suite === "policy" ? c.case.behavior : undefined, split: caseSplit(c) });
  const fa = fieldsOf(a);
  const fb = fieldsOf(b);
  for (const field of Object.keys(fa)) if (fa[field] !== fb[field]) diff.fields.push({ field, before: fa[field], after: fb[field] });
  return diff;
}

export function isEmptyDiff(d: CaseDiff): boolean {
  return !d.added.length && !d.removed.length && !d.changed.length && !d.moved.length && !d.fields.length;
}

export type EditOutcome = { ok: true; version: CaseVersion; diff: CaseDiff | null } | { ok: false; error: string };

/**
 * The next version of a case. A new case (current null) starts at version 1. An edit must keep the case's identity
 * (suite, role, id), change something, and not touch a frozen (eval) case: that needs a new case id instead. Freezing
 * a dev case (moving it to eval) is an edit like any other; unfreezing is not possible in place.
 */
export function nextVersion(current: CaseVersion | null, edit: { content: unknown; author: string; at: Date; change_note: string }, options: { suggestId?: string } = {}): EditOutcome {
  const parsed = authoredCaseSchema.safeParse(edit.content);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  const content = parsed.data;
  const candidate = { case_id: caseKey(content), content, author: edit.author, at: edit.at.toISOString(), change_note: edit.change_note };
  if (!current) return finish({ ...candidate, version: 1 }, null);
  if (isFrozen(current.content)) {
    const id = options.suggestId ? ` (e.g. ${options.suggestId})` : "";
    return { ok: false, error: `${current.case_id} is in the frozen eval split and cannot be changed in place: create a new case with a new case id${id} carrying your change` };
  }
  if (candidate.case_id !== current.case_id) return { ok: false, error: `an edit cannot change a case's suite, role or id (${current.case_id} → ${candidate.case_id}): create a new case instead` };
  const diff = diffCase(current.content, content);
  if (isEmptyDiff(diff)) return { ok: false, error: "nothing changed: no new version was made" };
  return finish({ ...candidate, version: current.version + 1 }, diff);
}

function finish(v: unknown, diff: CaseDiff | null): EditOutcome {
  const parsed = caseVersionSchema.safeParse(v);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  return { ok: true, version: parsed.data, diff };
}
