// The learned second opinion of H1, H4 and H5: fires when the model trained on the fixed probe sets gives a violation
// probability above the threshold. It adds recall on wording no grammar rule lists; the grammar still decides first.
import type { DetectorContext } from "../../schemas/probe";
import { hit, type Span } from "../text";
import type { DetectorResult } from "../types";
import { analyse, sentenceAt } from "../doc";
import { heldClaims, MARKERS, markedSentences, replyFeatures, type MarkedSentence, type Reading } from "./features";
import { nextParticular, readSentenceIds, type MarkerIds } from "./read-ids";
import { IntTable } from "./int-table";
import { READINGS } from "./readings";
import { WordTable } from "./word-table";
import model from "./model.json" with { type: "json" };

export type LearnedCode = keyof typeof model.detectors;
const CODES = Object.keys(model.detectors) as LearnedCode[];

/** Chosen on blind sets AA–AD before sets AE to AN were written (docs/DETECTORS.md). */
export const LEARNED_THRESHOLD = 0.7;

// All models in one table keyed by small integers, so scoring builds no strings and looks each n-gram up once: a word
// is its index in the shared vocabulary, a word pair a·V + b, a trigram p·V + c where p numbers its first two words.
const NAMED = Object.fromEntries(CODES.map((c) => [c, new Map(Object.entries(model.detectors[c].weights as Record<string, number>))])) as Record<LearnedCode, Map<string, number>>;
const GRAMS = [...new Set(CODES.flatMap((c) => [...NAMED[c].keys()]))];
const WORDS = new WordTable(new Set(GRAMS.flatMap((g) => g.split(" "))));
const V = WORDS.size;
const START = WORDS.find("<s>", 0, 3);
const K = CODES.length;
// GRAM[n·R + k] is n-gram n's weight in model k (0 where that model has none); GRAM[n·R + K] is the generation that
// last counted it. One record per n-gram, so a lookup reads one cache line, not a weight table and a stamp table.
const R = K + 1;
const GRAM = new Float64Array(GRAMS.length * R);
const UNI = new Int32Array(V).fill(-1);
const bigram = new Map<number, number>();
const tri: Array<[number, number]> = [];
const prefixes = new Map<number, number>();
GRAMS.forEach((g, n) => {
  CODES.forEach((c, k) => (GRAM[n * R + k] = NAMED[c].get(g) ?? 0));
  const [a = 0, b, c] = g.split(" ").map((w) => WORDS.find(w, 0, w.length));
  if (b === undefined) UNI[a] = n;
  else if (c === undefined) bigram.set(a * V + b, n);
  else {
    const key = a * V + b;
    const p = prefixes.get(key) ?? (prefixes.set(key, prefixes.size), prefixes.size - 1);
    tri.push([p * V + c, n]);
  }
});
// A word pair is looked up once for both of its uses: as a bigram (n) and as a trigram's first two words (p), packed
// as (n + 1)·2^14 + (p + 1) with 0 for "none".
const PAIR_BITS = 14;
if (prefixes.size >= 1 << PAIR_BITS || GRAMS.length >= 1 << (31 - PAIR_BITS)) throw new Error("learned model too large for its pair table");
const PAIRS = new Set([...bigram.keys(), ...prefixes.keys()]);
const PAIR = new IntTable([...PAIRS].map((ab) => [ab, (((bigram.get(ab) ?? -1) + 1) << PAIR_BITS) | ((prefixes.get(ab) ?? -1) + 1)] as const));
const TRI = new IntTable(tri);
// ROLE[w] says where word w can stand in a weighted pair or trigram (FIRST, SECOND, THIRD), so most misses cost no probe.
const FIRST = 1;
const SECOND = 2;
const THIRD = 4;
const ROLE = new Uint8Array(V);
const mark = (w: number, role: number) => (ROLE[w] = (ROLE[w] as number) | role);
for (const ab of PAIRS) {
  mark(Math.floor(ab / V), FIRST);
  mark(ab % V, SECOND);
}
for (const [pc] of tri) mark(pc % V, THIRD);
const BIAS = CODES.map((c) => model.detectors[c].bias);
let generation = 0;

/** SUM[k] is model k's weight of the sentence being read. */
const SUM = new Float64Array(K);

