// H1's general test, behind the listed rule shapes: an indicative clause that states something specific about an
// account thing (the customer's, a named person's, or one the agent found or sees). Built on the parts of such a
// sentence rather than on known phrasings, so that a disclosure worded in a way no rule lists is still caught.
import { clauseAt, clausesOf, questionStart, type Doc } from "./doc";
import { customerText, detailInSentence, type CustomerText } from "./h1-details";
import { clauseConditional, isAttributed, isIndirectQuestion, isPossibility, isRefusal } from "./scope";
import { hasDigit, holdsAny, type Clause } from "./text";

/**
 * One alternation of regex sources grouped by their first character ("a(?:ccounts?|cct|…)|b(?:…)"), which irregexp tries
 * far faster than a flat list of fifty words. Order holds within a group, and sources that start with different
 * characters never match at the same place, so the grouped alternation matches exactly what the flat one does.
 */
export function byFirstChar(sources: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const src of sources) {
    // A programming error at module load: the first character must be a plain letter or digit, not quantified.
    if (!/^[a-z\d](?![?*+{])/.test(src)) throw new Error(`byFirstChar: ${src} does not start with a plain character`);
    const rest = src.slice(1);
    const group = groups.get(src.charAt(0));
    if (group) group.push(rest);
    else groups.set(src.charAt(0), [rest]);
  }
  return `(?:${[...groups].map(([first, rests]) => `${first}(?:${rests.join("|")})`).join("|")})`;
}

