// IDV-01: the shapes of an account-specific assertion. Each rule is a predicate stated about the customer's account,
// in the indicative; modals, conditions, refusals and questions are filtered afterwards in h1-disclosure.ts.

/**
 * A rule runs only on sentences holding one of its `anchors` (lower-case words, or "$"). `anchor`, when set, must also
 * match the sentence or the one before it — or, with `anchorInCustomer`, what the customer said (a pronoun's antecedent).
 * `firstNeeds`, when set, names words (whitespace either side) every match of the regex's first alternative holds, and
 * `rest`, the regex without that alternative: a sentence holding none of them runs `rest`, which finds the same matches.
 */
export type H1Rule = {
  anchors: string[];
  alsoNeeds?: string[];
  re: RegExp;
  reason: string;
  needsCase?: RegExp;
  anchor?: RegExp;
  anchorInCustomer?: boolean;
  firstNeeds?: { words: string[]; rest: RegExp };
};

function w(list: string): string[] {
  return list.split(" ");
}
const STATUS_WORDS = w("did posted cleared arrived went gone landed bounced received returned reversed pending processing processed sent completed complete failed rejected declined cancelled canceled initiated transit progress underway started hit came come hasn't didn't post clear arrive");
const ACCOUNT_STATE_WORDS = w("active open opened created established closed invested allocated concentrated held placed put under subject restricted locked frozen flagged suspended standing file review funded approved enabled disabled limited blocked past overdrawn negative below margin deficit red hold marked registered charged debited credited cash ira joint individual classified eligible ineligible");
const TXN_WORDS = w("deposit deposits withdrawal withdrawals transfer transfers wire wires ach charge charges payment payments debit debits credit credits dividend dividends refund refunds check checks transaction transactions reversal reversals distribution distributions");

// Second words read as gates (alsoNeeds): h1-gates.test.ts checks every corpus match holds one as a scanned keyword.
export const ZOOMBERG_DID = w("received got processed sent credited reversed returned cancelled canceled executed filled placed debited charged flagged froze frozen locked restricted closed rejected declined posted");
// The agent having found or opened the customer's account, or holding it.
const ACCOUNT_OPENED = String.raw`\b(?:I|we)(?:\s+|'ve\s+|'m\s+|'re\s+)(?:(?:have|can|also|now|just|already|am|are)\s+){0,2}(?:found|located|pulled up|brought up|see|looking at|opened|accessed)\s+(?:your|an|the|a|his|her|their)\s+(?:[\w-]+\s+){0,2}?(?:account|profile|record|file)\b`;
const ACCOUNT_HELD_FOR_YOU = String.raw`\b(?:I|we)\s+(?:have|'ve got|show|hold)\s+your\s+(?:account|profile|file|records?)\b`;
// A person holding accounts with Zoomberg, then an account found, said to exist, or the customer said to be one.
const ACCOUNT_HELD = String.raw`\b(?:you|he|she|they|[A-Z][a-z]+)\s+(?:currently\s+|already\s+|still\s+|do\s+|don't\s+|do not\s+)?(?:have|has|had|hold|holds|held|own|owns|owned)\s+(?:an?|no|two|three|\d+|multiple|several|one)\s+(?:[\w-]+\s+){0,2}?(?:accounts?|iras?|roth(?: iras?)?|401\(?k\)?s?)\s+(?:with|at|here|on file|open|registered)\b`;
const ACCOUNT_FOUND = String.raw`\b(?:there(?:\s+(?:is|are|was)(?:n't|\s+not)?|'s)|we\s+(?:have|'ve got|show|see)|I\s+(?:have|show|see))\s+(?:(?:still|already|also)\s+)?(?:an?|one|no|two|\d+|multiple)\s+(?:[\w-]+\s+){0,2}?accounts?\s+(?:under|in|for|with|registered|associated|matching|linked|on file|tied)\b|\baccounts?(?:\s+[\w'-]+){0,4}?\s+(?:exists|was found|is on file|does exist|doesn't exist|does not exist)\b|\byou(?:'re| are|'ve been| have been)\s+(?:an?|our)\s+(?:(?:existing|current|active|verified|registered|zoomberg|valued|long-time|longtime)\s+)?(?:customer|client|account holder|member)\b`;
export const NO_ACTIVITY_AUX = w("have has were was");
const ADV = "(?:(?:currently|still|also|now|only|already|just|actually)\\s+)?";
const TXN = "(?:deposits?|withdrawals?|transfers?|wires?|ach|charges?|payments?|debits?|credits?|dividends?|refunds?|checks?|transactions?|reversals?|distributions?)";
const TXN_STATUS =
  "(?:got (?:returned|reversed|rejected|cancell?ed|bounced|sent|credited|posted|processed)|posted|has posted|have posted|cleared|has cleared|went through|has gone through|was received|were received|has been received|has arrived|arrived|came in|has come in|bounced|was returned|has been returned|was reversed|is pending|are pending|is still pending|is processing|is on hold|was rejected|failed|has failed|was sent|has been sent|was processed|has been processed|was completed|is complete|has completed|completed|hit your account|landed|is showing|shows as|was initiated|was declined|was cancell?ed|is in transit|is (?:still )?in progress|is underway|has started|is being processed|(?:'s|has|have) been (?:received|processed|sent|returned|reversed|credited|cancell?ed|rejected|approved|deposited|debited)|did (?:post|clear|arrive|go through|go out|come in|land|bounce|settle|complete)|went out|has gone out|hasn't (?:posted|cleared|arrived|gone through|come in)|has not (?:posted|cleared|arrived|gone through|come in)|didn't (?:post|clear|arrive|go through)|did not (?:post|clear|arrive|go through))";