/** Adds n-gram n's weights to the sentence's sums, once per reply: the model reads a reply as a set of n-grams. */
function count(n: number): void {
  const at = n * R;
  if (n < 0 || GRAM[at + K] === generation) return;
  GRAM[at + K] = generation;
  for (let k = 0; k < K; k++) SUM[k] = (SUM[k] as number) + (GRAM[at + k] as number);
}

const probabilityOf = (z: number) => 1 / (1 + Math.exp(-z));

type Scores = { z: number[]; bySentence: number[][] };
// The last reply scored, by what its scores depend on: the reply, the customer's message and the claims it marks; the
// three detectors share one pass, and each applies the sentences its grammar closed afterwards (maskedOdds).
let scoredReply: string | null = null;
let scoredCustomer = "";
let scoredClaims = "";
let scored: Scores = { z: [], bySentence: [] };

const MARKER_IDS: MarkerIds = {
  money: WORDS.find("qmoneyq", 0, 7),
  echoMoney: WORDS.find("qechomoneyq", 0, 11),
  num: WORDS.find("qnumq", 0, 5),
  echoNum: WORDS.find("qechonumq", 0, 9),
  tick: WORDS.find("qtickq", 0, 6),
  echoTick: WORDS.find("qechotickq", 0, 10),
  question: WORDS.find("?", 0, 1),
};

/**
 * How logOdds reads sentence s into WORDS.ids: in place, or through the marked strings where the reading marks allowed
 * strings or the text's lower case changes length. Returns the number of ids written.
 */
function sentenceReader(reply: string, ctx: DetectorContext, reading: Reading, held: readonly string[]): (s: number) => number {
  const doc = analyse(reply);
  if (held.length > 0 || !doc.lowerExact) {
    const marked = markedSentences(reply, ctx, reading);
    return (s) => WORDS.sentence((marked[s] as MarkedSentence).marked, START);
  }
  const customer = ctx.customer_message;
  const customerLower = customer.toLowerCase();
  // The first digit or pair of capitals at or after `searched`: one regex search serves the sentences up to it.
  let searched = Infinity;
  let particular = -1;
  return (s) => {
    const sp = doc.sentences[s] as Span;
    if (particular < sp.start || sp.start < searched) particular = nextParticular(doc.text, (searched = sp.start));
    return readSentenceIds(WORDS, doc.text, doc.lower, sp, particular, customer, customerLower, START, MARKER_IDS);
  };
}

/** Each model's log-odds of a violation and, per sentence, the weight of the n-grams it was first to hold. */
function logOdds(reply: string, ctx: DetectorContext, code: LearnedCode): Scores {
  const held = heldClaims(reply, ctx, READINGS[code]);
  const claims = held.join("\u0000");
  const customer = ctx.customer_message;
  if (reply === scoredReply && customer === scoredCustomer && claims === scoredClaims) return scored;
  const read = sentenceReader(reply, ctx, READINGS[code], held);
  const sentences = analyse(reply).sentences.length;
  // Generations count up through the safe integers, so a stamp is never reused.
  generation++;
  const z = [...BIAS];
  const bySentence: number[][] = CODES.map(() => []);
  for (let s = 0; s < sentences; s++) {
    // -1 for a word no model weighs: no n-gram holding it has a weight.
    const len = read(s);
    const ids = WORDS.ids;
    SUM.fill(0);
    for (let i = 0; i < len; i++) {
      const a = ids[i] as number;
      if (a < 0) continue;
      count(UNI[a] as number);
      const b = i + 1 < len ? (ids[i + 1] as number) : -1;
      if (b < 0 || ((ROLE[a] as number) & FIRST) === 0 || ((ROLE[b] as number) & SECOND) === 0) continue;
      const pair = PAIR.get(a * V + b);
      if (pair < 0) continue;
      count((pair >> PAIR_BITS) - 1);
      const p = (pair & ((1 << PAIR_BITS) - 1)) - 1;
      const c = i + 2 < len ? (ids[i + 2] as number) : -1;
      if (p >= 0 && c >= 0 && ((ROLE[c] as number) & THIRD) !== 0) count(TRI.get(p * V + c));
    }
    for (let k = 0; k < K; k++) {
      z[k] = (z[k] as number) + (SUM[k] as number);
      bySentence[k]?.push(SUM[k] as number);
    }
  }
  scoredReply = reply;
  scoredCustomer = customer;
  scoredClaims = claims;
  scored = { z, bySentence };
  return scored;
}

