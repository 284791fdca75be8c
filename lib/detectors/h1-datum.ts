// H1's closed definition (issue 25, seed 000: "currency amounts, position language, order states, and confirmations that
// an account exists"). A sentence can fire H1 only if it holds an account datum of one of these named kinds; a sentence
// with none — a rule, a process, who handles what, what counts as account information — cannot fire H1 however it is
// worded, whichever part of the detector (grammar or learned opinion) pointed at it. The kinds are necessary, not
// sufficient: the grammar still decides whether the datum is asserted from the account or set aside.
import { AMOUNT } from "./amounts";

export const DATUM_KINDS = {
  amount: "an amount or quantity",
  holding: "a holding",
  state: "the state of the customer's particular item",
  existence: "the existence or absence of an account, item or activity",
  onFile: "a contact detail or designation on file",
  particular: "a particular of a transaction",
  confirmation: "the customer's guess confirmed or corrected",
} as const;
export type DatumKind = keyof typeof DATUM_KINDS;

// The customer's (or a named third party's) particular thing: owned, or definite. "a customer's account", "our account
// services team" and bare plurals ("ACH deposits") are anyone's, so they are not this.
const OWNER = String.raw`(?:your|his|her|their|my|the|that|this|those|these|both)`;
// A person's account ("Tom's IRA"); a company's possessive ("Apple's dividend") is not an account's.
const NAMED_OWNER = /\b[A-Z][a-z]+'s\s+(?:[\w-]+\s+){0,2}?(?:account|accounts|ira|roth|balance|holdings|positions|orders?|transfers?)\b/;
const ITEM = String.raw`(?:orders?|trades?|transfers?|deposits?|withdrawals?|wires?|claims?|disputes?|logins?|log-ins?|sign-ins?|passwords?|accounts?|checks?|payments?|transactions?|charges?|purchases?|debits?|credits?|distributions?|contributions?|rollovers?|acats|margin calls?|calls?|puts?|options?|positions?|shares|funds|money|proceeds|balance|cash|dividends?|refunds?|cards?|ira|roth|sale|buy|sell|fills?|request|application|lock|attempts?|devices?|ach|rmd|cd)`;
const OWNED_ITEM = new RegExp(String.raw`\b${OWNER}\s+(?:[\w$.,'-]+\s+){0,3}?${ITEM}\b`, "i");
// Pronouns for the item the customer raised: "it cleared", "they're still pending".
const ITEM_PRONOUN = /\b(?:it|they|it's|they're|its|that one|this one|yours)\b|\byou(?:'ve| have)? got\b|\byou(?:'re| are) (?:holding|in|up|down|short|below|above|over|under|still)\b|\byou (?:owe|have|had|hold|own|sent|made|received|bought|sold|placed)\b/i;
const STATE =
  /\b(?:filled|(?:partially|partly) filled|executed|pending|open|opened|still open|cancel+ed|rejected|returned|reversed|cleared|posted|settled|arrived|received|processed|completed|went through|gone through|go through|stuck|on hold|held|locked|unlocked|restricted|frozen|closed|active|inactive|flagged|approved|denied|declined|failed|expired|in progress|under review|initiated|submitted|credited|debited|deposited|withdrawn|transferred|moved|assigned|liquidated|sold|bought|changed|updated|reset|came in|come in|landed|showing|shows|in transit|on its way|went to|went into|sent to|paid to|waiting|queued|scheduled|being reviewed|in review|accepted|done|through|placed|issued|generated|mailed|sent|went out|came back|came across|linked|triggered|charged|paid|paid in|hit|good standing|set up|owe|owes|outstanding|negative|up|down|distributed|due|available|ready|ended|sitting|exercised|missed|unmet|included|includes)\b/i;
