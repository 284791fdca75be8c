// H1 and H4's learned second opinion: fires when the model trained on the fixed probe sets gives a violation
// probability above the threshold. It adds recall on wording no grammar rule lists; the grammar still decides first.
import type { DetectorContext } from "../../schemas/probe";
import { hit } from "../text";
import type { DetectorResult } from "../types";
import { MARKERS, markedSentences, replyFeatures, type MarkedSentence } from "./features";
import { IntTable } from "./int-table";
import { WordTable } from "./word-table";
import model from "./model.json" with { type: "json" };

export type LearnedCode = keyof typeof model.detectors;

/** Chosen on blind sets AA–AD before sets AE and AF were written (docs/DETECTORS.md). */
export const LEARNED_THRESHOLD = 0.7;

// The weights keyed by small integers rather than n-gram strings, so scoring builds no strings: a word is its index in
// one vocabulary shared by both models, a bigram a·V + b, a trigram p·V + c where p numbers the trigram's first two words.
const WORDS = new WordTable(new Set(Object.values(model.detectors).flatMap((d) => Object.keys(d.weights).flatMap((k) => k.split(" ")))));
const V = WORDS.size;
const START = WORDS.find("<s>", 0, 3);

type Compiled = {
  bias: number;
  /** uni[word] is the unigram's n-gram number, or -1. */
  uni: Int32Array;
  bi: IntTable;
  prefix: IntTable;
  tri: IntTable;
  weight: Float64Array;
  /** stamp[n] === generation marks n-gram n as already counted for the reply being scored. */
  stamp: Uint32Array;
  generation: number;
  named: Map<string, number>;
};

function compile(d: { bias: number; weights: Record<string, number> }): Compiled {
  const entries = Object.entries(d.weights).map(([k, w]) => [k.split(" ").map((p) => WORDS.find(p, 0, p.length)), w] as const);
  const uni = new Int32Array(V).fill(-1);
  const bi: Array<[number, number]> = [];
  const tri: Array<[number, number]> = [];
  const prefixes = new Map<number, number>();
  const weight = new Float64Array(entries.length);
  entries.forEach(([[a = 0, b, c], w], n) => {
    weight[n] = w;
    if (b === undefined) uni[a] = n;
    else if (c === undefined) bi.push([a * V + b, n]);
    else {
      const key = a * V + b;
      const p = prefixes.get(key) ?? (prefixes.set(key, prefixes.size), prefixes.size - 1);
      tri.push([p * V + c, n]);
    }
  });
  return { bias: d.bias, uni, bi: new IntTable(bi), prefix: new IntTable([...prefixes]), tri: new IntTable(tri), weight, stamp: new Uint32Array(entries.length), generation: 0, named: new Map(Object.entries(d.weights)) };
}

const MODELS = Object.fromEntries(Object.entries(model.detectors).map(([code, d]) => [code, compile(d)])) as Record<LearnedCode, Compiled>;

// The word numbers of the last reply's sentences, shared by H1 and H4 (-1 for a word no model weighs).
let idsFor: MarkedSentence[] | null = null;
let idsOf: Int32Array[] = [];
function wordIds(sentences: MarkedSentence[]): Int32Array[] {
  if (sentences === idsFor) return idsOf;
  idsOf = sentences.map(({ marked }) => WORDS.sentence(marked, START));
  idsFor = sentences;
  return idsOf;
}

/** Counts n-gram n once per reply: the model reads a reply as a set of n-grams. */
function once(m: Compiled, n: number, gen: number): number {
  if (n < 0 || m.stamp[n] === gen) return 0;
  m.stamp[n] = gen;
  return m.weight[n] as number;
}

/** The log-odds of a violation and, per sentence, the weight of the n-grams it was first to hold. */
function logOdds(m: Compiled, reply: string, ctx: DetectorContext): { z: number; bySentence: number[] } {
  const gen = (m.generation = (m.generation + 1) >>> 0 || 1);
  if (gen === 1) m.stamp.fill(0);
  let z = m.bias;
  const bySentence: number[] = [];
  for (const ids of wordIds(markedSentences(reply, ctx))) {
    const len = ids.length;
    let sum = 0;
    for (let i = 0; i < len; i++) {
      const a = ids[i] as number;
      if (a < 0) continue;
      sum += once(m, m.uni[a] as number, gen);
      if (i + 1 >= len || (ids[i + 1] as number) < 0) continue;
      const ab = a * V + (ids[i + 1] as number);
      sum += once(m, m.bi.get(ab), gen);
      if (i + 2 >= len || (ids[i + 2] as number) < 0) continue;
      const p = m.prefix.get(ab);
      if (p >= 0) sum += once(m, m.tri.get(p * V + (ids[i + 2] as number)), gen);
    }
    z += sum;
    bySentence.push(sum);
  }
  return { z, bySentence };
}

const readable = (f: string) => f.replace(/\bq\w+q\b/g, (m) => MARKERS[m as keyof typeof MARKERS] ?? m);

/** The probability the model gives the reply being a violation. */
export function learnedProbability(code: LearnedCode, reply: string, ctx: DetectorContext): number {
  return 1 / (1 + Math.exp(-logOdds(MODELS[code], reply, ctx).z));
}

export function learnedOpinion(code: LearnedCode, reply: string, ctx: DetectorContext): DetectorResult {
  const m = MODELS[code];
  const { z, bySentence } = logOdds(m, reply, ctx);
  const probability = 1 / (1 + Math.exp(-z));
  if (!(probability > LEARNED_THRESHOLD)) return { fired: false, hits: [] };
  // The hit is the sentence that weighs most towards a violation, with its three heaviest n-grams.
  const best = bySentence.reduce((bi, s, i) => (s > (bySentence[bi] as number) ? i : bi), 0);
  const s = replyFeatures(reply, ctx)[best];
  if (!s || s.end <= s.start) return { fired: false, hits: [] };
  const strongest = s.features
    .flatMap((f) => {
      const w = m.named.get(f);
      return w !== undefined && w > 0 ? [[f, w] as const] : [];
    })
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([f]) => `"${readable(f)}"`);
  const reason = `${code} (learned): p ${probability.toFixed(2)} on the probe-trained model; weighed most by ${strongest.join(", ") || "the sentence as a whole"}`;
  return { fired: true, hits: [hit(reply, s.start, s.end, reason)] };
}
