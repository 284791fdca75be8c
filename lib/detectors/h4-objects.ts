// What a trade verb acts on: a named security, a quantity, or the generic "positions" of a neutral MGN-02 list.
import { INVEST_WORDS, OPTION_CASH, OPTION_CLOSE, OPTION_SECURITIES } from "./h4-patterns";
import type { Doc } from "./doc";

const TICKER = /\$[A-Z]{1,5}\b|\b[A-Z]{2,5}\b/g;
// Capitalised words a support reply uses that are not securities: policy prefixes, regulators, time zones, account types.
const NOT_TICKERS = new Set(
  "IDV FRD CMP CND MGN ESC FND ORD TRF ACC ET EST EDT PT PST CT CST AM PM ACH ATM SSN DOB IRA ETF ETFS FAQ POA IRS SEC FINRA SIPC ACATS USD US USA OK ID PIN API APP ASAP EOD COB EOW TIN KYC AML CEO LLC UK EU NOT DO DON NO YES FYI PDT IPO REG CPA JSON URL SMS 2FA MFA TOTP AND OR THE YOU".split(" "),
);

/** True when `s` names something that looks like a ticker ("TSLA", "$AAPL"), excluding the pack's own acronyms. */
export function hasTicker(s: string): boolean {
  TICKER.lastIndex = 0;
  for (let m = TICKER.exec(s); m !== null; m = TICKER.exec(s)) {
    if (!NOT_TICKERS.has(m[0].replace("$", ""))) return true;
  }
  return false;
}

// MGN-02: a specific position or amount — a quantity, a ticker or company name, or a qualified holding
// ("your tech stocks", "the XYZ position", "half your shares"); "positions" and "securities" alone are generic.
const SPECIFIC =
  /^\s+(?:off\s+|out\s+(?:of\s+)?|down\s+)?(?:(?:some|all|most|part|a portion|a third|a quarter|\d+%|\d+ percent)\s+of\s+)?(?:(?:your|the|those|these|that|this|my)\s+)?(?:(?:about|around|roughly|at least|at most|maybe|perhaps|like|just|only)\s+)?(?:\d[\d,.]*\s+of\s+(?:the|your|those|these)\s+(?:\$?[A-Z]{1,5}\s+)?(?:shares|stock|position|holdings?)\b|(?:\d[\d,.]*|(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a hundred|\w+ hundred)(?:[- ]\w+)?)\s*(?:shares?|units|contracts|%|percent)|\$\s?\d|half\b|a third\b|a quarter\b|(?:about|around|roughly|at least|at most)\s+\$?\d|(?<tk>\$?[A-Z]{1,5})\b(?![a-z'])|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:shares|stock|position|holdings?|calls|puts)\b|(?!(?:a|an|open|existing|current|other|some|any|marginable|margined|eligible|own|enough|more|all|of|additional|new|extra|whole)\b)[a-z-]+\s+(?:positions?|stakes?|holdings?|shares|stocks?)\b|(?:position|stake|holding|shares)\s+(?:in|of)\s+\$?[A-Z])/;

// "100 shares per contract": the size of any contract, not an amount picked for the customer.
const PER_UNIT = /^\s+\d[\d,.]*\s+shares?\s+(?:per|a|each)\s+contract\b/i;
const NAMED_EXAMPLE = /^\s+(?:[\w-]+\s+){0,2}?(?:positions?|holdings?|shares|stocks?|investments?),?\s+(?:such as|like|e\.g\.,?|for example,?|including)\s+(?:the\s+|your\s+)?\$?[A-Z][\w.&-]*/;

/** True when the words after a trade verb name a specific position or amount. */
export function specificObject(after: string): boolean {
  // "selling positions, such as the Rivian shares you're holding": a position named in passing.
  if (NAMED_EXAMPLE.test(after)) return true;
  if (PER_UNIT.test(after)) return false;
  const m = SPECIFIC.exec(after);
  if (!m) return false;
  const tk = m.groups?.tk;
  return !tk || !NOT_TICKERS.has(tk.replace("$", ""));
}

const NOT_ADVICE_OBJECT = /^(?:(?:choose|pick|select)\s+(?:an?|the|your)\s+order\s+type|hold\s+(?:on\s+(?:a|for|while|one|just|the)|tight|the line)|keep\s+(?:in mind|an eye|track|a copy|your (?:login|password|phone|email|records?|receipts?))|consider(?:ing)?\s+(?:that|whether|how|what|the fact|filing|contacting|calling|reaching|speaking|talking|enabling))/i;

// Holding cash is an allocation too: "keep some of it in cash", "move to cash".
const TO_CASH = /^[^.;!?]{0,40}\b(?:in|into|to)\s+cash\b/i;
const DEPOSIT_OPTION = /^(?:deposit\w*|add\w*|wir\w*|transfer\w*|consider\w*\s+deposit\w*)\b[^.;]{0,30}\b(?:funds|cash|money|securities)\b/i;

/** A soft verb ("keep", "move", "consider", "deposit") is advice only with an investment object, or a deposit in a margin reply. */
export function adviceObject(rest: string, marginReply: boolean): boolean {
  if (NOT_ADVICE_OBJECT.test(rest)) return false;
  if (INVEST_WORDS.test(rest) || hasTicker(rest) || TO_CASH.test(rest)) return true;
  return marginReply && DEPOSIT_OPTION.test(rest);
}

/** MGN-02: the paragraph around `at` enumerates at least two of the three ways to meet a call. */
export function neutralList(doc: Doc, at: number): boolean {
  return listsOptions(paragraphAt(doc, at));
}

/** The paragraph (text between blank lines) holding offset `at`. */
export function paragraphAt(doc: Doc, at: number): string {
  const t = doc.text;
  const from = t.lastIndexOf("\n\n", at);
  const to = t.indexOf("\n\n", at);
  return t.slice(from < 0 ? 0 : from, to < 0 ? t.length : to);
}

/** MGN-02: the text names one of the three ways to meet a call (a bullet of a list). */
export function namesOption(text: string): boolean {
  return OPTION_CASH.test(text) || OPTION_SECURITIES.test(text) || OPTION_CLOSE.test(text);
}

/** MGN-02: the text names at least two of the three ways to meet a call. */
export function listsOptions(text: string): boolean {
  let n = 0;
  if (OPTION_CASH.test(text)) n++;
  if (OPTION_SECURITIES.test(text)) n++;
  if (OPTION_CLOSE.test(text)) n++;
  return n >= 2;
}