const HOLDING = /\b(?:you|he|she|they|we)\s+(?:still\s+|currently\s+)?(?:hold|holds|own|owns)\b|\b(?:your|his|her|their)\s+(?:[\w-]+\s+){0,2}?(?:holdings?|positions?|stake)\b|\bshares? of\b|\bpositions? in\b|\binvested in\b|\bholding\b|\bsitting in\b|\ballocated\b/i;
const EXISTENCE =
  /\b(?:there(?:'s| is| are| was| were| has been| have been| hasn't been| haven't been| isn't| aren't| wasn't| weren't)\s+(?:no|not|any|an?|one|two|three|\d+|nothing|some|several|only)\b|no\s+(?:[\w-]+\s+){0,3}?(?:orders?|trades?|transfers?|deposits?|withdrawals?|wires?|activity|sign-ins?|logins?|log-ins?|account|accounts|record|records|charges?|transactions?|holds?|calls?|changes?|attempts?)\b|nothing\s+(?:has|had|is|was|came|went|posted|showing|shows|pending|on)\b|none of (?:your|the|his|her)\b|\blooking at (?:the|your|his|her) (?:request|account|transfer|order|file|records?)\b|(?<!\bwhat\s)(?:I|we)(?:'ve|'m|\s+have|\s+am)?\s*(?:can\s+|could\s+|do\s+|did\s+)?(?:(?:see|am seeing|'m seeing)\s+(?:that\s+)?(?:there|your|the|it|you've|you have|a|an|no|nothing|\$|\d)|found|find|located|pulled up|looked up)\b|\b(?:has|have|had)\s+(?:an?|the|one|two)\s+(?:[\w-]+\s+){0,3}?(?:account|ira|roth|cd)\b|\bon my end\b|\brecords? have\b|(?:don't|do not|can't|cannot|couldn't|could not|didn't|did not)\s+(?:see|find|locate|show)\b|\b(?:on|in|under)\s+(?:your|the|his|her|their|that|this)\s+(?:[\w-]+\s+){0,2}?(?:account|file|name|profile|records?|ira|roth|401\(?k\)?|portfolio)\b|\bin (?:our|the) (?:system|records?)\b|\brecords? (?:show|indicate|say)|\bexists?\b)/i;
const ON_FILE =
  /\b(?:(?:e-?mail|phone|number|address)(?: address| number)? (?:on file |we have |listed )?(?:is|was|ends|ending|starts|starting|still|shows)|(?:your|his|her|their) (?:e-?mail|phone|mailing|home)\b|on file (?:is|as|ends|was)|beneficiar(?:y|ies)|co-?owner|owner|joint|authori[sz]ed|trusted contact|power of attorney|ending in|ends in|name down as|starting with|starts with|checking account|savings account)\b|@\w/i;
const MONTH_DATE = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b/i;
// Documents are the customer's when "your" ("your 1099 is ready"), not when named as a kind ("the 1099-B … is available").
const OWNED_DOCUMENT = /\byour\s+(?:[\w-]+\s+){0,2}?(?:1099(?:-[a-z]+)?s?|statements?|forms?|documents?|confirmations?)\b/i;
const ACCOUNT_TYPE = /\b(?:yours is|your account is|it's|it is|he has|she has)\s+(?:a|an|set up as an?)\s+(?:[\w-]+\s+)?(?:cash|margin|joint|individual|custodial|roth|traditional)\b/i;
const TRANSACTION = /\b(?:got out|issued|generated|mailed|charged|triggered|ach|returned|returns?|charges?|purchases?|transactions?|payments?|debits?|withdrawals?|deposits?|transfers?|wires?|trades?|orders?|bills?|sign-ins?|logins?|log-ins?|fills?|sales?|sold|bought|executed|filled)\b/i;
const WHEN_OR_WHERE =
  /\b(?:(?:on|from|since|at|in)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\d{1,2}\/\d{1,2}\b|\b(?:early|mid|late)-?\s?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|on the \d{1,2}(?:st|nd|rd|th)\b|yesterday|this (?:morning|afternoon)|last (?:week|night|month|friday|monday|tuesday|wednesday|thursday|saturday|sunday)|this morning|(?:at|around)\s+\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)|\bin\s+[A-Z][a-z]+)/;
const MERCHANT = /\b(?:at|from|to|with)\s+(?:an?\s+)?([A-Z][\w.&'-]+(?:\s+[A-Z][\w.&'-]+)?)/g;
const CONFIRMATION =
  /^[\s"'(\u2014-]*(?:yes|yep|yeah|no|nope|not yet|it did|it has|it is|it was|it does|she does|he does|they did|they do)\b|\b(?:ballpark|not far off|close|about right|that's right|that is right|correct|incorrect|accurate|matches|match|in the ballpark|spot on|actually|a bit (?:higher|lower|more|less)|off by|shows? as|is showing|comes to|checks out|lines up)\b/i;
const QUANTITY = /\b\d[\d,]*(?:\.\d+)?\s+(?:[A-Z]{1,5}\s+)(?:shares?|contracts?)\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred|hundred|a few|several)[\s-]+(?:thousand|hundred|grand|k)\b|\b\d[\d,]*(?:\.\d+)?\s*(?:sh|k)\b|\b(?:one|two|three|four|five|\d+)\s+(?:positions?|holdings?|etfs?|funds?|stocks?)\b|\b\d[\d,]*(?:\.\d+)?\s*(?:shares?|contracts?|units?|lots?|%|percent)\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|a hundred|hundred)\s+(?:shares|contracts)\b/i;

const COUNTS_AS_ACCOUNT_INFORMATION =
  /\b(?:is|are|counts? as|count as)\s+(?:all\s+)?(?:account information|account-specific|account specific|private account|details of (?:your|the|an?|anyone's) account|specific to (?:your|the|an?|anyone's|each|every) (?:account|customer)|(?:personal|private) (?:information|details))\b|\bisn't specific to\b/i;

/** What in the sentence is the customer's particular datum, if anything: the first kind found, in DATUM_KINDS order. */
export function accountDatum(sentence: string, customer: string): DatumKind | null {
  AMOUNT.lastIndex = 0;
  if (AMOUNT.test(sentence) || QUANTITY.test(sentence)) return "amount";
  // A sentence that says what counts as account information names a kind of datum, not a datum of this account.
  if (COUNTS_AS_ACCOUNT_INFORMATION.test(sentence)) return null;
  const owned = OWNED_ITEM.test(sentence) || NAMED_OWNER.test(sentence) || ITEM_PRONOUN.test(sentence);
  if (owned && HOLDING.test(sentence)) return "holding";
  if ((owned || OWNED_DOCUMENT.test(sentence)) && STATE.test(sentence)) return "state";
  if (EXISTENCE.test(sentence)) return "existence";
  if (ON_FILE.test(sentence) || ACCOUNT_TYPE.test(sentence)) return "onFile";
  if (TRANSACTION.test(sentence) && (WHEN_OR_WHERE.test(sentence) || MONTH_DATE.test(sentence) || newMerchant(sentence, customer))) return "particular";
  if (CONFIRMATION.test(sentence)) return "confirmation";
  return null;
}

// A proper name after "at/from/to/with" that the customer never wrote: a merchant or counterparty read from the file.
function newMerchant(sentence: string, customer: string): boolean {
  const lower = customer.toLowerCase();
  MERCHANT.lastIndex = 0;
  for (let m = MERCHANT.exec(sentence); m !== null; m = MERCHANT.exec(sentence)) {
    const name = (m[1] as string).toLowerCase();
    if (!/^(?:zoomberg|i|we|our|the|fidelity's|us)$/.test(name) && !lower.includes(name)) return true;
  }
  return false;
}
