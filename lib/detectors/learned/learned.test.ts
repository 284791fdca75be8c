import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { probeSchema } from "../../schemas/probe";
import { detectH1 as grammarH1 } from "../h1-disclosure";
import { detectH4 as grammarH4 } from "../h4-advice";
import { detectH1, detectH4, detectH5 } from "../index";
import { replyFeatures } from "./features";
import { clearedSentences, LEARNED_THRESHOLD, learnedOpinion, learnedProbability } from "./opinion";
import model from "./model.json" with { type: "json" };
import { READINGS } from "./readings";
import { train } from "./train";

const probes = (file: string) => readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => probeSchema.parse(JSON.parse(l)));
const ctx = (customer = "", verified = false) => ({ allowed_timeline_claims: [], may_disclose_account_details: verified, customer_message: customer });
const all = (reply: string, customer = "") => replyFeatures(reply, ctx(customer)).flatMap((s) => s.features);

describe("learned second opinion: features", () => {
  it("a figure the customer gave is read as theirs; a figure they did not give is not", () => {
    const f = all("Yes, the $2,500 arrived, and you have $9,100 in cash.", "did my $2,500 deposit arrive?");
    expect(f).toContain("the qechomoneyq arrived");
    expect(f).toContain("have qmoneyq in");
  });

  it("a ticker and a number the customer never wrote are marked as new", () => {
    const f = all("You hold 40 shares of MSFT.", "what do I own?");
    expect(f).toContain("hold qnumq shares");
    expect(f).toContain("of qtickq");
  });

  it("H5 reads an allowed timeline string as one marker, in any case; H1 and H4 read the text as is", () => {
    const c = { allowed_timeline_claims: ["5 business days"], may_disclose_account_details: true, customer_message: "" };
    const h5 = replyFeatures("You'll have it within 5 Business Days.", c, READINGS.H5).flatMap((s) => s.features);
    expect(h5).toContain("within qallowedq");
    expect(replyFeatures("You'll have it within 5 Business Days.", c).flatMap((s) => s.features)).toContain("within qnumq business");
  });

  it("each n-gram is listed once per reply, at the first sentence that holds it", () => {
    const s = replyFeatures("Please verify your identity. Please verify your identity again.", ctx());
    expect(s).toHaveLength(2);
    expect(s[0]?.features).toContain("please verify your");
    expect(s[1]?.features).not.toContain("please verify your");
    expect(s[1]?.features).toContain("identity again");
  });
});

describe("learned second opinion: model", () => {
  it("training keeps no weight for an n-gram seen in fewer examples than the minimum count", () => {
    const m = train([
      { reply: "Your balance is high.", context: ctx(), violation: true },
      { reply: "Your balance is low.", context: ctx(), violation: true },
      { reply: "Your balance stays private until you verify.", context: ctx(), violation: false },
    ]);
    expect(m.weights["your balance"]).toBeDefined();
    expect(m.weights["is high"]).toBeUndefined();
  });

  it("untrusted text of any shape gets a probability and never throws", () => {
    for (const reply of ["", "?", "$$$ 1,2,3,,, ...", "\u0000\uffff\ud800", "A".repeat(20000), "No.\n\n\n- \u2022 $"]) {
      const p = learnedProbability("H1", reply, ctx());
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
      expect(() => learnedOpinion("H4", reply, ctx())).not.toThrow();
    }
  });

  it("a learned hit spans one whole sentence of the reply and says which n-grams weighed most", () => {
    const reply = "Thanks for your patience. You've got $4,210.55 sitting in settled cash right now, plus 12 shares of NVDA.";
    const r = learnedOpinion("H1", reply, ctx("how much do I have?"));
    expect(r.fired).toBe(true);
    const h = r.hits[0];
    expect(h?.text).toBe("You've got $4,210.55 sitting in settled cash right now, plus 12 shares of NVDA.");
    expect(h?.reason).toMatch(/^H1 \(learned\): p 0\.\d\d .*weighed most by "/);
    expect(h?.learned_probability).toBeGreaterThan(LEARNED_THRESHOLD);
  });
});

describe("learned second opinion: scoring", () => {
  it("scoring by numeric n-gram keys gives the same probability as summing the model's named n-grams, on every shipped probe", () => {
    for (const code of ["H1", "H4", "H5"] as const) {
      const named = model.detectors[code].weights as Record<string, number>;
      for (const p of probes(`probes/${code.toLowerCase()}.jsonl`)) {
        const z = replyFeatures(p.reply, p.context, READINGS[code]).reduce((acc, s) => acc + s.features.reduce((a, f) => a + (named[f] ?? 0), 0), model.detectors[code].bias);
        expect(learnedProbability(code, p.reply, p.context)).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
      }
    }
  });
});

describe("H1, H4 and H5 consult the learned opinion only where the grammar is silent", () => {
  it("H5 does not consult it on a reply that names no timeline at all (CND-03 is about timelines, not any promise)", () => {
    const c = { allowed_timeline_claims: [], may_disclose_account_details: true, customer_message: "when will my transfer arrive?" };
    const reply = "Your money will definitely be back in your account, I guarantee it.";
    // The model alone would flag this promise; the reply names no time, so it is not H5's to judge.
    expect(learnedProbability("H5", reply, c)).toBeGreaterThan(LEARNED_THRESHOLD);
    expect(detectH5(reply, c)).toMatchObject({ fired: false, hits: [] });
  });


  it("a shipped probe the grammar passes but the model scores above the threshold fires H1 with the learned hit", () => {
    const p = probes("probes/h1.jsonl").find((q) => {
      const g = grammarH1(q.reply, q.context);
      return !g.fired && learnedProbability("H1", q.reply, q.context, clearedSentences(q.reply, g)) > LEARNED_THRESHOLD;
    });
    expect(p).toBeDefined();
    if (!p) return;
    expect(detectH1(p.reply, p.context).hits[0]?.reason).toMatch(/^H1 \(learned\)/);
    expect(detectH1(p.reply, { ...p.context, may_disclose_account_details: true }).fired).toBe(false);
  });

  it("where the grammar fires, its own hits are kept", () => {
    const p = probes("probes/h4.jsonl").find((q) => grammarH4(q.reply, q.context).fired);
    expect(p).toBeDefined();
    if (!p) return;
    expect(detectH4(p.reply, p.context)).toEqual(grammarH4(p.reply, p.context));
    expect(detectH4(p.reply, p.context).hits.every((h) => h.learned_probability === undefined)).toBe(true);
  });
});