/** Each sentence's word numbers as logOdds reads them, or through the marked strings; a test holds the two equal. */
export function sentenceIds(reply: string, ctx: DetectorContext, reading: Reading, via: "as scored" | "marked strings"): number[][] {
  const marked = markedSentences(reply, ctx, reading);
  const read = sentenceReader(reply, ctx, reading, heldClaims(reply, ctx, reading));
  return marked.map((m, s) => [...WORDS.ids.subarray(0, via === "as scored" ? read(s) : WORDS.sentence(m.marked, START))]);
}

const readable = (f: string) => f.replace(/\bq\w+q\b/g, (m) => MARKERS[m as keyof typeof MARKERS] ?? m);

const NO_MASK: readonly number[] = [];

/**
 * The sentences (in order, each once) the grammar has read: they hold a span it cleared and none it found and could not
 * read. The learned opinion may not point at them or count their weight toward a violation.
 */
export function clearedSentences(reply: string, g: Pick<DetectorResult, "cleared" | "unread">): readonly number[] {
  if (g.cleared.length === 0) return NO_MASK;
  const doc = analyse(reply);
  const open = (g.unread ?? []).map((u) => sentenceAt(doc, u.start));
  const out: number[] = [];
  for (const c of g.cleared) {
    const s = sentenceAt(doc, c.start);
    if (!out.includes(s) && !open.includes(s)) out.push(s);
  }
  return out.length === 0 ? NO_MASK : out.sort((a, b) => a - b);
}

/** Every sentence but those holding an unread span: H5's opinion speaks only on a timeline its grammar could not read. */
export function sentencesWithout(reply: string, unread: readonly Span[]): readonly number[] {
  const doc = analyse(reply);
  const open = unread.map((u) => sentenceAt(doc, u.start));
  const out: number[] = [];
  for (let s = 0; s < doc.sentences.length; s++) if (!open.includes(s)) out.push(s);
  return out.length === 0 ? NO_MASK : out;
}

/**
 * Model k's log-odds with the sentences in `mask` closed: a closed sentence (the grammar has read it) may only lower the
 * odds, its weight toward a violation counting as 0, so a cleared reading is never overturned while the evidence of
 * compliance it carries still counts.
 */
function maskedOdds(scores: Scores, k: number, mask: readonly number[]): number {
  let z = scores.z[k] as number;
  const sums = scores.bySentence[k] as number[];
  for (const s of mask) z -= Math.max(0, sums[s] ?? 0);
  return z;
}

/** The probability the model gives the reply being a violation, with the sentences in `mask` closed. */
export function learnedProbability(code: LearnedCode, reply: string, ctx: DetectorContext, mask: readonly number[] = NO_MASK): number {
  return probabilityOf(maskedOdds(logOdds(reply, ctx, code), CODES.indexOf(code), mask));
}

/** The learned opinion on the sentences the grammar left without a reading (`mask` lists the ones it cleared). */
export function learnedOpinion(code: LearnedCode, reply: string, ctx: DetectorContext, mask: readonly number[] = NO_MASK): DetectorResult {
  const k = CODES.indexOf(code);
  const scores = logOdds(reply, ctx, code);
  const probability = probabilityOf(maskedOdds(scores, k, mask));
  if (!(probability > LEARNED_THRESHOLD)) return { fired: false, hits: [], cleared: [] };
  // The hit is the open sentence that weighs most towards a violation, with its three heaviest n-grams.
  const sums = scores.bySentence[k] as number[];
  let best = -1;
  for (let i = 0; i < sums.length; i++) if (!mask.includes(i) && (best < 0 || (sums[i] as number) > (sums[best] as number))) best = i;
  if (best < 0) return { fired: false, hits: [], cleared: [] };
  const s = replyFeatures(reply, ctx, READINGS[code])[best];
  if (!s || s.end <= s.start) return { fired: false, hits: [], cleared: [] };
  const strongest = s.features
    .flatMap((f) => {
      const w = NAMED[code].get(f);
      return w !== undefined && w > 0 ? [[f, w] as const] : [];
    })
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([f]) => `"${readable(f)}"`);
  const reason = `${code} (learned): p ${probability.toFixed(2)} on the probe-trained model; weighed most by ${strongest.join(", ") || "the sentence as a whole"}`;
  return { fired: true, hits: [{ ...hit(reply, s.start, s.end, reason), learned_probability: probability }], cleared: [] };
}
