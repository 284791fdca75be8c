import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { changelogFileSchema, mustAskFileSchema, policiesFileSchema, vocabulariesFileSchema } from "../schemas/pack";
import { agentOutputSchema } from "../schemas/output";
import { asksFor, compileMustAsk, requestSentences } from "../scoring/must-ask";
import { ACTION_TYPES, ESCALATION_TARGETS, FLAGS, MUST_ASK_KEYS, PACK_VERSION, PRIORITIES, QUEUES, type MustAskKey } from "./vocab";

// The pack is data in golden/pack/; these tests are the contract between it and lib/ (tests may do I/O, lib/ may not).
function readPackFile(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../golden/pack/${name}`, import.meta.url), "utf8"));
}

const policies = policiesFileSchema.parse(readPackFile("policies.json"));
const changelog = changelogFileSchema.parse(readPackFile("changelog.json"));
const vocabularies = vocabulariesFileSchema.parse(readPackFile("vocabularies.json"));
const mustAsk = mustAskFileSchema.parse(readPackFile("must_ask.json"));
const policyIds = new Set(policies.policies.map((p) => p.id));

/** The ids seed 000 and SPEC §1 name: scorer, targets and docs refer to them directly. */
const SEED_POLICY_IDS = ["IDV-01", "FRD-01", "FRD-04", "CMP-01", "CMP-04", "CND-01", "CND-03", "MGN-02", "ESC-02", "ESC-03", "FND-04"];

describe("policy pack files", () => {
  it.each([
    ["policies.json", policiesFileSchema],
    ["changelog.json", changelogFileSchema],
    ["vocabularies.json", vocabulariesFileSchema],
    ["must_ask.json", mustAskFileSchema],
  ] as const)("%s validates against its schema", (name, schema) => {
    const parsed = schema.safeParse(readPackFile(name));
    expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues[0])).toBe(true);
  });

  it("the policies and vocabularies files carry the pack version the code is built for", () => {
    expect(policies.pack_version).toBe(PACK_VERSION);
    expect(vocabularies.pack_version).toBe(PACK_VERSION);
  });
});

describe("policies", () => {
  it("the pack holds 25 to 40 policies, each id used once", () => {
    expect(policies.policies.length).toBeGreaterThanOrEqual(25);
    expect(policies.policies.length).toBeLessThanOrEqual(40);
    expect(policyIds.size).toBe(policies.policies.length);
  });

  it.each(SEED_POLICY_IDS)("the seed-named policy %s exists", (id) => {
    expect(policyIds.has(id)).toBe(true);
  });

  it("every policy id a policy text cites exists in the pack (CND-04: no invented policy ids)", () => {
    const dangling = policies.policies.flatMap((p) => [...p.text.matchAll(/\b[A-Z]{3}-\d{2}\b/g)].map((m) => m[0]).filter((id) => !policyIds.has(id)).map((id) => `${p.id} -> ${id}`));
    expect(dangling).toEqual([]);
  });

  it("every queue, escalation target, flag or action type a policy text names is a vocabulary value", () => {
    const known = new Set<string>([...ACTION_TYPES, ...QUEUES, ...ESCALATION_TARGETS, ...FLAGS, "allowed_timeline_claims", "escalate_to"]);
    const unknown = policies.policies.flatMap((p) => [...p.text.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)].map((m) => m[0]).filter((w) => !known.has(w)).map((w) => `${p.id}: ${w}`));
    expect(unknown).toEqual([]);
  });

  it("every policy was introduced by a version the changelog records", () => {
    const versions = new Set(changelog.entries.map((e) => e.version));
    expect(policies.policies.filter((p) => !versions.has(p.since)).map((p) => p.id)).toEqual([]);
  });
});

describe("changelog", () => {
  it("records versions 1.0 to the current pack version in order, with ascending ISO dates", () => {
    expect(changelog.entries.map((e) => e.version)).toEqual(["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", PACK_VERSION]);
    const dates = changelog.entries.map((e) => e.date);
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([...dates].sort()).toEqual(dates);
  });

  it("names only policies that exist", () => {
    const ids = changelog.entries.flatMap((e) => e.changes.map((c) => c.policy_id)).filter((id): id is string => id !== null);
    expect(ids.filter((id) => !policyIds.has(id))).toEqual([]);
  });

  // Issue 17 (v1.5) and issue 28 (v1.6): a marked sentence without an entry is a change nobody explained.
  it.each(["1.5", "1.6"])("every policy whose text marks a (v%s) change has a changelog entry of that version saying why", (version) => {
    const entry = changelog.entries.find((e) => e.version === version);
    const touched = new Set(entry?.changes.map((c) => c.policy_id));
    const marked = policies.policies.filter((p) => p.text.includes(`(v${version})`)).map((p) => p.id);
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.filter((id) => !touched.has(id))).toEqual([]);
    for (const c of entry?.changes ?? []) if (c.policy_id) expect(c.summary, c.policy_id).toMatch(/Why: /);
  });

  it("the 1.4 entry carries the MGN-02 and CND-03 refinements", () => {
    const v14 = changelog.entries.find((e) => e.version === "1.4");
    const touched = new Set(v14?.changes.map((c) => c.policy_id));
    expect(touched.has("MGN-02")).toBe(true);
    expect(touched.has("CND-03")).toBe(true);
  });
});

describe("vocabularies", () => {
  it.each([
    ["action_types", ACTION_TYPES],
    ["queues", QUEUES],
    ["escalation_targets", ESCALATION_TARGETS],
    ["priorities", PRIORITIES],
    ["flags", FLAGS],
  ] as const)("vocabularies.json %s equals the vocab.ts tuple value for value and in order", (field, tuple) => {
    expect(vocabularies[field].map((v) => v.value)).toEqual([...tuple]);
  });

  it("resolve is drawn narrowly: no queue action is warranted now", () => {
    const resolve = vocabularies.action_types.find((a) => a.value === "resolve");
    expect(resolve?.meaning.toLowerCase()).toContain("no queue action is warranted now");
  });

  it("P0 means funds at active risk (ESC-03)", () => {
    const p0 = vocabularies.priorities.find((p) => p.value === "P0");
    expect(p0?.meaning.toLowerCase()).toContain("funds at active risk");
  });
});

/** What each key's examples and non-examples establish, stated as the rule they check. */
const RULES: Record<MustAskKey, { recognised: string; rejected: string }> = {
  identity_verification: {
    recognised: "an identity_verification request is recognised however the date of birth, last four of the SSN or verified session is phrased",
    rejected: "asking for a full SSN, a password or a one-time code, or merely stating a verification fact, is not an identity_verification request",
  },
  transaction_details: {
    recognised: "a transaction_details request is recognised whether it asks which transaction, how much or when",
    rejected: "statements, a statement-date question and other keys' questions are not transaction_details requests",
  },
  statement_date: {
    recognised: "a statement_date request is recognised however the statement date or first appearance is asked for",
    rejected: "explaining the 60-day rule or asking for an amount or a date of birth is not a statement_date request",
  },
  order_id: {
    recognised: "an order_id request is recognised whether it asks for the id, the number or which order",
    rejected: "app instructions and a question about order type are not order_id requests",
  },
  delivering_firm: {
    recognised: "a delivering_firm request is recognised however the sending brokerage is asked for",
    rejected: "the ACATS timeline, a bank question or mentioning the delivering firm is not a delivering_firm request",
  },
  deposit_method: {
    recognised: "a deposit_method request is recognised whether it lists ACH, wire and check or asks how the money was sent",
    rejected: "asking how much or how long ago, or saying check as a verb, is not a deposit_method request",
  },
  desired_resolution: {
    recognised: "a desired_resolution request is recognised however the customer's wanted outcome is asked for",
    rejected: "apologies, trading questions and promises are not desired_resolution requests",
  },
  callback_number: {
    recognised: "a callback_number request is recognised however the number to call back on is asked for",
    rejected: "a question about a changed phone number or a one-time code is not a callback_number request",
  },
  contact_authority: {
    recognised: "a contact_authority request is recognised whether it asks about a POA, a trusted contact, an authorized agent or an executor",
    rejected: "explaining that authority is needed is not a contact_authority request",
  },
  credentials_given: {
    recognised: "a credentials_given request is recognised whether it asks about a password, a code, login details or logging in on the page",
    rejected: "telling the customer never to enter a code, or asking only whether they replied or received a code, is not a credentials_given request",
  },
};

describe("must-ask keys", () => {
  const compiled = compileMustAsk(mustAsk);

  it("every must-ask key of vocab.ts has a rule with at least three examples and three non-examples", () => {
    expect(Object.keys(mustAsk.keys).sort()).toEqual([...MUST_ASK_KEYS].sort());
    for (const key of MUST_ASK_KEYS) {
      expect(mustAsk.keys[key]?.examples.length, key).toBeGreaterThanOrEqual(3);
      expect(mustAsk.keys[key]?.non_examples.length, key).toBeGreaterThanOrEqual(3);
    }
  });

  describe.each(MUST_ASK_KEYS.map((key) => [key] as const))("%s", (key) => {
    const rule = mustAsk.keys[key]!;
    const patterns = compiled.get(key)!;

    it.each(rule.examples)(`${RULES[key].recognised}: %s`, (example) => {
      expect(asksFor(requestSentences(example), patterns)).toBe(true);
    });

    it.each(rule.non_examples)(`${RULES[key].rejected}: %s`, (sentence) => {
      expect(asksFor(requestSentences(sentence), patterns)).toBe(false);
    });
  });
});

describe("docs/SCHEMA.md", () => {
  const doc = readFileSync(new URL("../../docs/SCHEMA.md", import.meta.url), "utf8");

  it("states every vocabulary value with the meaning vocabularies.json gives it", () => {
    const fields = ["action_types", "queues", "escalation_targets", "priorities", "flags"] as const;
    const missing = fields.flatMap((f) => vocabularies[f].filter((v) => !doc.includes(`| \`${v.value}\` | ${v.meaning} |`)).map((v) => `${f}.${v.value}`));
    expect(missing).toEqual([]);
  });

  it("names every must-ask key", () => {
    expect(MUST_ASK_KEYS.filter((k) => !doc.includes(`| \`${k}\` |`))).toEqual([]);
  });

  it("every example output holds the contract and cites only pack policies", () => {
    const examples = doc.slice(doc.indexOf("## 6. Example outputs")).match(/```json\n[\s\S]*?\n```/g) ?? [];
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const block of examples) {
      const output = agentOutputSchema.parse(JSON.parse(block.slice(8, -4)));
      expect(output.action.policy_ids.filter((id) => !policyIds.has(id))).toEqual([]);
    }
  });
});
