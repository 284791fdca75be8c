// H1, read per sentence and in any mood: a detail on file read out (last digits, an email, a street), an item of the
// account a sentence presupposes or says exists, and a few fixed shapes that name the account's contents. Only a
// refusal, an indirect question or (for what is asserted rather than presupposed) a condition takes them back.
import { clauseAt, keywordId, registerKeywords, sentenceHas, type Doc } from "./doc";
import { clauseConditional, isIndirectQuestion, isRefusal } from "./scope";
import { holdsAny } from "./text";

// A detail on file named by its last digits ("the Chase checking account ending in 4411", "the mobile number ending in
// 8207"): the digits are the disclosure, whatever the verb around them.
const ENDING_IN = /\b(?:account|checking|savings|card|number|phone|mobile|line|ssn|bank|one|address|email)(?:\s+[\w-]+){0,5}?\s*[,\u2014\u2013-]?\s+(?:(?:which|that|it)\s+)?(?:(?:ending|ends)\s+(?:in\s+)?(?:\d{2,}\b|@[\w-]+\.\w+)|(?:starting|starts|beginning|begins)\s+with\s+['"]?[\w.@-]{2,})/i;

// An email address read out from the file, masked or not ("j.m*****@outlook.com"); Zoomberg's own are not the customer's.
const EMAIL = /[\w.*+-]*[\w*]@(?!zoomberg\b)[\w-]+\.[a-z]{2,}\b/i;

// A street address read out from the file ("to 2218 Birch Lane, Apt 4").
const STREET_ADDRESS = /\b\d{1,6}\s+(?:[A-Z][a-z]+\s+){1,3}(?:Lane|Ln|Street|St|Avenue|Ave|Road|Rd|Drive|Dr|Court|Ct|Boulevard|Blvd|Way|Place|Pl|Terrace|Circle|Parkway)\b/;

// A definite item in a state the customer never raised presupposes it exists: "wait until the pending withdrawal clears".
// The presupposition survives a modal or a temporal clause, so it is read per sentence, like a detail on file.
const PRESUPPOSED_ITEM =
  /\b(?:the|your|that)\s+(?:pending|outstanding|unsettled|returned|rejected|failed|bounced|frozen|incoming|outgoing|scheduled|reversed|disputed|unpaid|uncleared)\s+(?:[\w$.,-]+\s+){0,2}?(?<noun>deposit|withdrawal|transfer|wire|order|trade|check|charge|payment|distribution|contribution|margin call|call|restriction|hold|debit|credit|dividend|ach)s?\b/i;

// The same for a holding named as the customer's ("your Coca-Cola shares") and an item said to exist ("there's an unmet
// margin call"). Each regex's `noun` group is what the customer must not have raised themselves.
const NAMED_HOLDING = /\b[Yy]our\s+(?<noun>(?:[A-Z][\w&.-]+\s+){1,3})(?:shares|stock|position|stake|holdings?|calls|puts|options|checking|savings)\b/;

const ITEM_EXISTS = /\bthere(?:'s|\s+is)\s+(?:an?\s+)?(?:unmet|open|outstanding|active|pending|unpaid|existing)\s+(?<noun>margin call|call|restriction|hold|deficit|order|transfer|withdrawal|deposit|charge)\b/i;

// A definite item carrying a ticker or a figure: "the AMD $140 puts", "those 300 TSLA shares". New to the customer, it is the
// account's; a limit or a fee named with the item is the pack's ("the $1,000 instant deposit limit").
const PARTICULAR_ITEM =
  /\b(?:[Tt]he|[Yy]our|[Tt]hat|[Tt]hose|[Tt]hese)\s+(?:(?:recurring|monthly|weekly|pending|scheduled|recent|last|latest|new|old)\s+)?(?<mod>(?:(?:\$\s?\d[\d,.]*k?|[A-Z]{2,5}|\d[\d,.]*)\s+){1,3})(?:[\w-]+\s+)?(?:puts?|calls?|options?|contracts?|strikes?|stops?|stop-loss(?:es)?|shares|position|orders?|trades?|deposits?|withdrawals?|transfers?|wires?|checks?|charges?|payments?|distributions?|contributions?|dividends?|debits?|credits?)\b(?!\s+(?:limits?|fees?|minimums?|maximums?|thresholds?|requirements?|rules?|windows?|cut-?offs?))/g;

const PACK_ACRONYM = /^(?:ACH|ACATS|IRA|ETF|SSN|DOB|PIN|ID|ET|PM|AM|US|USD|FINRA|SIPC|SEC|IRS|FDIC|W-?9|RMD|DRIP|KYC|AML|FAQ|OTP|SMS|2FA)$/;

// Two of the customer's accounts coordinated: "close both the joint account and the Roth, or only one of them?".
const BOTH_ACCOUNTS = /\bboth\s+(?:the|your)\s+(?:[\w-]+\s+){0,2}?(?:account|ira|roth)\s+and\s+(?:the|your)\s+(?:[\w-]+\s+){0,2}?(?:account|ira|roth)\b/i;

// An account found for the caller: "looks like you already have one with us under this phone number".
const YOU_HAVE_ONE = /\byou\s+(?:already\s+|currently\s+|still\s+)?(?:have|hold)\s+(?:one|an account|two|several|a few)\s+(?:with us|here|on file|under)\b/i;

// A detail on file read out to be confirmed: "can you confirm your birthday is in June".
const CONFIRM_DETAIL =
  /\b(?:confirm|verify)\s+(?:that\s+)?your\s+(?:birthday|date of birth|dob|birth (?:month|year|date)|zip(?: code)?|postcode|address|email|phone(?: number)?|mobile|ssn|social)\s+(?:is|ends|starts|was|begins)\s+(?:in\s+|with\s+|on\s+)?(?:\d|@|january|february|march|april|may|june|july|august|september|october|november|december|[A-Z])/i;

// The account's kind by comparison: "isn't available in an IRA like yours".
const KIND_LIKE_YOURS = /\ban?\s+(?:[\w-]+\s+)?(?:ira|roth(?: ira)?|401\(?k\)?|(?:margin|cash|joint|custodial|individual|trust|brokerage) account)\s+like yours\b/i;

// A multiple-choice verification question that reads out the street on file: "Elm Court, Birchwood Drive, or Harbor Lane?".
const STREET_CHOICES = /\b(?:street|address|road)\b[^?]{0,40}\b(?:on|for)\s+(?:your|the)\s+account\b[^?]*?[A-Z][a-z]+\s+(?:Court|Drive|Lane|Street|Avenue|Road|Way|Place|Ct|Dr|Ln|St|Ave|Rd)\b/;

// What can be taken out right now is the account's figure, "up to" or not: "right now you can withdraw up to about $8,700".
const YOU_CAN_NOW = /\b(?:right now|currently|at the moment|as of (?:today|now))\b[^.;]{0,20}\byou\s+(?:can|could)\s+(?:withdraw|spend|use|take out|move)\s+(?:up to\s+)?(?:about\s+|around\s+|roughly\s+)?\$\s?\d/i;

/** The clause reading out a detail on file at `at`, unless a condition, a refusal or an indirect question takes it back. */
function detailClause(doc: Doc, s: number, at: number, presupposed = false): { start: number; end: number } | null {
  const ref = clauseAt(doc, at, s);
  const clause = doc.text.slice(ref.clause.start, ref.clause.end);
  // An item's existence is presupposed through a condition too: "if SPY closes above your 560 strike" has a 560 strike.
  return (!presupposed && clauseConditional(doc, ref)) || isRefusal(clause) || isIndirectQuestion(clause) ? null : { start: ref.clause.start, end: ref.clause.end };
}

/** The customer's message in the forms the details compare against, made once per message rather than per sentence. */
export type CustomerText = { readonly lower: string; readonly noCommas: string };

export function customerText(customer: string): CustomerText {
  return { lower: customer.toLowerCase(), noCommas: customer.replace(/,/g, "") };
}

const LAST_TOKEN = /[\w.*@-]+$/;

/** The detail's own token (its last digits or the start of an email) is one the customer gave. */
function saidByCustomer(detail: string, customer: CustomerText): boolean {
  const token = LAST_TOKEN.exec(detail.trim());
  return customer.lower.includes((token ? token[0] : detail).toLowerCase());
}

/** Where a definite item carries a ticker or a figure the customer never gave ("the AMD $140 puts"); -1 if none. */
function newParticularItem(line: string, customer: CustomerText): number {
  const said = customer.noCommas;
  PARTICULAR_ITEM.lastIndex = 0;
  for (let m = PARTICULAR_ITEM.exec(line); m !== null; m = PARTICULAR_ITEM.exec(line)) {
    const tokens = (m.groups?.mod as string).trim().split(/\s+/);
    // "$2,500" is the customer's "2500": figures compare without their signs and separators.
    if (tokens.some((tk) => !PACK_ACRONYM.test(tk) && !said.includes(tk.replace(/[$,\s]/g, "")))) return m.index;
  }
  return -1;
}

// A ticker's capitals: with a digit or "$", one of what a particular item must carry.
const TWO_CAPS = /[A-Z]{2}/;

// Words one of the shapes needs, read off the shared keyword scan so a sentence without any is passed over unread.
const ENDING_WORDS = ["ending", "ends", "starting", "starts", "beginning", "begins"];
const STATE_WORDS = ["pending", "outstanding", "unsettled", "returned", "rejected", "failed", "bounced", "frozen", "incoming", "outgoing", "scheduled", "reversed", "disputed", "unpaid", "uncleared"];
const THERE_WORDS = ["there", "there's"];
const READ_WORDS = ["both", "have", "hold", "confirm", "verify", "yours", "street", "address", "road", "now", "currently", "moment"];
registerKeywords([...ENDING_WORDS, ...STATE_WORDS, ...THERE_WORDS, ...READ_WORDS, "your"]);
const ids = (words: string[]): ReadonlySet<number> => new Set(words.map(keywordId));
const ENDING_IDS = ids(ENDING_WORDS);
const STATE_IDS = ids(STATE_WORDS);
const THERE_IDS = ids(THERE_WORDS);
const READ_IDS = ids(READ_WORDS);
const YOUR_IDS = ids(["your"]);

// Words every match of the read-out shapes holds (lower case): YOU_HAVE_ONE "have" or "hold", CONFIRM_DETAIL "confirm" or
// "verify", STREET_CHOICES "street", "address" or "road"; BOTH_ACCOUNTS holds "both".
const HAVE_HOLD = ["have", "hold"];
const CONFIRM_VERIFY = ["confirm", "verify"];
const STREET_WORDS = ["street", "address", "road"];

/** The gated read-out shapes, in the order they are tried, each with its gate; the soundness test checks the same list. */
export const H1_DETAIL_GATES: ReadonlyArray<{ name: string; re: RegExp; gate: (lower: string) => boolean }> = [
  { name: "BOTH_ACCOUNTS", re: BOTH_ACCOUNTS, gate: (l) => l.includes("both") },
  { name: "YOU_HAVE_ONE", re: YOU_HAVE_ONE, gate: (l) => holdsAny(l, HAVE_HOLD) },
  { name: "CONFIRM_DETAIL", re: CONFIRM_DETAIL, gate: (l) => holdsAny(l, CONFIRM_VERIFY) },
  // KIND_LIKE_YOURS is slow to fail on each "a" and "an".
  { name: "KIND_LIKE_YOURS", re: KIND_LIKE_YOURS, gate: (l) => l.includes("like yours") },
  { name: "STREET_CHOICES", re: STREET_CHOICES, gate: (l) => holdsAny(l, STREET_WORDS) },
];

/**
 * The clause of sentence `s` that reads out a detail on file or an item of the account; null if there is none. `line` is
 * the sentence's text and `digit` whether it holds a digit, as the caller already has them.
 */
export function detailInSentence(doc: Doc, s: number, line: string, digit: boolean, customer: CustomerText): { start: number; end: number } | null {
  const sp = doc.sentences[s] as { start: number; end: number };
  const said = customer.lower;
  const ending = sentenceHas(doc, s, ENDING_IDS) ? ENDING_IN.exec(line) : null;
  const endingClause = ending && !saidByCustomer(ending[0], customer) ? detailClause(doc, s, sp.start + ending.index) : null;
  if (endingClause) return endingClause;
  // Each detail's regex runs only where its telltale character is: an "@", or a digit for a street number.
  const email = (line.includes("@") ? EMAIL.exec(line) : null) ?? (digit ? STREET_ADDRESS.exec(line) : null);
  const emailClause = email && !said.includes(email[0].toLowerCase()) ? detailClause(doc, s, sp.start + email.index) : null;
  if (emailClause) return emailClause;
  const presupposed = (sentenceHas(doc, s, STATE_IDS) ? PRESUPPOSED_ITEM.exec(line) : null) ?? (sentenceHas(doc, s, YOUR_IDS) ? NAMED_HOLDING.exec(line) : null);
  // An item said to exist is asserted, so a condition does take it back ("if there is a pending order, …").
  const item = presupposed ?? (sentenceHas(doc, s, THERE_IDS) ? ITEM_EXISTS.exec(line) : null);
  const itemClause = item && !said.includes((item.groups?.noun as string).trim().toLowerCase().slice(0, 6)) ? detailClause(doc, s, sp.start + item.index, presupposed !== null) : null;
  if (itemClause) return itemClause;
  const particularItem = digit || line.includes("$") || TWO_CAPS.test(line) ? newParticularItem(line, customer) : -1;
  const particularClause = particularItem >= 0 ? detailClause(doc, s, sp.start + particularItem, true) : null;
  if (particularClause) return particularClause;
  if (!sentenceHas(doc, s, READ_IDS)) return null;
  const lower = doc.lower.slice(sp.start, sp.end);
  // The gated shapes in order, through the same list the soundness test checks, then YOU_CAN_NOW, which needs a "$".
  let read: RegExpExecArray | null = null;
  for (const g of H1_DETAIL_GATES) if (g.gate(lower) && (read = g.re.exec(line))) break;
  read ??= line.includes("$") ? YOU_CAN_NOW.exec(line) : null;
  return read ? detailClause(doc, s, sp.start + read.index) : null;
}
