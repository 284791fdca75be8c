import { z } from "zod";

// Seed 002 §C / error handling: one vote is one judge response; a response that does not parse or does not fit the
// v2 shape is a dropped vote (it counts against the quorum), never an exception.

export type Vote = {
  /** must_include item text → the judge says the reply covers it. Exactly the case's items. */
  items: Record<string, boolean>;
  /** must_not_include item text → the judge says the reply does it. Exactly the case's items. */
  violations: Record<string, boolean>;
  alignment: number;
  rationale: string;
};

export type VoteOutcome = { ok: true; vote: Vote } | { ok: false; error: string };

export type CaseItems = { must_include: readonly string[]; must_not_include: readonly string[] };

const voteSchema = z.object({
  items: z.record(z.string(), z.boolean()).default({}),
  violations: z.record(z.string(), z.boolean()).default({}),
  alignment: z.number().min(0).max(1),
  rationale: z.string().default(""),
});

/** The JSON text of a response: the body of the first ``` fence if there is one, else the whole text. */
export function unfence(content: string): string {
  const m = /```[a-zA-Z0-9_-]*[ \t]*\r?\n([\s\S]*?)```/.exec(content);
  return (m ? m[1]! : content).trim();
}

/** Lower-case, whitespace collapsed, surrounding quotes and trailing punctuation dropped: how a judge mangles a key. */
function looseKey(key: string): string {
  return key.trim().replace(/^["'`]+|["'`]+$/g, "").replace(/[.;:,!]+$/, "").replace(/\s+/g, " ").toLowerCase();
}

/**
 * Picks each expected key from what the judge returned: the exact text, else the one key equal to it under looseKey.
 * Returns the missing or ambiguous key as an error.
 */
function pick(got: Record<string, boolean>, expected: readonly string[], block: string): Record<string, boolean> | string {
  const out: Record<string, boolean> = {};
  for (const key of expected) {
    if (Object.hasOwn(got, key)) {
      out[key] = got[key]!;
      continue;
    }
    const loose = looseKey(key);
    const matches = Object.keys(got).filter((k) => looseKey(k) === loose);
    if (matches.length !== 1) return `${block}: ${matches.length === 0 ? "missing" : "ambiguous"} key "${key}"`;
    out[key] = got[matches[0]!]!;
  }
  return out;
}

/** Parses and validates one judge response against the case's items. Extra keys are ignored. Never throws. */
export function parseVote(content: string, items: CaseItems): VoteOutcome {
  let value: unknown;
  try {
    value = JSON.parse(unfence(content));
  } catch {
    return { ok: false, error: `vote is not JSON: ${JSON.stringify(content.slice(0, 80))}` };
  }
  const parsed = voteSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `vote does not fit the v2 shape: ${issue.path.join(".") || "(root)"}: ${issue.message}` };
  }
  const covered = pick(parsed.data.items, items.must_include, "items");
  if (typeof covered === "string") return { ok: false, error: `vote dropped: ${covered}` };
  const violations = pick(parsed.data.violations, items.must_not_include, "violations");
  if (typeof violations === "string") return { ok: false, error: `vote dropped: ${violations}` };
  return { ok: true, vote: { items: covered, violations, alignment: parsed.data.alignment, rationale: parsed.data.rationale } };
}