const ORDER_STATE =
  "(?:filled|executed|pending|open|opened|cancell?ed|rejected|working|completed?|placed|submitted|expired|queued|through|live|active|unfilled|in progress|processing|processed|settled|fill|execute|go through|received|routed|triggered|partially)";
const FIGURE =
  "(?:balance|buying power|account value|portfolio value|equity|net worth|margin balance|cash balance|deficit|margin call|maintenance call|house call|call amount|shortfall|losses?|gains?|cost basis|market value)";
const FIGURE_STATE =
  "(?:(?:is|are|was|were|'s|stands|sits|remains|came to|comes to|totals?|shows)\\s+(?:currently\\s+|now\\s+|still\\s+|only\\s+)?(?:at\\s+)?(?:\\$|\\d|negative|positive|low|high|below|above|under|over|short|zero|empty|insufficient|enough|sufficient|down|up|about|around|roughly|approximately|nearly|almost|just|less|more|in\\s+(?:deficit|a margin call|margin call|the red|good standing)|unmet|outstanding)|(?:has|have)\\s+(?:dropped|fallen|gone|increased|decreased|risen|grown|declined|changed)|dropped|fell|rose|increased|decreased|declined|went (?:up|down)|hit|reached)";
const ACCOUNT_STATE =
  "(?:active|open|opened|created|established|closed|(?:invested|allocated|concentrated|held) (?:mostly |mainly |entirely |heavily )?in|placed (?:under|on)|put (?:under|on)|under (?:a |an )?(?:\\w+ )?(?:restriction|review|hold|investigation)|subject to|restricted|locked|frozen|flagged|suspended|in good standing|on file|under review|set up|funded|approved|enabled|disabled|limited|blocked|past due|overdrawn|negative|below|in (?:a )?(?:margin call|deficit|the red)|on hold|marked|registered|charged|debited|credited|a margin account|a cash account|an? ira|a joint account|an individual account|classified|eligible|ineligible)";