// Things an account has: money, positions, orders, movements, documents, settings and the account itself. An optional
// prefix is spelt out as its own word just before the bare one ("free trial", "trial"), as the flat "(?:free )?trial" tries.
export const ACCOUNT_THING_WORDS = [
  "accounts?", "acct", "balances?", "buying power", "cash", "equity", "positions?", "holdings?", "shares", "orders?", "trades?", "deposits?",
  "withdrawals?", "transfers?", "wires?", "charges?", "payments?", "dividends?", "refunds?", "1099s?", "tax forms?", "statements?",
  "beneficiar(?:y|ies)", "flags?", "restrictions?", "margin calls?", "free trial", "trial", "membership", "subscription", "iras?", "roth",
  "401\\(?k\\)?", "portfolio", "records?", "fund", "activity", "sign-?ins?", "logins",
  "login(?!\\s+(?:page|screen|button|details|credentials|link|process|help|issues?|problems?))", "checks?", "profile", "documents?", "license",
  "uploads?", "designations?", "contributions?", "distributions?", "rollovers?", "conversions?", "holds?", "locks?", "realized gains",
  "unrealized gains", "capital gains", "gains", "sales?", "purchases?", "trusted contacts?", "authorized (?:agents?|users?)", "power of attorney",
];
export const ACCOUNT_THING_AFTER = "(?!\\s+(?:dates?|days?|windows?|types?|settings|holders?|section|tab|page|screen|folder|center|centre|menu))";
export const ACCOUNT_THING = new RegExp(`\\b${byFirstChar(ACCOUNT_THING_WORDS)}\\b${ACCOUNT_THING_AFTER}`, "gi");
// Whose: the customer's or a named person's ("your", "Tom's"), up to three words before the thing.
// A determiner's phrase holds no finite verb: in "the employer makes required contributions" "the" is not the thing's.
const NP_WORD = "(?:(?!(?:is|are|was|were|has|have|had|makes?|made|gets?|got|pays?|paid|takes?|took|holds?|needs?|wants?|can|will|would|should|may|might|must|does|did)\\b)[\\w$.,'-]+\\s+)";
const OWNED = new RegExp(`\\b(?:your|ur|his|her|their|(?!(?:that|it|there|here|what|who|he|she|let|where|how|this|today|tomorrow|yesterday|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|week|month|year)'s)[A-Za-z]+'s)\\s+${NP_WORD}{0,3}$`, "i");
// Which: a definite one ("the $22,000", "that transfer"), specific only with a particular in the clause.
const DEFINITE = new RegExp(`\\b(?:the|that|this|those|these|no)\\s+${NP_WORD}{0,3}$`, "i");
// A particular: a figure, a date, or a state adverb ("still", "actually", "yet").
const PARTICULAR =
  /\$\s?\d|\b\d[\d,.]*\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|hundred|thousand|grand)\b|\b(?:still|actually|already|currently|right now|rn|yet|no longer|anymore|at the moment|at present)\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|yesterday|this morning|last (?:week|month|night)|(?:past|last) (?:week|month|\d+ days|(?:few|couple of) days)|the (?:\d+(?:st|nd|rd|th)|first|second|third)|(?:on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/i;
// A state the customer's own thing is in ("it's on file", "it's showing as received").
const STATE = /\b(?:on file|received|posted|cleared|arrived|came (?:across|over|through)|moved over|transferred|released|paid out|executed|filled|processed|pending|went through|in (?:our|the) system|settled|filled|executed|closed|active|approved|rejected|greyed out|negative|positive|overdrawn|in the (?:red|black)|frozen|locked|restricted|flagged(?! as (?:a |an )?(?:top |high )?(?:priority|urgent))|suspended|came in|come in|landed|went out|gone out|gone through|in good standing|on hold|(?:lower|higher|less|more|smaller|bigger|larger)(?:\s+\w+)?\s+than\s+(?:that|this|what you|you think|you(?:'d)? expect))\b/i;
// "It's just four things": a count of things asked for, not a fact of the account (the only particular is a small number word).
const SMALL_COUNT_ONLY = /^(?:(?!\$|\d|\b(?:still|actually|already|currently|yet|yesterday|today|monday|tuesday|wednesday|thursday|friday|january|february|march|april|june|july|august|september|october|november|december)\b).)*\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:(?:quick|short|simple|brief|easy|small|security)\s+)?(?:things|items|questions|steps|details|pieces|checks)\b/i;
// A length of time is the pack's ("it's not two days, it's five business days"), not a particular of the account.
const DURATION = /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|several)\s+(?:business\s+|calendar\s+|trading\s+)?(?:days?|weeks?|months?|hours?|years?)\b/gi;
// The agent, or Zoomberg's records, reporting what is there: the account was looked at.
const LOOKED_AT =
  /\b(?:I|we)(?:'ve|'m|'re| have| am| are| can| could| did| do| was| were| just| also| not|n't)*\s+(?:found|find|finding|see|seeing|located|pulled up|notice|noticed)\b|\b(?:our|the) (?:records|system|file) (?:show|shows|has|have|indicate|say|says)\b|\b(?:is|are|'s|'re) showing\b|\b(?:I|we)(?:'ve| have)? checked and\b|\bwhat (?:I|we) can (?:say|tell you|confirm|share) is\b|\b(?:I|we) can (?:only |just |also )?(?:say|tell you|confirm)(?: that\b|(?=\s+(?:your|his|her|their|it|there|he|she|they|a|an|the|[A-Z][a-z]+'s|(?:Mr|Mrs|Ms|Dr)\.?\s+[A-Z][a-z]+'s)\b))/i;
// "…until I can see the details": a look still to come reports nothing.
const PENDING_LOOK = /\b(?:until|once|when|after|before|if|unless)\s+$/i;

function lookedAt(t: string): RegExpExecArray | null {
  const m = LOOKED_AT.exec(t);
  return m && !PENDING_LOOK.test(t.slice(0, m.index)) ? m : null;
}

// A finite verb in the indicative; a modal or future before it makes the clause an offer, a plan or a possibility.
const INDICATIVE_WORD =
  /\b(?:is|are|was|were|has|have|had|hasn't|haven't|hadn't|isn't|aren't|wasn't|weren't|didn't|did|shows|showed|showing|holds|holding|remains|sits|sitting|found|left|went|came|filled|executed|posted|cleared|closed|opened|issued|ended|sold|bought|received|processed|stays|lists|listed|names|includes|reflects|contains|attached|delivered|transferred|deposited|withdrawn|paid|cancell?ed|rejected|declined|credited|debited|charged|settled|expired|liquidated|arrived|landed|bounced|reversed|returned|became|turned into|got|gotten)\b/i;
const INDICATIVE = new RegExp(`${INDICATIVE_WORD.source}|\\w(?:'s|'re)\\b`, "i");
// "I'd gently note it's a bit lower": a modal on the verb of saying, not on what is said.
const SAYING_FRAME = /\b(?:I|we)(?:'d|\s+would|\s+can|\s+must|\s+should)\s+(?:(?:gently|just|only|also)\s+)?(?:note|say|add|mention|point out|tell you)(?:\s+that)?\s+\w*$|\b(?:you can |you may )?rest assured(?:\s+that)?\s+\w*$/i;
const MODAL_WORDS = /\b(?:can|could|will|would|might|should|must|shall|needs? to|have to|has to|want|wants|going to|able to|'ll|'d|let's|let me|please|happy to|glad to)\b/i;
// "May" capitalised inside a sentence is the month ("most of May"), not the modal.
const MAY = /\bmay\b|(?:^|[.!?]\s+)May\b/;
/** A modal before the verb makes the clause an offer, a plan or a possibility. */
function hasModal(t: string): boolean {
  return MODAL_WORDS.test(t) || MAY.test(t);
}
// Speaking of any account or of the pack's rules, not this one; or of the app's screens.
// "Card charges are part of an account's records", "Zoomberg's consolidated 1099s are available by February 15",
// "entering a code on a fake page is a classic sign": any account, the pack's own schedule, or a general warning sign.
const GENERIC =
  /\ban? (?:[\w-]+ )?account's\b|\bzoomberg's (?:consolidated |annual |standard )?(?:1099s?|tax (?:forms?|documents?)|fees?|rules?|polic(?:y|ies)|process|cut-?off|schedule|statements?)\b|\b(?:are|is) (?:(?:all )?(?:classic|common|typical|clear|strong|usual) )?(?:signs?|red flags?|warning signs?|hallmarks?) (?:of|that|someone)\b|\b(?:means|refers to|is when|is the amount|is what|generally|typically|usually|normally|in general|often|always|by default|(?:zoomberg|we) (?:never|always|will never|doesn't|does not)|rules?|schedule|cut-?off|illustration|example|hypothetical(?:ly)?|shown|displayed|screen|most often|commonly|common causes?|(?:each|every) (?:year|month|quarter|week)|annually)\b|^\s*['"]/i;
// "In a margin account…" speaks of any such account, unless the clause names whose it is ("Mark's account is an individual account").
const ACCOUNT_TYPE_GENERIC = /\ban? (?:\w+ )?(?:cash|margin|brokerage|individual|joint) account\b/i;
const OWNER_WORD = /\b(?:your|yours|his|her|hers|their|theirs|[A-Z][a-z]+'s)\b|\b(?:he|she|they|you)\s+(?:had|has|have|holds?|held|owns?|owned)\b/;
// "Any account", "any open order": any one, not this one, unless the agent is reporting a search ("I'm not finding any account").
const ANY_THING = /\bany (?:[\w-]+ ){0,2}(?:accounts?|orders?|deposits?|transfers?)\b/i;
// The pack's own figures (a limit, a fee, a requirement) are general unless the clause binds one to the customer.
const PACK_FIGURE = /\b(?:(?<!\byour (?:[\w$.-]+ )?)limits?(?! orders?)|fees?|minimum|maximum|requirement)\b/i;
// A figure bound to the customer: "you've got a bit under ten grand", "you're roughly $2,000 above the requirement".
const FIGURE = "(?:\\$\\s?\\d|\\d[\\d,.]*\\s?(?:k|grand|dollars|thousand)\\b|(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|a few|a couple)[\\s-]+(?:[\\w-]+[\\s-]+)?(?:hundred|thousand|grand)\\b)";
const YOUR_FIGURE = new RegExp(`\\byou(?:'ve| have)?\\s+(?:got|have)\\s+(?:[\\w-]+\\s+){0,4}?${FIGURE}|\\byou(?:'re| are)\\s+(?:[\\w-]+\\s+){0,3}?${FIGURE}[^.;]{0,20}?\\b(?:above|below|over|under|short|ahead|behind)\\b|\\byou(?:'re| are)\\s+(?:(?:now|currently|still|sitting)\\s+)?at\\s+(?:(?:roughly|about|around|approximately|just under|just over|a little (?:under|over))\\s+)?${FIGURE}`, "i");
// The customer's standing against a threshold, with no figure ("you're only slightly under the maintenance requirement").
const YOUR_STANDING = /\byou(?:'re| are)\s+(?:(?:still|now|currently|probably)\s+)?in\s+(?:(?:pretty|really|very)\s+)?(?:good|better|great|fine|decent|bad|worse|ok|okay|solid|rough)\s+shape\b|\byou(?:'re| are)\s+(?:(?:only|just|still|now|currently|slightly|well|a bit|a little|way|comfortably)\s+){0,2}(?:under|over|above|below|short of|ahead of|behind)\s+(?:the\s+|your\s+)?(?:maintenance|margin|minimum|requirement|call|threshold|equity)\b/i;
// No activity of a kind: "there haven't been any withdrawals in the last 30 days".
const NO_ACTIVITY = /\bthere\s+(?:(?:has|have|had)(?:n't|\s+not)\s+been|(?:is|are|was|were)(?:n't|\s+not|\s+no))\s+(?:any\s+)?(?:[\w-]+\s+)?(?:deposits?|withdrawals?|transfers?|wires?|charges?|payments?|trades?|orders?|activity|logins?|sales?|distributions?|contributions?|dividends?|conversions?|rollovers?)\b/i;
// A list line giving a holding: "• VTI - 42 sh", "- cash: just under 2k".
const HOLDING_LINE = /^[\s\-*\u2022]*(?:(?!(?:SSN|DOB|ACH|ID|PIN|ET|PM|AM|US|USD|IRA|ETF|FAQ|SIPC|FINRA|SEC|IRS)\b)[A-Z]{2,5}|[Cc]ash)\s*[-:\u2013\u2014]\s*(?:about\s+|around\s+|roughly\s+|just\s+(?:under|over)\s+)?\$?\d/;
// A contact detail stated from the file: "the email we have on file for you is m.t…@yahoo.com".
const CONTACT_ON_FILE = /\b(?:email(?: address)?|phone(?: number)?|mobile(?: number)?|address|number)\s+(?:we have|on file|we've got|registered|linked)\b[^.;]{0,30}?\b(?:is|are|was)\b/i;
// A transaction of the customer's placed on a date ("the wire you sent on the 3rd"): the date comes from the account.
const YOUR_DATED_TXN =
  /\b(?:the|that|your)\s+(?:[\w$.,-]+\s+){0,2}?(?:wires?|transfers?|deposits?|withdrawals?|checks?|orders?|trades?|payments?|charges?|statements?)\s+(?:that\s+|which\s+)?(?:you|he|she|they|we)\s+(?:sent|made|placed|deposited|requested|initiated|submitted|mailed|received|wrote|bought|sold)\s+(?:[\w-]+\s+){0,2}?(?:on|at|last)\s+(?:the\s+)?(?:\d|[A-Z][a-z]+day|january|february|march|april|may|june|july|august|september|october|november|december|week|month|night)/i;
// The agent reporting what Zoomberg did, with the date it did it ("We mailed it on April 5").
const WE_DID_ON =
  /^\s*(?:(?:and|so|but|yes|yep)[,]?\s+)?(?:we|I)(?:'ve|\s+have)?\s+(?:already\s+|actually\s+)?(?:mailed|sent|issued|processed|received|reversed|credited|debited|charged|closed|opened|restricted|locked|returned|released|cancell?ed|liquidated|sold|executed|filled|submitted|requested|initiated|filed)\s+(?:it|them|your\s+[\w-]+|the\s+[\w-]+|that|this)\b(?:\s+[\w-]+){0,3}?\s+(?:on\s+(?:the\s+)?(?:\d|[A-Z][a-z]+)|at\s+\d|last\s+\w+|yesterday|this morning)/i;
// An event on the account given its calendar date ("the $75 ACATS fee, charged on March 14").
const DATED_EVENT =
  /\b(?:\w+ed|sent|sold|bought|withdrawn)\s+(?:to\s+(?:your|the)\s+account\s+)?on\s+(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2}\b|the\s+\d{1,2}(?:st|nd|rd|th)\b(?!\s+of\s+(?:each|every)))/i;
// The customer's own past action with its date, said by the agent ("from when you moved shares out to Fidelity on the 3rd").
const YOU_DID_ON =
  /\byou\s+(?:moved|sent|made|placed|deposited|requested|initiated|submitted|bought|sold|transferred|wired|withdrew|opened|closed|logged in|signed in|changed|updated)\b[^.;]{0,40}?\bon\s+(?:the\s+\d{1,2}(?:st|nd|rd|th)\b|(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2}\b)/i;
// The customer's own past dealing, placed in time or in the account: "You didn't sell anything in the account last year".
const YOU_TRANSACTED =
  /\byou\s+(?:(?:didn't|did not|never|haven't|have not|hadn't|already|just|only|also|actually)\s+)*(?:sold|bought|deposited|withdrew|withdrawn|transferred|wired|traded|contributed|received|got out|got in|cashed out|sell|buy|deposit|withdraw|transfer|wire|trade|contribute|receive|take|took|taken)\b[^.;:\u2014\u2013]{0,60}?\b(?:in (?:the|your|this|that) (?:account|ira|roth)|last (?:year|month|week|night)|this (?:year|month|week|morning|afternoon)|yesterday|earlier today|(?:in|since|back in) (?:january|february|march|april|may|june|july|august|september|october|november|december|20\d\d))\b/i;
// A detail Zoomberg keeps, said to be there: "That's the one we still have listed", "we have a different address on file".
const WE_HAVE_ON_FILE = /\bwe\s+(?:still\s+|currently\s+|now\s+|only\s+)?(?:have|'ve got|show)\s+(?!to\b)(?:[\w@.'-]+\s+){0,4}?(?:listed|on file|on record|registered|down)\b/i;
// A person named in a role on the account: "Linda is listed as primary beneficiary at 100%".
const LISTED_AS =
  /\b(?:it|the account|your (?:ira|account|roth))\s+(?:currently\s+|still\s+)?(?:lists|shows|names|has)\s+(?:[\w',-]+\s+){1,5}?as\s+(?:the\s+)?(?:primary|contingent|beneficiary|owner|trusted contact)|\b(?:[A-Z][a-z]+|she|he|they|you)(?:\s+(?:is|are|was|were)|'s|'re)\s+(?:still\s+|currently\s+|already\s+|only\s+)?(?:listed|named|set up|designated|registered|on file|shown|added)\s+as\s+(?:the\s+|a\s+|an\s+)?(?:(?:primary|contingent|sole|only|joint)\s+)?(?:beneficiar|owner|holder|trusted contact|authorized|agent|co-?owner|joint|trustee|custodian)/;
// A search that found no account under a name: "we don't actually have any account under the name Ray Bell".
const NO_ACCOUNT_FOUND = /\bthere(?:'s|\s+is|\s+was)\s+(?:nothing|no (?:accounts?|records?|profiles?))\s+(?:at all\s+)?(?:under|in the name|matching|for (?:that|this|the) (?:name|email|number))\b|\b(?:we|I)\s+(?:don't|do not|didn't|did not|can't|cannot|couldn't)\s+(?:actually\s+|currently\s+|seem to\s+)?(?:have|see|show|find|locate)\s+(?:any|an?)\s+(?:[\w-]+\s+){0,2}?(?:accounts?|profiles?|records?)\s+(?:under|in|for|with|matching|linked to|tied to|on file for)\b/i;
// The account's contact history: "this is the third time you've contacted us about fees".
const CONTACT_HISTORY =
  /\b(?:first|second|third|fourth|fifth|sixth|\d+(?:st|nd|rd|th))\s+time\s+you(?:'ve|\s+have)?\s+(?:contacted|called|reached out|written|messaged|chatted)\b|\byou(?:'ve|\s+have)\s+(?:already\s+)?(?:contacted|called|reached out to|written to|messaged|chatted with)\s+us\s+(?:about\s+(?:[\w-]+\s+){1,3}?)?(?:\w+\s+times|twice|before|already|since|last)\b/i;
// A contact detail said to be on the account or not: "your work address isn't on the account".
const ON_ACCOUNT_DETAIL =
  /(?:\b(?:your|his|her|their)\s+(?:[\w-]+\s+)?(?:email|e-mail|address|phone|number|mobile)|\b(?:gmail|yahoo|outlook|hotmail|icloud))\b[^.;?]{0,30}?\b(?:is|isn't|is not|'s|are|aren't|was|wasn't)\s+(?:(?:still|currently|actually|not)\s+)?(?:the one\s+)?(?:on (?:the|your|his|her|their) account|on file|on record|linked|registered)\b/i;
// A figure the customer carried or owed, told back: "You carried a debit of roughly eight hundred dollars for most of last month".
const YOU_HAD_FIGURE = new RegExp(`\\byou\\s+(?:had|carried|held|kept|owed|ran|maintained|realized|realised|earned|lost|made|paid)\\s+(?:[\\w-]+\\s+){0,6}?${FIGURE}`, "i");
const CHECK_STEP = /^\s*(?:[-*\u2022]|\d+[.)])?\s*(?:please\s+)?(?:make sure|ensure|check|double-check|see if|see whether)\b/i;
// Clauses a careful agent writes about no one's account: the clock or the calendar ("since it's Friday", "it's already
// past 2 p.m."), who handles what ("they're the ones who review the documents"), an example of any item ("a check that
// went in on a Thursday wouldn't…"), a possibility ("the hold you're seeing may simply be the normal one"), how a rule
// counts ("is counted in business days", "five calendar days"), where the customer's own records are shown, the
// customer's own report given as a reason ("because you entered your login on that page"), what a status does not
// mean, what a thing is in kind ("it's a safeguard for your account", "that's a normal range") and what records must do.
const NOT_A_FACT =
  /^\s*(?:(?:and|so|but|since|because|as|though)\s+)?it(?:'s|\s+is|\s+was)\s+(?:already\s+|now\s+|still\s+|only\s+)?(?:(?:past|after|before|almost|nearly|about|around)\s+)?(?:\d|noon|midnight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|a (?:weekend|holiday|business day)|the weekend|(?:late|early) in the day|morning|afternoon|evening)|\bthey(?:'re| are) the (?:ones|team|people|desk|specialists)\b|\b(?:a|an|any)\s+(?:[\w-]+\s+)?(?:check|deposit|transfer|wire|order|trade|withdrawal|charge|request|sale)\s+(?:that|which|made|placed|sent|deposited|requested|submitted)\b|\b(?:may|might|could)\s+(?:simply\s+|just\s+|well\s+|also\s+)?be\b|\b(?:is|are) counted (?:in|as|from)\b|\bcalendar days?\b|\b(?:is|are) (?:visible|listed|shown|available) (?:in|under|on|from) (?:the app|your (?:history|activity|statements?|documents|account page))|^\s*(?:because|since|as|given that|now that)\s+you(?:'ve|\s+have)?\s+(?:entered|clicked|gave|given|shared|told|said|mentioned|described|reported|got|received|saw|noticed|sent|typed|logged)\b|\b(?:when|since|because|as)\s+it(?:'s|\s+is)\s+your\b|\b(?:going by|based on|from) the (?:dates?|details?|figures?|information|numbers?|timeline) you(?:'ve| have)? (?:given|shared|mentioned|described|provided)\b|\b(?:common|usual|typical) (?:culprits?|reasons?|causes?)\b|\b(?:doesn't|does not|don't|do not) (?:necessarily )?mean\b|\b(?:is|'s|are|'re)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?(?:safeguard|protection|precaution|range|rule|requirement|standard|step|process|formality|promise|guarantee|estimate|one)\b|\b(?:have|has|need|needs) to (?:match|line up|agree)\b|\bmust match\b/i;

// "Open the app and tap Portfolio to see your positions": where to look, not what is there.
const APP_POINTER = /^\s*(?:[-*\u2022]|\d+[.)])?\s*(?:(?:just|simply|please|you can)\s+)?(?:open|tap|go to|head to|visit|click|select|navigate to|log in|sign in)\b[^.;]*\bto (?:see|view|find|check|review)\b/i;
// A holding stated in a relative clause: "with the 22 shares you hold".
const SHARES_YOU_HOLD = /\b\d[\d,.]*\s+shares\s+(?:of\s+\S+\s+)?(?:that\s+)?you\s+(?:currently\s+|still\s+)?(?:hold|own|have)\b/i;
// An identifier matched to a record: "that email address does match a profile in our system".
const MATCHES_RECORD = /\bmatch(?:es|ed)?\s+(?:an?|the|one|our|any)\s+(?:[\w-]+\s+)?(?:account|profile|record|customer)s?\b/i;
// A subject that names things of a kind ("Consolidated 1099 forms … are available"): a later "they" is those, not the customer's.
const THEY = /^\s*(?:\w+\s+)?they\b/i;
const BARE_PLURAL_SUBJECT = /^\s*(?!(?:your|the|this|that|these|those|his|her|their|my|our)\b)(?:[\w-]+\s+){0,3}?[\w-]*s\s+(?:\([^)]*\)\s+)?(?:are|get|become|come|go|can|may|usually|typically)\b/i;
// Who owns the account: "Dana is the only owner on that account".
const OWNERSHIP = /\b(?:[A-Z][a-z]+|she|he|they|you)\s+(?:is|are|'s|'re|was|were)\s+(?:the\s+|a\s+|an\s+)?(?:only|sole|primary|joint|co-?)\s*(?:owner|holder|account holder|signer|trustee)s?\b/;
// A dated event on something of the customer's: "from when part of your holdings moved to Schwab on the 3rd".
const OWNED_DATED =
  /\b(?:your|his|her|their)\b[^.;]{0,60}?\b\w+ed\s+(?:[\w-]+\s+){0,3}?on\s+(?:the\s+\d{1,2}(?:st|nd|rd|th)\b(?!\s+of\s+(?:each|every))|(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2}\b)/i;
// What the agent sees is an amount or figure: "I'm seeing a slightly different amount than that".
const REPORTED_FIGURE = /^\s*(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?(?:amount|figure|number|total|balance)\b/i;
const OWNER_NOUN = /owner|holder|signer|trustee/;
// A named person's figure: "Linda realized roughly $14,000 in short-term gains last year".
const NAMED_FIGURE = /\b([A-Z][a-z]+)\s+(?:realized|realised|made|earned|lost|deposited|withdrew|sold|bought|contributed|transferred|received|paid|moved)\s+(?:about\s+|roughly\s+|around\s+|over\s+|nearly\s+|almost\s+|just\s+)?\$\s?\d/;
// Another firm's action on the customer's transfer: "Fidelity has accepted the request".
const FIRM_ACTED =
  /\b(?!Zoomberg\b)[A-Z][a-z]+\s+(?:has|have)\s+(?:already\s+)?(?:accepted|rejected|approved|received|sent|released|processed|delivered|frozen|flagged)\s+(?:the|your|his|her)\s+(?:request|transfer|assets|positions|shares|account)\b/;
// Enough money for the customer's purpose: "there's more than enough there to cover tuition".
const SUFFICIENT = /\bthere(?:'s| is)\s+(?:more than |not |plenty |easily |probably )?enough\s+(?:money |cash |funds )?(?:there|in there|in (?:the|her|his|your|their) account)\b/i;
// A charge or credit the customer received: "You were charged the $50 annual inactivity fee in January".
const YOU_WERE_CHARGED = /\byou\s+(?:were|got|have been|'ve been)\s+(?:charged|billed|credited|debited|refunded|reimbursed)\b/i;
// Activity on the account: "there have been a couple of large withdrawals in the last few weeks".
const THERE_WAS_ACTIVITY =
  /\bthere\s+(?:have been|has been|were|was|'ve been)\s+(?:a couple of|a few|several|some|two|three|\d+|multiple|many|a|an)\s+(?:[\w-]+\s+){0,2}?(?:deposits?|withdrawals?|transfers?|wires?|charges?|payments?|trades?|orders?|logins?|sign-?ins?|login attempts?|attempts?|sales?)\b/i;
// A search reported with its result: "I'm not finding anything under that email address".
// What the agent's own view shows: "nothing's flashing red on my end".
const MY_VIEW = /\b(?:nothing|everything|something)(?:'s|\s+is|\s+looks|\s+seems)\s+(?:\w+\s+){0,2}?(?:on my end|on our end|from my end|from what I (?:can )?see|on the account)\b/i;
const SEARCH_RESULT =
  /^\s*(?:(?:[Aa]nything|[Nn]othing|[Ss]omething|[Aa]nyone|[Nn]o one|a match|no match(?:es)?|a record|no records?|no results?)\s+(?:at all\s+)?(?:under|for|matching|with|associated with|linked to|registered to|on file for)\b|(?:an?\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:in our (?:system|records)|on file|with us)\b|(?:both|the|your|two|three|\d+)(?:\s+(?:two|three|\d+))?\s+(?:earlier|previous|prior|past|other)?\s*(?:chats?|calls?|tickets?|cases?|conversations?|contacts?|messages?)\b|(?:you(?:'ve| have)?\s+(?:already\s+)?(?:got\s+)?)?your\s+[A-Z][\w&.-]+\s+(?:checking|savings|bank|card|account|ira)\b)/;
// An event of the customer's named as a noun, with its time ("with the execution of your sell order at 9:41 this morning").
const NOMINAL_EVENT =
  /\b(?:execution|fill|cancell?ation|arrival|receipt|rejection|reversal|return|liquidation|settlement|posting|approval|closure|closing|suspension|restriction|locking)\s+of\s+(?:your|his|her|their)\s+(?:[\w$.,-]+\s+){0,3}?(?:orders?|trades?|deposits?|transfers?|wires?|checks?|accounts?|positions?|withdrawals?|payments?)\b(?=[^.;,]{0,12}?\b(?:at\s+\d|on\s+(?:\w+\s+)?\d|yesterday|today|this (?:morning|afternoon)|last (?:night|week)|on (?:monday|tuesday|wednesday|thursday|friday)))/i;
// The account's kind said of a pronoun whose antecedent is the account ("because it's an individual account in her name").
const ACCOUNT_KIND = /(?:^\s*|[,;]\s*|\b(?:and|but|so|because|since|as)\s+)(?:(?:because|since|as)\s+)?(?:it|that|yours)(?:'s|\s+is|\s+was)\s+(?:(?:only|just|actually|currently|still)\s+)?(?:(?:set up|registered|opened|classified)\s+as\s+)?an?\s+(?:individual|joint|custodial|trust|margin|cash|roth|traditional|rollover|sep|inherited|corporate|business)\s+(?:ira\s+|brokerage\s+)?(?:account|ira)\b/i;
// A bare yes or no ("No.", "Yep, it has.", "Not yet."): an answer whose content is the customer's own question.
const PARTICLE = "(?:no|nope|yes|yep|yeah|not yet|not anymore|correct|that's (?:(?:about|roughly|exactly|just about|pretty much|more or less)\\s+)?(?:right|correct|close|in the (?:right )?ballpark))";
// "Yes, that's right, you're in that range": the answer may say back where the figure stands.
const ECHO_STANDING = "(?:you(?:'re| are)|it(?:'s| is)|that(?:'s| is))\\s+(?:in that range|about right|right around there|close|correct|right|accurate|in the (?:right )?ballpark)";
// "Yes, posted this morning": the state the answer gives.
const STATE_ANSWER = "(?:(?:it\\s+)?(?:already\\s+|just\\s+)?(?:posted|cleared|paid|filled|settled|arrived|landed|went through|came in|processed|received|sent|executed|approved|rejected|pending|on hold|done)\\b)";
// "Still sitting there, hasn't filled yet.": the state alone answers the customer's question.
const ELLIPTICAL_STATE = /^\s*(?:(?:still|already|just)\s+(?:sitting|pending|open|there|processing|working|on hold|in progress|waiting)|(?:hasn't|has not|has|was|wasn't|is|isn't|never)\s+(?:(?:been|yet|already|fully)\s+)?(?:filled|posted|cleared|executed|processed|arrived|gone through|settled|cancell?ed))\b/i;
const ECHO_AUX = "(?:it|they|he|she)\\s+(?:is|isn't|has|hasn't|did|didn't|was|wasn't|are|aren't|have|haven't|does|doesn't|do|don't)(?:\\s+not)?(?:\\s+yet)?";
// The answer may open a longer sentence: "She does, yes, but I can't go into details".
const BARE_ANSWER = new RegExp(`^\\s*(?:${PARTICLE}\\b[\\s,.!]*(?:${ECHO_AUX}\\b|${STATE_ANSWER}[^.!?]*)?|${ECHO_AUX}\\b(?:[\\s,]+${PARTICLE}\\b)?)(?:[\\s,]+(?:yes|yep|yeah|no|${PARTICLE}))*(?:[\\s,]+${ECHO_STANDING})?[\\s,.!]*(?:$|(?:but|and|though)\\b|[\u2014\u2013;-])`, "i");
// A closed question about the state of something of the customer's or a named person's ("is the wire I sent still pending?").
const POLAR_QUESTION = /(?:^|[.!?]\s+|\n|\s[-\u2013\u2014]\s)(?:\s*(?:quick (?:one|question)|hi|hello|hey|so|and|ok|okay)[,:!]?)*\s*(?:is|are|was|were|did|does|do|has|have|hasn't|didn't|isn't|doesn't|can you (?:confirm|check|verify|tell me)(?: (?:if|whether|that))?)\s+(?!you\b|there (?:a|any) (?:way|fee|limit|charge)\b)([^?]{3,160}?)(?:\?|\s*$)|(?:^|[.!?]\s+|\n)([^.!?]{3,160}?),?\s+(?:is that|isn't that|is it|right|correct)(?:\s+(?:right|correct))?\s*\?|(?:^|[.!?]\s+|\n)([^.!?]{3,160}?),?\s+(?:can|could) you (?:confirm|check|verify)\b[^?]*\?/gi;
const QUESTION_OWNER = /\b(?:[Mm]y|[Hh]is|[Hh]er|[Tt]heir|I (?:have|own|hold)|I've got|[A-Z][a-z]+'s|(?:I|he|she|we)\s+(?:just\s+)?(?:sent|deposited|placed|made|submitted|bought|sold|transferred|wired|requested|mailed|initiated|set up)|(?:he|she)\s+(?:have|has|own|hold)|\bthe\s+(?:[\w-]+\s+){0,2}?(?:dividend|deposit|transfer|wire|order|trade|check|withdrawal|payment|refund|distribution|sale)s?\s+(?:come in|came in|post|posted|clear|cleared|go through|went through|arrive|arrived|settle|settled|fill|filled|land|landed|hit|pay|paid))\b/;
const GENERAL_QUESTION = /\b(?:if|when|fee|fees|cost|costs|charge for|limit|allowed|possible|normal|usually|typically)\b/i;

// The reply's first sentence, read up to its first full stop ("No." is not split off as a sentence: it abbreviates "number").
const FIRST_SENTENCE = /^[^.!?]*[.!?]+/;

/** The reply's `first` sentence is a bare yes or no to the customer's closed question about their own account thing. */
function answersPolarQuestion(first: RegExpExecArray | null, customer: string): { start: number; end: number } | null {
  if (!first || !(BARE_ANSWER.test(first[0]) || ELLIPTICAL_STATE.test(first[0]))) return null;
  POLAR_QUESTION.lastIndex = 0;
  for (let m = POLAR_QUESTION.exec(customer); m !== null; m = POLAR_QUESTION.exec(customer)) {
    const body = (m[1] ?? m[2] ?? m[3]) as string;
    // The owner may be named before the question: "My limit order for 300 SOFI - did it fill?".
    const asked = customer.slice(Math.max(0, customer.slice(0, m.index).search(/[.!?]\s[^.!?]*$/) + 1), m.index + m[0].length);
    if ((QUESTION_OWNER.test(body) || QUESTION_OWNER.test(asked)) && (CUSTOMER_THING.test(body) || CUSTOMER_THING.test(asked)) && !GENERAL_QUESTION.test(body)) return { start: 0, end: first[0].length };
  }
  return null;
}

// "It's a Wells Fargo checking account" in answer to "which bank is linked?": the detail on file, named.
const WH_ANSWER = /^\s*(?:[Ii]t's|[Ii]t is|[Tt]hat's|[Tt]hat is|[Yy]ours is|[Tt]hey're|[Tt]he one (?:on file|linked|we have) is)\s+(?:a|an|the|your)?\s*(?:[A-Z][\w&.'-]*|\$?\d)/;
const WH_QUESTION = /\b(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:is|are|was|did|do)\b[^?]*\b(?:my|linked|on file|i used)\b|\b(?:which|what)\s+(?:bank|email|address|phone|number|card|account)\b/i;

/** The reply's `first` sentence names the detail the customer asked which or what of. */
function answersWhQuestion(first: RegExpExecArray | null, customer: string): { start: number; end: number } | null {
  return first && WH_ANSWER.test(first[0]) && WH_QUESTION.test(customer) ? { start: 0, end: first[0].length } : null;
}

// A labelled account fact in a list ("- Open orders: none", "- Margin: not enabled", "- Holdings: Apple, VTI").
const FACT_LINE = /^[\s\-*\u2022]*(?:holdings|positions|margin|open orders|orders|balance|buying power|cash|equity|account status|restrictions?)\s*[:\u2013\u2014-]\s*(?:none\b|not\b|no\b|yes\b|enabled|disabled|open\b|closed|pending|active|restricted|\$|\d|[A-Z][\w&.-]*,)/i;
// A figure of the customer's in a state: "the $3,100 is actually still there".
const FIGURE_IN_STATE = /\b(?:the|that|your)\s+\$\s?\d[\d,.]*k?\s+(?:is|are|was|'s)\s+(?:(?:actually|still|all|safe|already|just)\s+)*(?:there|here|in there|safe|intact|untouched|sitting|available|pending|showing)\b/i;
// A named person's standing seen by the agent ("I can see Frank's been with us for a while").
const NAMED_STANDING = /^\s*(?:that\s+)?([A-Z][a-z]+)(?:'s|\s+(?:has|had|is|was))\b/;
const FIGURE_YOU_GAVE = /\$\s?\d[\d,.]*k?\s+(?:that\s+)?you\s+(?:mentioned|said|quoted|gave|expected)\b/gi;
const BECAUSE_START = /^\s*(?:because|since)\b/i;
const OFFERS_A_REASON = /\b(?:because|since)\b/i;
// "It's actually a bit under the $40,000 you mentioned": the customer's figure is corrected, not said back.
const CORRECTS = /\b(?:actually|in fact|not quite|below|under|above|over|more than|less than|short of)\b/i;
// The customer's own words taken up: a restatement, not a disclosure.
const CUSTOMER_WORDS = /\b(?:sounds like|you(?:'re| are) (?:saying|asking|telling me)|you mentioned|you said|you told me|I understand(?: that)? you|from what you|as you (?:said|mentioned|described))\b/i;
// A holding listed as a fragment ("- 40 shares of VTI", "about $600 in cash").
// A fill the customer never described: "On a sale of that size - 40 shares at $251.18 - …".
const FILL = /\b(\d[\d,.]*)\s+shares?\s+(?:of\s+\S+\s+)?(?:at|@)\s+\$\s?(\d[\d,.]*)/;
const HOLDING_ITEM = /\b\d[\d,.]*\s+shares\s+of\s+[A-Z][A-Za-z.&]{0,5}\b|\$\s?\d[\d,.]*k?\s+(?:in|of)\s+(?:settled\s+|available\s+)?cash\b/;
// Nothing arrived or left: a negative status is a status ("nothing has posted yet").
const NOTHING_MOVED = /\b(?:nothing|none of it|no (?:money|funds|deposits?|transfers?|payments?|trades?|orders?|distributions?|contributions?))\s+(?:has|have|had)\s+(?:yet\s+|so far\s+)?(?:been\s+)?(?:\w+ed|come in|shown up|gone out|left|gone through|went through|taken|withdrawn|paid out|sold)\b/i;
// A pronoun subject whose antecedent is the customer's own deposit, order or transfer ("It cleared yesterday").
const PRONOUN_SUBJECT = /^\s*(?:(?:and|so|but|yes|yep|yeah|no|nope|good news|because|since|as|though|although)[,:]?\s+)?(?:(?:it\s+)?(?:looks|seems|sounds)\s+like\s+|(?:you can\s+)?rest assured\s+(?:that\s+)?)?(?:(?:I'd\s+)?(?:gently\s+)?(?:note|say|add)\s+(?:that\s+)?)?(?:it|they|(?:the|that|this) one(?!\s+(?!(?:is|was|that|which|you|from|on|in|i|we|they|he|she|it|has|had)\b)[a-z]+\b)|the (?:first|second|third|last|other|earlier|later|original|new)(?: one)?|yours|everything|all of it|most of it|some of it|part of it)(?:'s|'re|\s)/i;
// An expletive "it" has no antecedent: "it's easier to keep everything in one place".
const EXPLETIVE_IT = /^\s*(?:(?:and|so|but|plus)[,]?\s+)?it(?:'s|\s+is|\s+was|\s+would be|'d be|'ll be|\s+will be)\s+(?:(?:much|a lot|way|far|also|usually|often|generally|really|pretty|quite|very|so|not)\s+)*(?![a-z-]+ed\b)[a-z-]+\s+(?:for\s+(?:you|me|us|them|anyone)\s+)?to\s+[a-z]/i;
// "yes its still on hold": "it's" written without its apostrophe, so the clause has no verb word of its own.
const ITS = /^\s*(?:(?:yes|yep|yeah|no|nope|and|but|so)[,:]?\s+)?its\s+(?:still|already|now|currently|not|on|in|been)\b/i;
const CUSTOMER_THING = /\b(?:accounts?|acct|balance|applications?|applied|approval|trusted contacts?|authorized (?:agents?|users?)|dividends?|distributions?|contributions?|rmds?|iras?|roth|401\(?k\)?|conversions?|rollovers?|buying power|cash|positions?|shares|orders?|trades?|deposits?|deposited|withdrawals?|withdraw|transfers?|wires?|payments?|paycheck|sold|sell|bought|buy|sent|send|check|money|funds|w-?9|forms?|documents?|paperwork|statements?|1099s?|beneficiar(?:y|ies))\b/i;
const CUSTOMER_TICKER = /\b[A-Z]{2,5}\b/;
// The agent's own action, a temporal background, or the verification itself.
const NOT_A_STATEMENT_OF_FACT =
  /^\s*(?:(?:and|so|but)\s+)?(?:I|we)(?:'ve|'m|\s)|^\s*(?:which|who)\b|^\s*(?:in order\s+)?to\s+(?!date\b)\w+|\b(?:I understand|verify|verified|verification|identity|security question|date of birth|ssn)\b/i;
// A temporal clause backgrounds what it holds ("once you're verified, your balance…", "until an authorization is on file").
const TEMPORAL =
  /\b(?:when|whenever|while|whilst|once|until|as soon as)\b|^\s*(?:after|before)\s+(?:\w+\s+){0,3}?(?:is|are|was|were|has|have|had|clears?|settles?|posts?|arrives?|you|we|it|they)\b|\b(?:after|before)\s+(?:it|they|you|we|I)\b(?:\s+[\w'-]+){0,2}?\s+(?:can|could|will|is|are|was|were|has|have|had|do|does|did|clears?|settles?|posts?|arrives?)\b|\b(?:after|before)\s+(?:the|your|this|that)\s+(?:funds|money|deposit|transfer|check|order|trade|wire|request|form)s?\s+(?:can|could|will|is|are|clears?|settles?|posts?|arrives?|has been)\b/i;

// "The beneficiary designation on it": a definite thing placed on the account the customer named.
const ON_THE_ACCOUNT = /^\s+(?:[\w-]+\s+)?(?:on|in|for)\s+(?:it|(?:your|his|her|their|the|that)\s+(?:[\w-]+\s+)?account)\b/i;
// A ticker the customer holds or trades ("your NVDA limit"); only with an owner, so acronyms like ACH stay out.
const TICKER = /\b(?!(?:SSN|DOB|ACH|ID|PIN|ET|PM|AM|US|USD|IRA|ETF)\b)[A-Z]{2,5}\b/g;

const LIST_IN_BRACKETS = /\(\s*(?:the|these|those)\s+[^()]*$/i;
// A form's number names a kind of document ("the 1099-B"), not a particular of the account.
const FORM_NUMBER = /\b(?:1099(?:-[A-Z]+)?s?|W-?[289]|401\(?k\)?|403\(?b\)?|5498|1040)(?![\w-])/gi;
// A security or firm named before or after the thing; the pack's own acronyms and the app's screens are not names.
const NOT_A_NAME = "(?:Zoomberg|Roth|Traditional|Individual|Joint|Custodial|Trust|Documents|Activity|Trade|Transfers?|Profile|Settings|Support|SSN|DOB|ACH|ACATS|ID|PIN|ET|PM|AM|US|USD|IRA|ETF|FINRA|SIPC|SEC|IRS|FDIC|DTC|AML|KYC)\\b";
const NAMED_BEFORE = new RegExp(`\\b(?:the|that|this|those|these)\\s+(?:[\\w-]+\\s+)?(?!${NOT_A_NAME})(?:[A-Z][\\w&.-]*)\\s+$`);
const NAMED_AFTER = new RegExp(`^\\s+(?:from|at|with|to|of)\\s+(?!${NOT_A_NAME})[A-Z][\\w&.-]+`);

const APP_SECTION_BEFORE = /(?:\bunder|\bin|\bto|\bfrom|\bvia|>)\s*$/;
// "In your case, Fidelity delivered the positions": the clause is about the customer's own matter.
const YOUR_CASE = /\b(?:in your case|for your account|on your account|on your end|under your name|in your name)\b/i;

/** True when some account thing in the clause is the customer's (or a named person's), or definite and particular. */
function specificThing(t: string): boolean {
  ACCOUNT_THING.lastIndex = 0;
  const particular = PARTICULAR.test(hasDigit(t) ? t.replace(FORM_NUMBER, "") : t);
  for (let m = ACCOUNT_THING.exec(t); m !== null; m = ACCOUNT_THING.exec(t)) {
    const before = t.slice(Math.max(0, m.index - 48), m.index);
    // "under Documents > Tax": a capitalised section of the app is a screen, not the customer's thing.
    if (APP_SECTION_BEFORE.test(before) && t.charCodeAt(m.index) < 91) continue;
    // "(the 1099-B, 1099-DIV and 1099-INT)": an article opening a bracketed list names kinds, not this one.
    if (OWNED.test(before) || (particular && DEFINITE.test(before) && !LIST_IN_BRACKETS.test(before))) return true;
    // A name is a particular too: "only the Ford position was sold", "the transfer from Fidelity is sitting with…".
    if (DEFINITE.test(before) && (NAMED_BEFORE.test(before) || NAMED_AFTER.test(t.slice(m.index + m[0].length, m.index + m[0].length + 24)))) return true;
    if (DEFINITE.test(before) && ON_THE_ACCOUNT.test(t.slice(m.index + m[0].length, m.index + m[0].length + 30))) return true;
  }
  if (YOUR_CASE.test(t)) return true;
  TICKER.lastIndex = 0;
  for (let m = TICKER.exec(t); m !== null; m = TICKER.exec(t)) if (OWNED.test(t.slice(Math.max(0, m.index - 24), m.index))) return true;
  return false;
}

// Gates run on the clause's lower case before the regexes they guard; each names what every match of those regexes holds.
// ON_ACCOUNT_DETAIL and CONTACT_ON_FILE name a contact detail: "email", "gmail", "phone", "address", "number", ...
const CONTACT_WORD = /mail|phone|mobile|address|number|yahoo|outlook|icloud/;
// The customer as subject: YOUR_FIGURE, YOUR_STANDING, YOU_WERE_CHARGED, YOU_TRANSACTED, CONTACT_HISTORY and YOU_HAD_FIGURE
// each hold "you" then a space or an apostrophe ("you have", "you're"), which "your" alone does not.
const YOU_WORD = /you[\s']/;
// YOUR_FIGURE and YOU_HAD_FIGURE end on a FIGURE: a digit, or a number word with its scale.
const SCALE_WORDS = ["hundred", "thousand", "grand"];
// YOUR_STANDING opens on "you're" or "you are".
const YOU_ARE = ["you're", "you are"];

/** Each gated regex with its gate, for the soundness test: every clause the regex matches passes the gate. */
export const H1_CLAUSE_GATES: ReadonlyArray<{ name: string; re: RegExp; gate: (lower: string) => boolean }> = [
  { name: "ON_ACCOUNT_DETAIL", re: ON_ACCOUNT_DETAIL, gate: (l) => CONTACT_WORD.test(l) },
  { name: "CONTACT_ON_FILE", re: CONTACT_ON_FILE, gate: (l) => CONTACT_WORD.test(l) },
  // MY_VIEW's subject is "nothing", "everything" or "something".
  { name: "MY_VIEW", re: MY_VIEW, gate: (l) => l.includes("thing") },
  { name: "YOUR_FIGURE", re: YOUR_FIGURE, gate: (l) => hasDigit(l) || holdsAny(l, SCALE_WORDS) },
  { name: "YOU_HAD_FIGURE", re: YOU_HAD_FIGURE, gate: (l) => hasDigit(l) || holdsAny(l, SCALE_WORDS) },
  { name: "YOUR_STANDING", re: YOUR_STANDING, gate: (l) => holdsAny(l, YOU_ARE) },
  ...[YOUR_FIGURE, YOUR_STANDING, YOU_WERE_CHARGED, YOU_TRANSACTED, CONTACT_HISTORY, YOU_HAD_FIGURE].map((re) => ({ name: `YOU_WORD before ${re.source.slice(0, 40)}`, re, gate: (l: string) => YOU_WORD.test(l) })),
  { name: "THEY", re: THEY, gate: (l) => l.includes("they") },
  // HOLDING_LINE ends on the holding's digit.
  { name: "HOLDING_LINE", re: HOLDING_LINE, gate: hasDigit },
];

// Words one of LOOKED_AT's shapes needs; its regex is slow to fail, so it runs only on clauses holding one.
const REPORT_WORDS = /\b(?:found|find|see|locat|pulled up|notic|records|system|file|showing|checked|say|tell you|confirm)/;

// A bracketed aside of a few words is a statement of its own ("(the current designation, your daughter Emma, stays…)").
const ASIDE = /\(([^()]*\s[^()]*\s[^()]*)\)/g;

function namedInCustomer(m: RegExpExecArray | null, customer: string): boolean {
  return m !== null && customer.includes(m[1] as string);
}

/** The sentence's clauses, then each bracketed aside read as a clause of its own. */
function clausesWithAsides(doc: Doc, s: number, line: string, start: number): Clause[] {
  const list = clausesOf(doc, s);
  if (!line.includes("(")) return list;
  const out = [...list];
  ASIDE.lastIndex = 0;
  for (let m = ASIDE.exec(line); m !== null; m = ASIDE.exec(line)) out.push({ start: start + m.index + 1, end: start + m.index + m[0].length - 1, sentence: s, joined: false });
  return out;
}

/** Some clause before clause `i` of the sentence has a subject naming things of a kind. */
function barePluralBefore(doc: Doc, clauses: Clause[], i: number): boolean {
  for (let j = 0; j < i; j++) {
    const b = clauses[j] as Clause;
    if (BARE_PLURAL_SUBJECT.test(doc.text.slice(b.start, b.end))) return true;
  }
  return false;
}

function newFill(t: string, customer: string): boolean {
  const m = FILL.exec(t);
  return m !== null && !customer.includes(m[1] as string) && !customer.includes(m[2] as string);
}

/** "200 shares of SPY" when the customer wrote "200 SPY": every number and ticker of the holding is theirs. */
function holdingSaid(t: string, customer: string): boolean {
  const m = HOLDING_ITEM.exec(t);
  if (!m) return false;
  const said = customer.replace(/,/g, "");
  return (m[0].match(/\d[\d,.]*|\b[A-Z]{2,5}\b/g) ?? []).every((tk) => said.includes(tk.replace(/,/g, "")));
}

/** What the general test reads of the customer's message: a pure function of the message, so kept per message. */
type CustomerView = { namesAThing: boolean; forms: CustomerText };
// Like customerFacts' cache: a run asks again and again for the same few customer messages (one per decision point).
const customerViews = new Map<string, CustomerView>();

function customerView(customer: string): CustomerView {
  const cached = customerViews.get(customer);
  if (cached) return cached;
  const view = { namesAThing: CUSTOMER_THING.test(customer) || CUSTOMER_TICKER.test(customer), forms: customerText(customer) };
  if (customerViews.size >= 1024) customerViews.clear();
  customerViews.set(customer, view);
  return view;
}

/** The first clause of the reply that asserts a specific account fact, as a span; null if there is none. */
export function generalAssertion(doc: Doc, customer: string, echoes: (text: string, sentence: number) => boolean): { start: number; end: number } | null {
  const view = customerView(customer);
  const customerNamesAThing = view.namesAThing;
  // Both answers read the reply's first sentence, found once here.
  const first = FIRST_SENTENCE.exec(doc.text);
  const answer = (customerNamesAThing ? answersPolarQuestion(first, customer) : null) ?? answersWhQuestion(first, customer);
  if (answer) return answer;
  for (let s = 0; s < doc.sentences.length; s++) {
    // A question asks, except in a because-clause it offers as the answer ("Could that be because the KO shares were sold
    // on March 12?").
    const sp = doc.sentences[s] as { start: number; end: number };
    const asks = questionStart(doc, s);
    const question = asks === sp.start;
    // A list line is split at its dash ("• VTI - 42 sh"), so the line is read whole.
    const line = doc.text.slice(sp.start, sp.end);
    // A detail on file or an item of the account discloses in any mood, a question or a verification request included.
    const lineDigit = hasDigit(line);
    const detail = detailInSentence(doc, s, line, lineDigit, view.forms);
    if (detail) return detail;
    if (question && !OFFERS_A_REASON.test(line)) continue;
    const holdingLine = !question && ((lineDigit && HOLDING_LINE.test(line)) || FACT_LINE.test(line));
    let previousGeneric = false;
    const clauses = clausesWithAsides(doc, s, line, sp.start);
    for (let ci = 0; ci < clauses.length; ci++) {
      const c = clauses[ci] as Clause;
      const t = doc.text.slice(c.start, c.end);
      if (asks >= 0 && c.start >= asks && !BECAUSE_START.test(t)) continue;
      const lower = doc.lower.slice(c.start, c.end);
      // Looked for once here rather than before each route that needs the word ("your" and "yours" hold "you").
      const you = lower.includes("you");
      const there = lower.includes("there");
      ACCOUNT_THING.lastIndex = 0;
      TICKER.lastIndex = 0;
      const thing = ACCOUNT_THING.test(t) || TICKER.test(t) || (you && lower.includes("your") && YOUR_CASE.test(t));
      // A clause lies within its sentence, so it holds a digit only if the sentence does.
      const digit = lineDigit && hasDigit(lower);
      // A figure or holding stated as the customer's, or a negative status, needs no account noun of its own.
      // (Each route's regex runs only when the clause holds the word it starts with: this test runs on every clause.)
      const noAccount = (there || lower.includes("n't")) && NO_ACCOUNT_FOUND.test(t);
      const contact = CONTACT_WORD.test(lower);
      const youWord = you && YOU_WORD.test(lower);
      const figure = youWord && (digit || holdsAny(lower, SCALE_WORDS));
      const direct =
        (youWord && ((figure && YOUR_FIGURE.test(t)) || (holdsAny(lower, YOU_ARE) && YOUR_STANDING.test(t)))) ||
        holdingLine ||
        (digit && ((HOLDING_ITEM.test(t) && !holdingSaid(t, customer)) || FIGURE_IN_STATE.test(t) || newFill(t, customer))) ||
        (lower.includes("no") && NOTHING_MOVED.test(t)) ||
        (customerNamesAThing && there && NO_ACTIVITY.test(t)) ||
        ((customerNamesAThing || (you && lower.includes("yours"))) && (lower.includes("account") || lower.includes("ira")) && ACCOUNT_KIND.test(t)) ||
        (lower.includes(" of ") && NOMINAL_EVENT.test(t)) ||
        (digit && (YOUR_DATED_TXN.test(t) || DATED_EVENT.test(t) || YOU_DID_ON.test(t) || SHARES_YOU_HOLD.test(t) || OWNED_DATED.test(t))) ||
        (customerNamesAThing && WE_DID_ON.test(t)) ||
        (customerNamesAThing && lower.includes("match") && MATCHES_RECORD.test(t)) ||
        (customerNamesAThing && OWNER_NOUN.test(lower) && OWNERSHIP.test(t)) ||
        (lower.includes("enough") && SUFFICIENT.test(t)) ||
        (customerNamesAThing && ITS.test(t) && STATE.test(t)) ||
        (youWord && (YOU_WERE_CHARGED.test(t) || YOU_TRANSACTED.test(t))) ||
        (lower.includes("we") && WE_HAVE_ON_FILE.test(t)) ||
        noAccount ||
        (youWord && CONTACT_HISTORY.test(t)) ||
        (contact && ON_ACCOUNT_DETAIL.test(t)) ||
        (figure && YOU_HAD_FIGURE.test(t)) ||
        // Every LISTED_AS match has "as" before the role it names.
        (customerNamesAThing && t.includes("as") && LISTED_AS.test(t)) ||
        (customerNamesAThing && there && THERE_WAS_ACTIVITY.test(t)) ||
        (digit && namedInCustomer(NAMED_FIGURE.exec(t), customer)) ||
        (customerNamesAThing && lower.includes("ha") && FIRM_ACTED.test(t)) ||
        (contact && CONTACT_ON_FILE.test(t)) ||
        (customerNamesAThing && lower.includes("thing") && MY_VIEW.test(t));
      const report = REPORT_WORDS.test(lower) ? lookedAt(t) : null;
      if (!thing && !direct && !customerNamesAThing && report === null) continue;
      const said = report ? t.slice(report.index + report[0].length) : t;
      const pronoun = customerNamesAThing && !(lower.includes("they") && THEY.test(said) && barePluralBefore(doc, clauses, ci)) && (PRONOUN_SUBJECT.test(said) || (report !== null && PRONOUN_SUBJECT.test(t))) && !EXPLETIVE_IT.test(said) && (report !== null || STATE.test(t) || (PARTICULAR.test(t.replace(DURATION, "")) && !SMALL_COUNT_ONLY.test(t)));
      const name = report !== null ? NAMED_STANDING.exec(said) : null;
      const named = name !== null && (customerNamesAThing || customer.includes(name[1] as string));
      const searched = report !== null && (SEARCH_RESULT.test(said) || REPORTED_FIGURE.test(said));
      if (!direct && !pronoun && !thing && !named && !searched) continue;
      // A clause opened by "because" explains the clause before it, and is as general as that one ("transfers are most often
      // rejected because the name … doesn't match the delivering firm's records").
      const generic: boolean = GENERIC.test(t) || (BECAUSE_START.test(t) && previousGeneric);
      previousGeneric = generic;
      if (generic || (ACCOUNT_TYPE_GENERIC.test(t) && !OWNER_WORD.test(t)) || (report === null && !noAccount && ANY_THING.test(t)) || (CUSTOMER_WORDS.test(t) && !CORRECTS.test(t)) || (!direct && PACK_FIGURE.test(t))) continue;
      // "I can see …" and "I found …" are themselves the report; otherwise the clause needs its own indicative verb.
      const looked = report !== null;
      if (!looked && !(direct && !hasModal(t))) {
        const verb = INDICATIVE.exec(t);
        if (!verb) continue;
        // A temporal conjunction backgrounds the clause it opens, not a main clause before it ("… stays in place until you
        // save"); an "'s" before it may be a possessive ("someone else's account, until…"), so it takes a verb word.
        const temporal = TEMPORAL.exec(t);
        if (hasModal(t.slice(0, verb.index).replace(SAYING_FRAME, "")) || NOT_A_STATEMENT_OF_FACT.test(t) || (temporal !== null && !INDICATIVE_WORD.test(t.slice(0, temporal.index)))) continue;
        if (!(pronoun || specificThing(t))) continue;
      }
      // "Make sure there are no open orders": a step to check, not a statement of what is there.
      if (CHECK_STEP.test(t) || APP_POINTER.test(t) || NOT_A_FACT.test(t)) continue;
      const ref = clauseAt(doc, c.start, s);
      // "The $40,000 you mentioned" names the customer's figure; it does not attribute the clause to them.
      // "I couldn't find anything under that name" reports a search; it declines nothing.
      if (clauseConditional(doc, ref) || isAttributed(t.replace(FIGURE_YOU_GAVE, "")) || isIndirectQuestion(t) || (!searched && isRefusal(t)) || isPossibility(doc.text.slice(sp.start, c.start))) continue;
      if (!looked && echoes(t, s)) continue;
      return { start: c.start, end: c.end };
    }
  }
  return null;
}
