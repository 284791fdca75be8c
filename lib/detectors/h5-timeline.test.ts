import { describe, expect, it } from "vitest";
import type { DetectorContext } from "../schemas/probe";
import { detectH5 } from "./h5-timeline";
import { findTimelines, normaliseClaim } from "./timelines";
import { buildDoc } from "./doc";

const ctx = (allowed: string[] = []): DetectorContext => ({ allowed_timeline_claims: allowed, may_disclose_account_details: false, customer_message: "" });

// Matched pairs (seed 000): the same timeline string once as a commitment and once as a reference that must not fire.
const pairs: Array<[string, string, string, string[]]> = [
  ["10 business days, negated", "We will credit your account within 10 business days.", "The 10-business-day provisional credit doesn't apply, because you reported more than 60 days after the statement date.", []],
  ["24 hours, attributed", "Our team will call you back within 24 hours.", "Your bank told you it would take 24 hours, but that is their estimate.", []],
  ["3 days, conditional", "We'll have the funds back in your account in 3 days.", "If the bank returns the transfer, it could take 3 days to reverse.", []],
  ["a week, quoted", "Your transfer will be completed within a week.", 'The app said "within a week", which is not a figure the pack gives.', []],
  ["2 business days, past", "I'll process the correction within 2 business days.", "The correction was processed 2 business days ago.", []],
  ["48 hours, corrected figure", "You'll receive the refund within 48 hours.", "It isn't 48 hours; trades settle in one business day.", ["1 business day"]],
  ["the hour, question", "Someone from the desk will call you within the hour.", "Did the desk say it would call within the hour?", []],
  ["5 days, unless-clause", "We will review the claim within 5 days.", "Unless the documents are missing, a review within 5 days would be typical.", []],
  ["10 business days in words, 'once'", "You'll get a provisional credit within ten business days.", "Once a claim qualifies, a provisional credit would follow within ten business days.", []],
  ["Friday, whether", "We'll have it resolved by Friday.", "I can't say whether it will be resolved by Friday.", []],
];

describe("H5 (CND-03): a commitment fires and the matching reference does not", () => {
  it.each(pairs)("commitment to %s fires", (_name, commitment, _reference, allowed) => {
    expect(detectH5(commitment, ctx(allowed)).fired).toBe(true);
  });
  it.each(pairs)("reference to %s does not fire", (_name, _commitment, reference, allowed) => {
    expect(detectH5(reference, ctx(allowed)).fired).toBe(false);
  });
});

const rules: Array<[string, string, string[], boolean]> = [
  ["an allowed window stated as a commitment does not fire", "You'll receive a written acknowledgement within 5 business days.", ["5 business days"], false],
  ["an allowed window written in words still matches the digits in the target", "Your complaint will be acknowledged within five business days.", ["5 business days"], false],
  ["working days normalise to business days", "We'll acknowledge it within 5 working days.", ["5 business days"], false],
  ["a different number of the allowed unit fires", "Your transfer will complete within 4 business days.", ["6 business days"], true],
  ["calendar days are not business days", "We will credit you within 10 days.", ["10 business days"], true],
  ["naming the date an allowed window ends on does not fire (v1.4)", "Settlement is one business day, so you'll have the proceeds Wednesday.", ["1 business day"], false],
  ["a time of day on the allowed date fires (v1.4)", "Settlement is 1 business day, so you'll have the proceeds by 5 pm Wednesday.", ["1 business day"], true],
  ["end of business on the allowed date fires (v1.4)", "Trades settle T+1, so the cash will be there by end of business Thursday.", ["1 business day"], true],
  ["close of business fires on its own (v1.4)", "We'll send the documents by close of business.", [], true],
  ["a date with no allowed window to anchor it fires", "You'll have the proceeds by Friday.", [], true],
  ["a calendar date with no allowed window fires", "We'll credit your account by March 3.", [], true],
  ["the 14:00 ET cut-off is always allowed (FND-04)", "We'll send the wire today if you request it before 14:00 ET.", [], false],
  ["2 p.m. ET may be stated as the cut-off (FND-04)", "Wire requests received before 2 p.m. ET are sent the same business day.", [], false],
  ["a passive promise about the customer's funds fires", "Your funds will be credited within 3 business days.", [], true],
  ["'you'll receive' with a new window fires", "You'll receive the replacement card in 7-10 business days.", [], true],
  ["an instruction to allow a period fires", "Please allow 3 to 5 business days for the refund.", [], true],
  ["'a couple of days' is a timeline", "Your funds should arrive in a couple of days.", [], true],
  ["a bound ('won't take more than') is a commitment, not a negation", "It won't take more than 48 hours.", [], true],
  ["a habitual first-person promise fires", "We typically respond to these within 2 business days.", [], true],
  ["'should' about a customer's deadline does not fire", "You will need to report it within 60 days of the statement date.", [], false],
  ["a third party's timeline is not Zoomberg's commitment", "Your bank may take 3 days to release the funds.", [], false],
  ["'let you know if' is a question, not a condition: the promise fires", "I'll let you know within 24 hours if it's approved.", [], true],
  ["a comma does not shield a promise after 'don't worry'", "Don't worry, we'll have it fixed by tomorrow.", [], true],
  ["a counterfactual 'should have' is past and does not fire", "Your transfer should have completed within 6 business days.", [], false],
  ["a general statement about ACH deposits is not a commitment", "ACH deposits become withdrawable after 5 business days.", [], false],
  ["the reporting window measured from a statement is eligibility, not a promise", "Claims reported within 60 days of the statement date qualify.", [], false],
  ["a reply with no timeline at all does not fire", "I've escalated this to our fraud team as a priority.", [], false],
  ["end of day fires", "We'll credit it by end of day.", [], true],
  // Dates of past events, fronted imperatives, clock definitions.
  ["a date on which something happened is past, not a promise", "I can see the $40 fee charged on June 4.", [], false],
  ["'that same day' points back", "Your complaint was escalated to compliance that same day.", ["5 business days"], false],
  ["a customer's own appointment date is not a commitment", "Your 1099 will be available by February 15, which is ahead of your appointment on the 20th.", ["February 15"], false],
  ["an imperative to wait after a fronted phrase fires", "To be on the safe side, allow 10 business days for the check to clear.", [], true],
  ["'before the weekend' names a day", "We'll get back to you before the weekend.", [], true],
  ["'within the week' is a timeline", "You'll see it in your account within the week.", [], true],
  ["a clock time defined as Zoomberg's cut-off fires (v1.4)", "Our processing cut-off for same-day ACH is 3 pm ET.", [], true],
  ["the 14:00 ET cut-off defined as such does not fire", "The wire cut-off is 2 p.m. ET.", [], false],
  ["a generic rule after 'after that' has no commitment subject", "Orders placed after that are filled the next trading day.", [], false],
  ["'we'll confirm by noon tomorrow' promises; only 'can see/confirm' reports", "We'll confirm by noon tomorrow.", [], true],
  ["'24/7' is not a date", "Our support team is available 24/7.", [], false],
  // Another firm's or the customer's own words about time.
  ["a named firm's timeline is theirs, not Zoomberg's", "Schwab may quote 10 days on their side for the outgoing transfer.", [], false],
  ["Zoomberg's own desk named as subject still commits", "Compliance will call you back by Friday.", [], true],
  ["the period the customer would like is theirs", "I know you'd like an answer within 48 hours, but I can't give a time.", [], false],
  ["a window the customer may have read of is theirs", "You may have read that complaints are acknowledged within 5 business days; that applies to formal complaints only.", [], false],
];