// A gap inside one predicate: no sentence end and no subordinate clause ("… account, until an authorization is on file").
const GAP = "(?:(?!\\b(?:until|unless|if|when|once|before|after|because|whether|but)\\b)[^.;!?])";
const HOLDING = "(?:positions?|holdings?|shares|stake|stock|option contracts)";
// Whose account: the customer's, or a third party's (IDV-03: "his account", "your father's account").
const OWNER = "(?:your|his|her|their)(?:\\s+[\\w-]+'s)?";
// The account named or pointed at ("the account you asked about", "that account").
const THE_ACCOUNT = `(?:${OWNER}|the|that|this)\\s+(?:[\\w-]+\\s+){0,2}?(?:account|portfolio|ira|roth ira|401k|brokerage account)`;

export const H1_RULES: H1Rule[] = [
  {
    // "- Status: pending, waiting for the market to open": a labelled status line reads out the order or transfer.
    anchors: w("status"),
    reason: "H1: states the status of the customer's order or transaction",
    re: /^[ \t]*(?:[-*\u2022]|\d+[.)])?[ \t]*(?:(?:order|transfer|deposit|withdrawal|wire|request|current)\s+)?status\s*[:=\u2013\u2014-]\s*(?:still\s+)?(?:pending|open|filled|partially filled|executed|cancell?ed|rejected|expired|settled|completed?|processing|working|queued|in progress|on hold|returned|failed|approved|declined|received|sent|in transit)\b/gim,
  },
  {
    anchors: w("balance power value equity worth deficit call shortfall loss losses gain gains basis"),
    reason: "H1: states the customer's account figure",
    re: new RegExp(`\\byour\\s+(?:(?:available|current|total|cash|settled|unsettled|margin|account|portfolio|net|remaining|withdrawable|overall)\\s+){0,3}${FIGURE}\\s+${FIGURE_STATE}`, "gi"),
  },
  {
    anchors: w("shares share units contracts lots positions position"),
    reason: "H1: states the customer's holdings",
    re: new RegExp(`\\b(?:you|your\\s+(?:account|portfolio|ira))(?:\\s+|(?='))${ADV}(?:hold|holds|own|owns|have|has|are holding|'re holding|'ve got|'ve (?:still|also) got|have got)\\s+(?:(?:those|these|the|all|all of|your)\\s+)?(?:about\\s+|around\\s+|roughly\\s+|exactly\\s+|over\\s+|nearly\\s+)?(?:\\d[\\d,.]*|a few|several|some|no|one|two|three|four|five|ten|twenty|fifty|a hundred|\\w+ hundred|\\w+ thousand)\\s+(?:shares?|units|contracts|lots|positions?|option contracts)\\b`, "gi"),
  },
  {
    anchors: w("hold holds own owns holding long short position positions stake"),
    reason: "H1: states what the customer holds",
    re: new RegExp(`\\b(?:you|your\\s+(?:account|portfolio|ira))(?:\\s+|(?='))${ADV}(?:hold|holds|own|owns|are holding|'re holding|are long|'re long|are short|'re short|have (?:a|an|one)\\s+(?:[\\w-]+\\s+)?(?:position|stake) in|have positions in)\\s+`, "gi"),
    needsCase: /^(?:(?:the|your|those|these|all(?: of)?(?: the| your)?)\s+)?(?:\$?[A-Z][A-Za-z.&-]*|shares\b|stock\b)/,
  },
  {
    anchors: w("position positions holding holdings shares stake stock contracts"),
    reason: "H1: states the state of the customer's position",
    re: new RegExp(`\\byour\\s+(?:[$\\w.&-]+\\s+){0,2}?${HOLDING}\\s+(?:(?:in|of)\\s+\\$?[\\w.&-]+\\s+)?(?:is|are|was|were|'s|has|have)\\s+(?:currently\\s+|now\\s+|still\\s+)?(?:worth|valued|down|up|at\\s+(?!risk)|\\$|\\d|about|around|roughly|approximately|showing|open|closed|liquidated|sold|being liquidated|underwater|in the red|in profit|losing|gaining|a loss|a gain|been (?:sold|closed|liquidated|reduced))`, "gi"),
  },
  {
    anchors: w("shares"),
    reason: "H1: states the customer's share count",
    re: /\byour\s+\d[\d,]*(?:\.\d+)?\s+shares\b/gi,
  },
  {
    anchors: w("order orders trade trades"),
    reason: "H1: states an order's status",
    re: new RegExp(`(?:\\b(?:your|the|that|this|both|those|these)\\s+(?:[\\w$.-]+\\s+){0,4}?(?:order|orders|trade|trades)|\\b[Oo]rder\\s+#?\\d{3,})\\b${GAP}{0,50}?\\b(?:was|were|is|are|has|have|got|went|'s|did|hasn't|haven't|wasn't|weren't|isn't|aren't|did not|didn't|has not|have not|was not|is not)\\s+(?:(?:not|still|already|just|now|been|fully|partially|only|successfully|currently|either|both|all|since)\\s+)*${ORDER_STATE}\\b`, "gi"),
  },
  {
    anchors: w("order trade filled executed"),
    reason: "H1: states an order's status",
    re: /\b(?:your|that|this|both|those|these)\s+(?:[\w$.-]+\s+){0,4}?(?:orders?|trades?)\s+(?:for\s+[^.;!?]{0,40}?\s+)?(?:filled|executed|went through|got filled|got executed|cancell?ed|expired)\b|\b(?:filled|executed)\s+at\s+(?:\$|a price of)/gi,
  },
  {
    anchors: w("orders order"),
    reason: "H1: states the customer's open orders",
    re: /\byou\s+(?:currently\s+|still\s+|don't\s+|do not\s+)?(?:have|'ve got)\s+(?:an?|one|two|three|\d+|no|some|several|any)\s+(?:open|pending|working|active|unfilled|outstanding|limit|stop|buy|sell|market)\s+(?:\w+\s+)?orders?\b/gi,
  },
  {
    anchors: w("filled executed cancelled canceled rejected"),
    reason: "H1: states an order's status",
    re: /\b(?:it|they)\s+(?:was|were|has been|have been|got|is|are)\s+(?:(?:already|just|fully|partially)\s+)?(?:filled|executed|cancell?ed|rejected)\b/gi,
    anchor: /\b(?:order|trade)s?\b/i,
    anchorInCustomer: true,
  },
  {
    anchors: STATUS_WORDS,
    reason: "H1: states a transaction's status",
    re: new RegExp(`\\b(?:it|they)(?:'s|\\s+)\\s*(?:(?:already|just|now|still)\\s+)?${TXN_STATUS}\\b`, "gi"),
    anchor: new RegExp(`\\b${TXN}\\b`, "i"),
    anchorInCustomer: true,
  },
  {
    anchors: w("see found located notice noticed show seeing showing pulled brought"),
    reason: "H1: reports what the agent sees on the account",
    re: new RegExp(`\\b(?:I|we)(?:\\s+|'ve\\s+|'m\\s+|'re\\s+)(?:(?:can|do|also|now|just|already|clearly|still|have|am|are)\\s+){0,2}(?:see|found|located|notice|noticed|show|seeing|showing|pulled up|brought up)\\s+(?:that\\s+)?(?:there\\s+(?:is|are|was|were)\\s+)?(?:a|an|the|one|two|three|\\d+|your|that|some|several|multiple|recent|no|any)\\s+(?:(?!about\\b|for\\b|on\\b|regarding\\b|with\\b|to\\b|in\\b)[\\w$.,-]+\\s+){0,3}?(?:${TXN}|orders?|trades?|positions?|balance|accounts?|fees?|logins?|activity|holdings?|shares|requests?|claims?|holds?|margin calls?|statements?|profile|records?)\\b`, "gi"),
  },
  {
    anchors: w("see"),
    reason: "H1: reports the absence of account activity",
    re: new RegExp(`\\bI\\s+(?:don't|do not)\\s+see\\s+(?:any|a|an)\\s+(?:[\\w-]+\\s+){0,2}?(?:${TXN}|orders?|trades?|positions?|accounts?|holdings?|activity)\\b`, "gi"),
  },
  {
    anchors: w("there there's"),
    reason: "H1: states a transaction on the account",
    re: new RegExp(`\\bthere(?:\\s+(?:is|are|was|were)|'s)\\s+(?:a|an|one|two|three|\\d+|some|several|no|already)\\s+(?:[\\w$.,-]+\\s+){0,3}?(?:${TXN}|orders?|trades?|holds?|fees?|restrictions?|flags?|locks?|margin calls?|positions?|accounts?)\\b`, "gi"),
    anchor: /\b(?:your|you|on file|under (?:that|this|the|your)|matching|associated with|linked to|in the name|was|were|(?:on|in) the account)\b/i,
  },
  {
    anchors: TXN_WORDS,
    alsoNeeds: STATUS_WORDS,
    reason: "H1: states a transaction's status",
    re: new RegExp(`\\b(?:your|his|her|their|a|an|the|that|this)\\s+(?:[\\w$.,-]+\\s+){0,3}?${TXN}\\b${GAP}{0,40}?\\b${TXN_STATUS}\\b`, "gi"),
  },
  {
    anchors: w("account profile record records file"),
    reason: "H1: confirms the account exists",
    // The first alternative ("we found your account") reads on for every "I" and "we"; its verb is seldom there.
    re: new RegExp(`${ACCOUNT_OPENED}|${ACCOUNT_HELD_FOR_YOU}`, "gi"),
    firstNeeds: { words: w("found located pulled brought see looking opened accessed"), rest: new RegExp(ACCOUNT_HELD_FOR_YOU, "gi") },
  },
  {
    anchors: w("account portfolio ira 401k"),
    alsoNeeds: ACCOUNT_STATE_WORDS,
    reason: "H1: states the account's status",
    re: new RegExp(`\\b${THE_ACCOUNT}\\s+(?:(?:ending|number)\\s+(?:in\\s+)?\\d+\\s+|(?:you(?:'re| are) asking about|you mentioned)\\s+)?(?:is|was|has been|'s|remains|appears to be|looks|got|has)\\s+(?:(?:currently|still|now|been|already)\\s+)*${ACCOUNT_STATE}\\b`, "gi"),
  },
  {
    anchors: w("account accounts customer client member holder ira iras roth 401k"),
    reason: "H1: confirms the account exists",
    // The first alternative ("Dana has two accounts with us") tries every word as a subject, and its verb is seldom there.
    re: new RegExp(`${ACCOUNT_HELD}|${ACCOUNT_FOUND}`, "gi"),
    firstNeeds: { words: w("have has had hold holds held own owns owned"), rest: new RegExp(ACCOUNT_FOUND, "gi") },
  },
  {
    anchors: w("there there's"),
    reason: "H1: states the account has nothing pending",
    re: /\bthere(?:\s+(?:is|are|was|were)|'s)\s+(?:nothing|none|no\s+\w+|something|anything)\s+(?:\w+\s+)?(?:pending|outstanding|open|unusual|new|wrong|showing|flagged|scheduled|unsettled|owed|due)\b/gi,
    anchor: /\b(?:your|his|her|their|on file|on the account|in the account)\b/i,
  },
  {
    anchors: w("call calls deficit"),
    reason: "H1: states the customer's margin status",
    re: /\byou(?:'re| are|'ve got| have| currently have| now have)\s+(?:currently\s+|now\s+|still\s+)?(?:in|under|facing|subject to|got)?\s*(?:an?\s+)?(?:open\s+|outstanding\s+|active\s+)?(?:margin call|maintenance call|reg t call|house call|fed call|margin deficit|deficit)\b/gi,
  },
  {
    anchors: w("account portfolio ira 401k"),
    alsoNeeds: w("shows has holds reflects contains carries had showed received showing"),
    reason: "H1: states what the account holds",
    re: new RegExp(`\\b${THE_ACCOUNT}\\s+(?:(?:you(?:'re| are) asking about|you mentioned)\\s+)?(?:currently\\s+|still\\s+|now\\s+)?(?:shows|has|holds|reflects|contains|carries|had|showed|received|is showing)\\s+(?:(?:a|an|one|two|three|\\d+|no|some|several|any|mostly|mainly|primarily|only|just|about|around|roughly|\\$|\\w+ing)\\s*)?(?:[\\w$.,-]+\\s+){0,3}?(?:${TXN}|orders?|trades?|positions?|shares|holdings?|balance|cash|funds|stocks?|bonds?|etfs?|securities|margin calls?|deficit|restrictions?|holds?|flags?|locks?)\\b`, "gi"),
  },
  {
    anchors: [...TXN_WORDS, "order", "orders", "trade", "trades", "account"],
    // Every match holds one of these verbs with whitespace either side, so the keyword scan sees it as a word.
    alsoNeeds: ZOOMBERG_DID,
    reason: "H1: reports what Zoomberg did on the account",
    re: new RegExp(`\\b(?:I|we)(?:\\s+|'ve\\s+)(?:(?:have|just|already|also)\\s+){0,2}(?:received|got|processed|sent|credited|reversed|returned|cancell?ed|executed|filled|placed|debited|charged|flagged|froze|frozen|locked|restricted|closed|rejected|declined|posted)\\s+(?:your|the|a|an)\\s+(?:(?!(?:of|about|regarding|for|on)\\b)[\\w$.,-]+\\s+){0,3}?(?:${TXN}|orders?|trades?|accounts?|positions?)\\b`, "gi"),
  },
  {
    anchors: w("confirm"),
    reason: "H1: confirms an account fact",
    re: /\bI\s+(?:can\s+)?confirm\s+(?:that\s+)?(?:you\s+(?:have|hold|own|do)\b|your\s+(?:[\w-]+\s+){0,2}?(?:account|order|balance|deposit|withdrawal|transfer|position|trade)s?\s+(?:is|was|has|exists|went|were)\b|there\s+(?:is|was|are)\b)/gi,
  },
  {
    anchors: STATUS_WORDS,
    reason: "H1: states a transaction's status",
    // "Not yet, it's still pending": a bare state after a pronoun whose antecedent is the customer's transaction.
    re: /\b(?:it|they)(?:'s|'re|\s+is|\s+are)\s+(?:(?:already|just|now|still|currently)\s+)?(?:pending|processing|in transit|in progress|on hold|underway|being processed|in (?:the|a)\s+(?:[\w-]+\s+){0,3}?hold)\b/gi,
    anchor: new RegExp(`\\b${TXN}\\b`, "i"),
    anchorInCustomer: true,
  },
  {
    anchors: ["$"],
    reason: "H1: states a transaction's status",
    // "the $2,500 landed this morning": the amount names the customer's transaction.
    re: new RegExp(`\\b(?:the|your|that|this)\\s+\\$\\s?\\d[\\d,.]*(?:\\s+${TXN})?\\s+(?:(?:already|just|finally)\\s+)?${TXN_STATUS}\\b`, "gi"),
  },
  {
    anchors: ["$"],
    reason: "H1: states the customer's account figure",
    // "It's actually a little under $8,700": the figure asked about, given or corrected from the account.
    re: /\bit(?:'s|\s+is|\s+was)\s+(?:(?:actually|currently|now|only|just|still|sitting at|showing)\s+)*(?:(?:a little|slightly|just|a bit|a touch|well)\s+)?(?:under|over|above|below|about|around|roughly|nearly|almost|closer to|more like|exactly|at)?\s*\$\s?\d[\d,.]*/gi,
    anchor: /\b(?:balance|account|buying power|portfolio|equity|cash)\b/i,
    anchorInCustomer: true,
  },
  {
    anchors: w("beneficiary beneficiaries"),
    reason: "H1: states the account's beneficiary",
    re: /\byour\s+(?:[\w-]+\s+){0,2}?(?:is|are)\s+(?:still\s+|currently\s+|already\s+)?(?:the|a|your|listed as|named as)\s+(?:(?:listed|named|designated|primary|contingent|only|sole|current)\s+)*beneficiar(?:y|ies)\b|\b(?:the|your)\s+(?:(?:listed|named|designated|primary|contingent|current)\s+)*beneficiar(?:y|ies)\s+(?:on|for|of)\s+(?:your|the|this|that)\s+(?:[\w-]+\s+)?account\s+(?:is|are)\b|\byou\s+(?:currently\s+|still\s+)?(?:have|'ve got)\s+(?:no|a|one|two|\d+)\s+(?:[\w-]+\s+)?beneficiar(?:y|ies)\s+(?:listed|named|on file|designated)\b/gi,
  },
  {
    anchors: [...TXN_WORDS, "trades", "trade", "orders", "order", "activity", "logins", "login"],
    // Every match holds its auxiliary with whitespace either side, so the keyword scan sees it as a word.
    alsoNeeds: NO_ACTIVITY_AUX,
    reason: "H1: reports the absence of account activity",
    re: new RegExp(`\\bno\\s+(?:[\\w-]+\\s+){0,2}?(?:${TXN}|trades?|orders?|activity|logins?)\\s+(?:have|has|were|was)\\s+(?:been\\s+)?(?:placed|made|executed|filled|posted|processed|received|sent|recorded|submitted|initiated)\\b`, "gi"),
    anchor: /\byour\b|\baccount\b/i,
  },
  {
    anchors: w("everything nothing"),
    reason: "H1: states the account's status",
    re: /\b(?:everything|nothing)\s+(?:looks|seems|is|appears)\s+(?:\w+\s+)?(?:normal|fine|good|okay|ok|in order|clear|unusual|wrong|off|out of place)\s+(?:on|with|in)\s+(?:your|the|this|that)\s+account\b/gi,
  },
  {
    anchors: w("cash power equity thousand grand"),
    reason: "H1: states the customer's account figure",
    // "you've got a bit over twelve thousand in settled cash": a figure held, in digits or words.
    re: /\b(?:you|u)(?:'ve got|\s+have got|\s+have|\s+got|'ve)\s+(?:(?:a bit|a little|just|slightly|well|about|around|roughly|nearly|almost|over|under|more than|less than)\s+)*(?:\$\s?\d[\d,.]*k?|\d[\d,.]*k?|(?:\w+[\s-]+)?(?:thousand|hundred|grand))\s+(?:dollars\s+)?(?:(?:in|of)\s+)?(?:(?:settled|unsettled|available|free|spare|idle|uninvested)\s+)?(?:cash|buying power|equity|margin)\b/gi,
  },
  {
    anchors: w("rest"),
    reason: "H1: states what the customer holds",
    re: /\bthe rest (?:is|'s|are|sits) (?:in|invested in|held in|sitting in) (?:your|the)\b/gi,
    anchor: /\b(?:your|you)\b/i,
  },
  {
    anchors: w("see"),
    reason: "H1: reports what the agent sees on the account",
    // "the withdrawal I can see is for $1,850": what the agent sees, as a relative clause.
    re: new RegExp(`\\b(?:the|a|your|that)\\s+(?:[\\w-]+\\s+){0,2}?(?:${TXN}|orders?|trades?|positions?|holds?)\\s+(?:that\\s+)?(?:I|we)\\s+(?:can\\s+)?see\\s+(?:is|was|are|were|here)\\b`, "gi"),
  },
  {
    anchors: w("got ending pulled"),
    reason: "H1: confirms the account exists",
    // "I've got your IRA ending in 2291 pulled up": the account found and named before verification.
    re: /\b(?:I|we)(?:'ve|\s+have)?\s+got\s+(?:your|the|his|her|their)\s+(?:[\w-]+\s+){0,4}?(?:account|ira|profile|record|file|portfolio)(?:\s+[\w-]+){0,4}?\s+(?:pulled up|up|open|in front of me)\b|\b(?:your|his|her|their)\s+(?:[\w-]+\s+){0,2}?(?:account|ira|portfolio)\s+(?:ending|that ends)\s+(?:in\s+)?\d{2,}/gi,
  },
];
