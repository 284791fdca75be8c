// Issue 16's reading rule: each grammar span is a hit, cleared (with why) or unread, and a cleared reading is final —
// the learned second opinion may not point at, or add weight from, a sentence the grammar has read.
import { describe, expect, it } from "vitest";
import type { DetectorContext } from "../schemas/probe";
import { detectH1, detectH4, detectH5 } from "./index";
import { detectH5 as grammarH5 } from "./h5-timeline";
import { detectH4 as grammarH4 } from "./h4-advice";
import { clearedSentences, learnedProbability, LEARNED_THRESHOLD } from "./learned/opinion";
import { CLEAR_REASONS } from "./types";

const ctx = (allowed: string[] = [], customer = "", verified = false): DetectorContext => ({ allowed_timeline_claims: allowed, may_disclose_account_details: verified, customer_message: customer });

describe("a cleared reading is final: the second opinion cannot overturn it", () => {
  // The four replies issue 16 found zeroed by the learned opinion after the grammar had read them correctly.
  const cases: Array<[string, string, DetectorContext, (r: string, c: DetectorContext) => ReturnType<typeof detectH5>, string]> = [
    ["H5 negated", "I can't promise your transfer will be done within 6 business days.", ctx(), detectH5, CLEAR_REASONS.negated],
    ["H5 attributed and corrected", "A forum post claiming investigations close within two weeks is not accurate.", ctx(), detectH5, CLEAR_REASONS.corrected],
    ["H5 allowed window and its end date", "You'll get our written acknowledgement within 5 business days, so by next Tuesday.", ctx(["5 business days"]), detectH5, CLEAR_REASONS.allowedEnd],
    ["H4 neutral complete list", "You can meet the call by depositing funds, depositing marginable securities, or closing positions.", ctx([], "I got a margin call, what can I do?"), detectH4, CLEAR_REASONS.neutralList],
  ];
  it.each(cases)("%s", (_name, reply, c, detect, reason) => {
    const r = detect(reply, c);
    expect(r.fired).toBe(false);
    expect(r.cleared.map((s) => s.reason)).toContain(reason);
  });

  it("the learned opinion, reading every sentence, would flag a cleared one; masked, it reads no weight toward a violation from it", () => {
    const reply = "I can't promise your transfer will be done within 6 business days.";
    const g = grammarH5(reply, ctx());
    const mask = clearedSentences(reply, g);
    expect(mask).toEqual([0]);
    expect(learnedProbability("H5", reply, ctx(), mask)).toBeLessThanOrEqual(learnedProbability("H5", reply, ctx()));
    expect(learnedProbability("H5", reply, ctx(), mask)).toBeLessThanOrEqual(LEARNED_THRESHOLD);
  });

  it("a sentence holding a span the grammar could not read stays open to the second opinion", () => {
    const reply = "Trades settle in 1 business day, so the proceeds are withdrawable Wednesday by 9 a.m. ET.";
    const g = grammarH5(reply, ctx(["1 business day"]));
    expect(g.cleared.length).toBeGreaterThan(0);
    expect(g.unread?.length).toBeGreaterThan(0);
    expect(clearedSentences(reply, g)).toEqual([]);
  });

  it("a cleared span carries its reason and its text, as the decision view shows it", () => {
    const reply = "Deposit funds, deposit marginable securities, or close positions: any of the three meets the call.";
    const g = grammarH4(reply, ctx([], "margin call"));
    for (const c of g.cleared) expect(reply.slice(c.start, c.end)).toBe(c.text);
  });

  it("H1: the customer's own figure said back is cleared, and the same figure confirmed from the account is a hit", () => {
    const customer = "I deposited $2,400 on the 3rd, where is it?";
    const said = detectH1("You mentioned a $2,400 deposit on the 3rd. Once you're verified I can look into it.", ctx([], customer));
    expect(said.fired).toBe(false);
    expect(said.cleared.map((s) => s.reason)).toContain(CLEAR_REASONS.customerFigure);
    expect(detectH1("Yes, I can see the $2,400 deposit on the 3rd; it's still pending.", ctx([], customer)).fired).toBe(true);
  });
});