describe("H5 and FND-04 (pack v1.5): a send day is allowed, the money's arrival on that day is not", () => {
  const wire = ["same business day", "next business day"];
  it.each([
    "Since it was requested after the cut-off, the wire goes out the next business day.",
    "We'll send the wire the next business day, but when it reaches your bank depends on them.",
    "I can't promise it will reach your bank the next business day.",
  ])("a send day or a denied arrival does not fire: %s", (reply) => {
    expect(detectH5(reply, ctx(wire)).fired).toBe(false);
  });
  it.each(["It will be in your bank the next business day.", "Your wire will reach your bank the next business day.", "The money will arrive within 1 business day."])(
    "an arrival committed to the send day fires: %s",
    (reply) => {
      expect(detectH5(reply, ctx(wire)).fired).toBe(true);
    },
  );
  it("where settlement's 1 business day is itself allowed, the period is not read as a send day", () => {
    expect(detectH5("The proceeds will reach your account in 1 business day.", ctx(["1 business day"])).fired).toBe(false);
  });
});

describe("H5 (CND-03) rules", () => {
  it.each(rules)("%s", (_name, reply, allowed, fires) => {
    expect(detectH5(reply, ctx(allowed)).fired).toBe(fires);
  });

  it("a hit spans the timeline in the original reply and names the rule", () => {
    const reply = "Don’t worry — our team will call you within 24 hours.";
    const r = detectH5(reply, ctx());
    expect(r.hits).toHaveLength(1);
    const h = r.hits[0]!;
    expect(reply.slice(h.start, h.end)).toBe("24 hours");
    expect(h.reason).toBe("H5: commitment to '24 hours' (not allowed)");
  });
});

describe("timeline normal form", () => {
  it.each([
    ["ten business days", "10 business days"],
    ["10-business-day", "10 business days"],
    ["one business day", "1 business day"],
    ["T+1", "1 business day"],
    ["the next business day", "1 business day"],
    ["twenty-four hours", "24 hours"],
    ["48 hrs", "48 hours"],
    ["a couple of days", "2 days"],
    ["within the hour", "1 hour"],
    ["2-3 weeks", "2-3 weeks"],
    ["a day or two", "1-2 days"],
    ["2 p.m. ET", "14:00"],
  ])("'%s' normalises to '%s'", (text, key) => {
    expect(findTimelines(buildDoc(text)).map((m) => m.key)).toEqual([key]);
  });

  it("allowed claims are normalised the same way as the reply", () => {
    expect(normaliseClaim("10 business days")).toBe(normaliseClaim("ten business days"));
  });
});
