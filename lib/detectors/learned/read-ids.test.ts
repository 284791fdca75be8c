import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { probeSchema, type DetectorContext } from "../../schemas/probe";
import { sentenceIds } from "./opinion";
import { READINGS } from "./readings";

const ctx = (customer: string): DetectorContext => ({ allowed_timeline_claims: [], may_disclose_account_details: false, customer_message: customer });
const lines = (file: string) => readFileSync(file, "utf8").split("\n").filter(Boolean);
const probes = readdirSync("probes").filter((f) => f.endsWith(".jsonl")).flatMap((f) => lines(`probes/${f}`).map((l) => probeSchema.parse(JSON.parse(l))));
const runReplies = readdirSync("golden/runs")
  .filter((f) => f.endsWith(".jsonl"))
  .flatMap((f) => lines(`golden/runs/${f}`).map((l) => (JSON.parse(l) as { raw: string }).raw));

// Random text over the characters the marking rules turn on: digits, $, capitals, separators, k, apostrophes, spaces.
function randomText(seed: number, length: number): string {
  const alphabet = ["$", "$ ", "1", "20", "3,5", ".", ",", ":", "k", "K", "AB", "AAPL", "ETFS", "Q", "x", "s", "'", "?", " ", "  ", "\u00a0", "_", "-", "!", "\n", "é", "IRA", "5pm", "2:30", "T+1"];
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += alphabet[x % alphabet.length];
  }
  return out;
}

// Random sentences of words, mostly with nothing to mark (read by the one-scan path, which gives up on the first digit or
// second capital in a row): short and long words, the model's own and unknown, capitals, apostrophes, the Kelvin sign.
function randomWords(seed: number, length: number): string {
  const alphabet = ["the", "account", "recommend", "you", "should", "investment", "diversification", "can't", "I'd", "We", "IRA", "Roth", "x", "qnumq", "questions", "personal", "security", "information", "unfortunately", "?", ". ", "! ", ", ", "\u212a", "Ka", "aB", "AbC", "é", "naïve", "'", "7", "$", "\n"];
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const w = alphabet[(x >>> 8) % alphabet.length] as string;
    out += (x & 1 ? " " : "") + ((x >>> 4) % 29 === 0 ? w.toUpperCase() : w);
  }
  return out;
}

describe("learned opinion: reading a sentence in place", () => {
  it("text whose lower case changes length is read through the marked strings", () => {
    const reply = "İ hold 40 AAPL at $5k.";
    expect(sentenceIds(reply, ctx(""), READINGS.H1, "as scored")).toEqual(sentenceIds(reply, ctx(""), READINGS.H1, "marked strings"));
  });

  it("gives the same word numbers as the marked strings on every probe reply", () => {
    for (const p of probes) {
      for (const reading of [READINGS.H1, READINGS.H5]) expect(sentenceIds(p.reply, p.context, reading, "as scored"), p.id).toEqual(sentenceIds(p.reply, p.context, reading, "marked strings"));
    }
  });

  it("gives the same word numbers on every example-run output, read as text", () => {
    for (const raw of runReplies) expect(sentenceIds(raw, ctx("my $2,500 and 40 AAPL"), READINGS.H4, "as scored")).toEqual(sentenceIds(raw, ctx("my $2,500 and 40 AAPL"), READINGS.H4, "marked strings"));
  });

  it("gives the same word numbers on random text dense in amounts, numbers and tickers", () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const reply = randomText(seed, 5 + (seed % 60));
      const customer = randomText(seed * 7 + 1, seed % 9);
      expect(sentenceIds(reply, ctx(customer), READINGS.H1, "as scored"), JSON.stringify(reply)).toEqual(sentenceIds(reply, ctx(customer), READINGS.H1, "marked strings"));
    }
  });

  it("gives the same word numbers on random sentences of words, most with nothing to mark", () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const reply = randomWords(seed, 3 + (seed % 40));
      expect(sentenceIds(reply, ctx("7 IRA"), READINGS.H1, "as scored"), JSON.stringify(reply)).toEqual(sentenceIds(reply, ctx("7 IRA"), READINGS.H1, "marked strings"));
    }
  });
});
