// Numbers written in words or digits, as a timeline or an amount states them.

const UNITS: Record<string, number> = {
  zero: 0, a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  couple: 2, "a couple": 2, "a couple of": 2, "couple of": 2, "a pair of": 2,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

/** Source fragment matching a number written in words (one to ninety-nine, "a couple of", "a", "an"). */
export const NUMBER_WORD =
  "(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|a couple(?: of)?|couple of|a pair of)";

/** Value of a number in digits or words; vague quantities ("a few", "several") keep their word; null when not a number. */
export function parseNumber(raw: string): number | string | null {
  const w = raw.trim().toLowerCase().replace(/,/g, "").replace(/\s+/g, " ");
  if (/^\d+(?:\.\d+)?$/.test(w)) return Number(w);
  if (w in UNITS) return UNITS[w] as number;
  if (w === "a few" || w === "few") return "few";
  if (w === "several") return "several";
  if (w === "half a" || w === "half an") return 0.5;
  const parts = w.split(/[- ]/);
  const tens = TENS[parts[0] as string];
  if (tens !== undefined) {
    if (parts.length === 1) return tens;
    const unit = UNITS[parts[1] as string];
    if (parts.length === 2 && unit !== undefined && unit > 0 && unit < 10) return tens + unit;
  }
  return null;
}
