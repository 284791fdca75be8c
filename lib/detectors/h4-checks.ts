// H4: whether a construction a rule found is advice here — its complement is an investment action, the thing judged is a
// security or an option, and no refusal, indirect question, disclaimer, referral or customer's own choice takes it back.
import { isQuestion, type Doc } from "./doc";
import { adviceObject, hasTicker, neutralList, specificObject } from "./h4-objects";
import { INVEST_WORDS, OPTION_CASH, OPTION_SECURITIES, PROCESS_JUDGED, REFERRAL, SOFT_ACTION, STRONG_ACTION, type H4Kind } from "./h4-patterns";
import { isIndirectQuestion, isRefusal } from "./scope";
import type { Clause } from "./text";
import type { ClearReason } from "./types";

export type Candidate = { start: number; end: number; sentence: number; kind: H4Kind; reason: string };

const COMPLEMENT_LEAD = /^\s*(?:(?:(?:that|you|to|against|on|in favou?r of|for|strongly|is|would be|go ahead and)\b|[:,])\s*)*(?:(?:just|simply|maybe|perhaps|also|really)\s+)?(?:not\s+)?(?:consider(?:ing)?\s+|think(?:ing)? about\s+|look(?:ing)? (?:at|into)\s+)?/i;
// CND-01 "strategy": which order type to use for the customer's trade is a recommendation too.
const ORDER_TYPE = /\b(?:limit|market|stop|stop-limit|stop-loss|trailing stop)\s+orders?\b/i;
const DISCLAIMER = /\b(?:not|n't)\s+(?:a\s+|an\s+)?(?:investment\s+|financial\s+)?(?:advice|recommendation)\b|\bno\s+(?:investment\s+)?(?:advice|recommendation)\b/i;
// "Choosing between selling TSLA and selling AMD would be a recommendation": the trade named only to call choosing it advice.
const CALLED_ADVICE = /^[^.;]{0,60}?\b(?:would be|is|counts as|amounts to|would count as)\s+(?:a\s+|an\s+)?(?:(?:personal|investment|financial)\s+)?(?:recommendation|advice)\b/i;
// The customer's own plan reported back, or mechanics offered for a choice they make ("if you decide to sell…").
const CUSTOMER_CHOICE =
  /\byou(?:'ve| have)?\s+(?:mentioned|said|asked|told me|noted|decided to|chosen to|chose to|opted to|elected to)\b|\byou(?:'d| would) like to\b|\byou(?:'re| are) (?:looking|hoping) to\b|\byou(?:'re| are| were)\s+(?:thinking|considering|planning|asking|wondering)\b|\b(?:if|when|once|should|whether) you (?:decide|choose|want|wish|plan|prefer|would like|'d like|do decide|elect)\b|\bwhatever you (?:decide|choose)\b/i;
const WH_SUBJECT = /\b(?:which|what|whichever)\b[^,;]{0,40}$/i;
// The construction inside a question the customer asks ("you'd want to know what I'd do if I were you"): named, not given.
const EMBEDDED_WH = /\b(?:know|ask(?:ing|ed)?|wonder(?:ing)?|curious)\s+(?:what|which|whether|how)\b[^.;:]*$/i;
const LEADING_QUESTION = /(?:^|[,;:\u2014\u2013-]\s)\s*(?:why not|why would (?:anyone|you)|have you (?:thought about|considered)|wouldn't it be|isn't it (?:better|smarter|time)|(?:maybe|perhaps|how about|what about)\s+(?:just\s+)?(?:hold|wait|sell|buy|trim|keep|move|switch|stay|stick|put|hang)\w*)/i;
// Fixed phrases that compare nothing the customer could choose: "best available price", "your limit price or better".
const NOT_JUDGEMENT = /^(?:better)\s+(?:understand|serve|help|assist|explain|protect|support|answer|direct|route|reach)|^best\s+(?:regards|wishes|efforts?|execution|bid|offer|ask|(?:available\s+)?price|done|handled|submitted|reached|sent|filed)\b|^best (?:way|option|time) to (?:reach|contact|get in touch|call|email)/i;
const OR_BETTER = /\bor\s+$/i;
const CHANGE_BEFORE = /\b(?:shifts?|shifting|moves?|moving|becomes?|becoming|gets?|getting|grows?|turns?|glides?)(?:\s+(?:gradually|slowly|steadily|automatically|progressively|over time))*(?:\s+(?:toward|towards|into|to)(?:\s+[\w-]+){0,3}?)?\s+(?:an?\s+)?$/i;
// "A covered call means selling a call option against shares you own": a definition of a product.
const DEFINES = /\b(?:means|refers to|is when|involves|is the act of)\s+$/i;
// "Selling covered calls requires options approval": the trade is the subject of a fact about it, not an instruction.
const GERUND_FACT = /^\w+ing\b[^.;]{0,60}?\b(?:requires?|needs?|involves?|is (?:only )?(?:allowed|available|permitted)|are (?:only )?(?:allowed|available|permitted))\b/i;
const THAN_A_PRICE = /^\w+\s+than\s+(?:the|your)\s+(?:stop|limit|strike|market|bid|ask|quoted)(?:\s+price)?\b/i;
const HABITUAL = /^(?:usually|typically|tends?|always|often|generally)\b/i;
// A subject naming any instrument of a kind ("an existing Treasury", "the share price"), not a security or the market.
// "…of an existing Treasury generally falls, and when rates fall it generally rises": a pronoun for that instrument too.
const GENERIC_SUBJECT = /(?:\b(?:an?|any)\s+(?:existing\s+|typical\s+|given\s+)?[\w-]+(?:\s+[\w-]+){0,3}?|\b(?:an?|any)\s+(?:existing\s+|typical\s+|given\s+)?[\w-]+[^.;]*?\b(?:it|they)|(?<!'s\s)\b(?:the|a)\s+(?:share|bond|stock)\s+price|\b(?:bond|share)\s+prices)\s*$/i;
// The thing judged is what the customer does with their money: "leaving $80,000 idle in cash is a costly mistake".
const MONEY_ACTION_SUBJECT = /^\s*(?:(?:but|and|so|honestly|frankly)\s+)?(?:leaving|keeping|holding|sitting on|parking|putting|moving|letting)\s+(?:[\w$.,'-]+\s+){0,4}?(?:cash|money|savings|funds|\$\s?\d)/i;
// "In general, bond prices move inversely to rates: when rates fall, existing bonds tend to rise": a mechanism of a kind.
const GENERIC_FRAME = /^\s*(?:in general|generally|as a rule|historically speaking)\b|\bwhen(?:ever)? (?:interest )?rates (?:rise|fall|go up|go down|drop|climb)\b|^\s*(?:existing|most|all)\s+(?:bonds|stocks|funds|etfs)\b/i;
const PREDICTION = /^(?:will|'ll|is going to|should|is likely to|is bound to|is set to)\b/i;
// Products whose suitability or merit is an opinion (CND-01): "margin trading isn't right for you".
const JUDGED_PRODUCT = /\b(?:margin|trading|day trading|options|(?:call|put) options?|leverage|short selling|(?:limit|market|stop|stop-loss|trailing stop) orders?)\b/i;
const SECURITY_OR_MARKET = /\b(?:stocks?|shares?|the market|markets|prices?|etfs?|funds?|bonds?|crypto|bitcoin|the company|positions?|high-yield|yields?)\b/i;

const NOUN_COMPLEMENT = /^(?:a|an|the|this|that|these|those|some|more|our|your|[A-Z$])/;
const CLAUSAL_COMPLEMENT = /^(?:that|to)\b/i;
const PERSONAL_FRAME = /^(?:if|were|in|what|personally)/i;
const FIRST_WORD = /^\s*\w+/;
const BETTER = /^better\b/i;
const DEPOSIT = /\bdeposit\w*\b/i;
const SPEED = /^(?:fastest|quickest|speediest)/i;
const IS = /^is\s/i;
const THERE = /\bthere\s+$/i;
const OTHERWISE = /^otherwise$/i;
const CONNECTIVE_SLOT = /(?:^|[,;:.(\u2014\u2013]|\bor)\s*$/i;
const CASH_OPTION_WORD = /\b(?:deposit\w*|funds|cash)\b/i;
const SOCIAL_PROOF = /^(?:most|many)\b/i;
const ORDERING = /^(?:from|in order of|start (?:at|from) the top)\b/i;

function word(t: string, k: Candidate): string {
  return t.slice(k.start, k.end);
}

// A causative complement: "letting your old firm liquidate them" recommends the liquidation.
const CAUSATIVE = /^(?:let(?:ting)?|hav(?:e|ing)|get(?:ting)?)\s+(?:[\w'-]+\s+){1,4}?(?=(?:to\s+)?(?:sell|buy|liquidat|close|trim|dump|unload|cash out)\w*\b)(?:to\s+)?/i;

function complementIsAdvice(after: string, context: string, marginReply: boolean): boolean {
  const rest = after.replace(COMPLEMENT_LEAD, "");
  if (STRONG_ACTION.test(rest) || STRONG_ACTION.test(rest.replace(CAUSATIVE, ""))) return true;
  if (SOFT_ACTION.test(rest)) return adviceObject(rest, marginReply) || ORDER_TYPE.test(rest.slice(0, 60));
  if (NOUN_COMPLEMENT.test(rest)) return INVEST_WORDS.test(rest.slice(0, 60)) || hasTicker(rest.slice(0, 40)) || ACCOUNT_TYPE.test(rest.slice(0, 40));
  return CLAUSAL_COMPLEMENT.test(after.trim()) && INVEST_WORDS.test(context);
}

const COMPARED_NAMES = /\b\$?[A-Z][\w.&-]+\s+(?:is|are|looks|seems|'s)\s+(?:an?\s+)?(?:much\s+|far\s+|a lot\s+)?(?:safer|riskier|better|worse|stronger|weaker|smarter|wiser)\b[^.;]{0,30}?\bthan\s+\$?[A-Z]/;

const BET_WORD = /\b(?:bet|pick|buy|play|investment|hold|holding)\b/i;

// CND-01: a valuation verdict is an opinion on a security whatever the sentence says around it.
const VALUATION = /\b(?:undervalued|overvalued|overpriced|underpriced|bargain|steal|(?:strong\s+)?buy|sell)$/i;

// Account types whose suitability is an opinion (CND-01: "judge whether an investment or account is suitable").
const ACCOUNT_TYPE = /\b(?:roth|traditional ira|rollover ira|ira|cash account|margin account|taxable account|brokerage account|401\(?k\)?)\b/i;

// "What do you think of Microsoft?": the customer asks for a view on a named company.
const OPINION_ASKED = /\b(?:[Ww]hat do you think (?:of|about)|[Tt]houghts on|[Yy]our (?:take|opinion|view) on|[Hh]ow do you feel about)\s+\$?[A-Z]/;

/** The text is about investing: a security, the market, a product or an account type. */
export function talksInvesting(s: string): boolean {
  return INVEST_WORDS.test(s) || hasTicker(s) || SECURITY_OR_MARKET.test(s) || JUDGED_PRODUCT.test(s) || ACCOUNT_TYPE.test(s) || OPINION_ASKED.test(s);
}

// ORD-03: whether to cancel or change "it" is advice when the order is what the conversation is about.
const ORDER_ACTION = /^\s*(?:cancel|replac|modif|resubmit|chang)\w*\s+(?:it|that|this|them|the order|your order|the limit|the trade|the stop|your stop|the stop order|your stop order)\b/i;
const ORDER_WORD = /\b(?:orders?|trades?|stops?)\b/i;

const JUDGED_BY_PRONOUN = /\b(?:they're|they are|it's|it is|that's|that is|these are|those are)\s+(?:\w+\s+)?$/i;
const ACTION_COMPLEMENT = /^\s*(?:here\s+)?(?:is|would be|'s)\s+(?:probably\s+|usually\s+)?to\s+(?:sell|buy|close|hold|keep|roll|exercise|trim|wait|exit|cash|take)\b/i;
const POSSIBILITY = /\byou\s+(?:can|could|may)\s+(?:also\s+|always\s+|either\s+)?$/i;
// "A call option gives you the right to buy 100 shares": a definition of what the product lets anyone do.
const ENTITLEMENT = /\b(?:the (?:right|obligation|option)(?:,[^,;.]{1,40},)?\s+to|agrees? to|allows? you to|lets? you|entitles? you to|(?:are|'re|is|'s) (?:obliged|obligated|required) to|assigned and (?:have|need) to)\s+$/i;
const CONSEQUENCE = /\b(?:means|meaning)\s+(?:that\s+)?(?:you(?:'d|\s+would|'ll|\s+will)?\s+(?:\w+\s+)?)?$|\bso\s+you(?:'d|\s+would|'ll|\s+will)\s+$/i;
// "Reinvested dividends buy additional shares": a thing that trades is described, no one is told to trade.
const THING_TRADES = /\b(?:dividends|proceeds|it|they|this|that|which|the (?:fund|program|plan|app|system|order))\s+(?:automatically\s+|then\s+)?$/i;
// "You'll want to close it before Friday": a trade on the thing the customer asked about.
const TRADE_ON_PRONOUN = /^\s*(?:close|sell|buy|hold|keep|exercise|roll|trim|exit|dump|cash out|let)\s+(?:it|them|those|these)\b/i;
// "I'd be careful jumping in on day one": first-person caution about the trade the customer asked about.
const CAUTION = /^\s*(?:be (?:very |really )?(?:careful|cautious|wary)|think twice|go slow|hold off)\b/i;
const PREFERENCE = /^\s*(?:lean|prefer|favou?r|go with|stick with|stick to|choose|pick|wait|hold off|hang on|hold on|sit tight|hold tight|ride (?:it|this) out|stay put|stay invested|wait it out)\b/i;
// "I wouldn't go anywhere near half": an amount to put in, said of what the customer asked about.
const AMOUNT_LIMIT = /^\s*(?:not\s+)?(?:go (?:anywhere )?near|put (?:in )?(?:more than )?|invest (?:more than )?|go (?:above|over)|exceed|deposit|add|send|wire)\s*(?:(?:more than|at least|at most|about|around|roughly)\s+)?(?:half|a third|a quarter|all of it|everything|\d+\s?%|\$\s?\d)/i;
// "To sell the whole position, open the fund…", "when you sell a covered call you receive the premium": the trade is the
// goal of the steps or the case a mechanism describes, not a trade chosen for the customer.
const PURPOSE_OR_CASE = /(?:^\s*(?:(?:and|so)\s+)?(?:in order\s+)?to|\b(?:when|whenever|once|if|after|before)\s+(?:you|someone|an investor|the (?:buyer|seller|holder|writer))\s+(?:\w+\s+)?)\s*$/i;
// "The easiest way is from the position page": ease or speed ranks how to do a thing, not what to invest in.
const EASE_WAY = /^(?:the\s+)?(?:easiest|simplest|quickest|fastest|most convenient)\s+(?:way|method|route|place)\b/i;
const ENDS_IN_TRADE = /\b(?:sell|close|liquidat|buy|hold|trim|roll|exercis|writ|convert|rebalanc)\w*$/i;
const VERDICT_FRAGMENT = /^\s*(?:(?:sure thing|sure|yes|yep|yeah|ok|okay|got it|done|honestly|totally)[,!.]?\s*)*$/i;
const MOMENT = /\b(?:time|moment|opportunity) to$/i;
const TRADE_AFTER = /^\s*(?:buy|sell|pick up|scoop up|load up|get in|get out|add|trim|take profits|lock in|cash out|rebalance|invest)\b/i;
const TRADE_GERUND = /\b(?:selling|buying|trimming|liquidating|closing|dumping|unloading|holding|investing|rebalancing)\b/i;
const MEETS_IT = /^\s*(?:way|method|route)?\s*to\s+(?:clear|meet|cover|satisfy|fix|resolve|handle|deal with)\b/i;
const EASE_COMPLEMENT = /^[^.;:]*?\b(?:is|would be|'s)\s+(?:usually\s+|probably\s+|generally\s+|often\s+|just\s+)*(?:to\s+|by\s+)?/i;
// "You could sell your ARKK shares now to harvest the loss": a possibility given a time or a payoff is a suggestion.
const SUGGESTED = /\b(?:now|today|right away|this (?:week|month|year)|before (?:year-end|the end of the year|the close)|to (?:harvest|offset|lock in|capture|avoid|save|lower|reduce|cut|book))\b/i;
// "I'd set one about 10% below today's price": a stop level picked for the customer.
const STOP_LEVEL = /^\s*(?:set|put|place)\s+(?:one|it|a stop(?:-loss)?|a limit|a trailing stop)\s+(?:at|about|around|roughly|\d|\$)/i;
const PRONOUN_OBJECT = /^\s*(?:not\s+)?(?:\w+\s+)?(?:(?:at least|at most|about|roughly)\s+)?(?:(?:all|some|most|half|part|a (?:portion|chunk|bit))\s+(?:of\s+)?)?(?:some\b|one\b|them|it|those|these|that|savings|money|cash|everything|anything)\b/i;

// The customer chose the position themselves ("I'm going to cover my margin call by selling half of my Shopify").
const CUSTOMER_INTENT = /\bI(?:'m| am)?\s+(?:going to|gonna|planning to|want to|would like to|'d like to|will|selling|buying|closing|moving)\b|\bI(?:'ve| have)?\s+(?:decided|made up my mind)\b|(?:^|[.!?]\s+)(?:please\s+)?(?:sell|buy|close|cancel)\s+(?:all\s+|half\s+)?(?:of\s+)?my\b/i;
const BACK_REFERENCE = /^\s*(?:the|that|this)\s+(?:whole\s+|entire\s+|full\s+)?(position|stake|holding|shares|fund|stock)\b/i;
const NAME = /\$?\b[A-Z][A-Za-z&.-]+\b/g;

/** The named position is one the customer said they would trade, not one the agent picked. */
function customersOwnPick(text: string, customer: string): boolean {
  if (!CUSTOMER_INTENT.test(customer)) return false;
  const said = customer.toLowerCase();
  // "To sell the whole position": the definite holding is the one the customer named.
  const back = BACK_REFERENCE.exec(text);
  if (back && said.includes((back[1] as string).toLowerCase())) return true;
  NAME.lastIndex = 0;
  for (let m = NAME.exec(text); m !== null; m = NAME.exec(text)) if (m[0].length > 1 && said.includes(m[0].replace("$", "").toLowerCase())) return true;
  return false;
}

// The thing judged or traded may be named in the sentence or only by the customer ("what do you think of Rivian?").
function aboutInvesting(sentence: string, customer: string): boolean {
  return talksInvesting(sentence) || talksInvesting(customer);
}

/** The construction is advice in its clause (CND-01, MGN-02). */
export function triggerFires(doc: Doc, c: Clause, k: Candidate, marginReply: boolean, customer: string): boolean {
  if (!kindFires(doc, c, k, marginReply, customer)) return false;
  // A verdict on a route, a person or a step is not one on an investment choice; read only for a verdict that would fire.
  return !((k.kind === "judgement" || k.kind === "opinion" || k.kind === "ranking") && PROCESS_JUDGED.test(doc.text.slice(c.start, c.end)));
}

function kindFires(doc: Doc, c: Clause, k: Candidate, marginReply: boolean, customer: string): boolean {
  const t = doc.text;
  const clause = t.slice(c.start, c.end);
  const after = t.slice(k.end, c.end);
  const sp = doc.sentences[k.sentence];
  const sentence = sp ? t.slice(sp.start, sp.end) : clause;
  switch (k.kind) {
    case "rec":
    case "modal":
    case "hedged": {
      // "If I were you I'd delete that text" is personal advice about something other than investing.
      if (PERSONAL_FRAME.test(t.slice(k.start, k.end))) return aboutInvesting(sentence, customer);
      // "I'd personally lean toward spreading it out", "I'd wait until after earnings": a first-person preference or
      // timing on what the customer asked about.
      if (k.kind === "hedged" && (PREFERENCE.test(after) || CAUTION.test(after) || AMOUNT_LIMIT.test(after) || STOP_LEVEL.test(after)) && aboutInvesting(sentence, customer)) return true;
      // "I'd leave them where they are" about the customer's holdings: first-person advice on what they asked about.
      if (k.kind === "hedged" && PRONOUN_OBJECT.test(after.replace(COMPLEMENT_LEAD, "")) && talksInvesting(customer)) return true;
      if (k.kind === "modal" && TRADE_ON_PRONOUN.test(after) && talksInvesting(customer)) return true;
      if (ORDER_ACTION.test(after) && (ORDER_WORD.test(sentence) || ORDER_WORD.test(customer))) return true;
      return complementIsAdvice(after, clause, marginReply);
    }
    case "must":
      return specificObject(after.replace(FIRST_WORD, "")) || !neutralList(doc, k.start);
    case "judgement": {
      const word = t.slice(k.start, k.end + 30);
      if (!marginReply && EASE_WAY.test(t.slice(k.start, k.end + 20))) {
        const lead = EASE_COMPLEMENT.exec(after);
        const complement = lead ? after.slice(lead[0].length) : "";
        // It still ranks a trade named as its subject or complement, or a way to meet a call ("to clear it is to deposit funds").
        return STRONG_ACTION.test(complement) || TRADE_GERUND.test(t.slice(c.start, k.start)) || (MEETS_IT.test(after) && (OPTION_CASH.test(complement) || OPTION_SECURITIES.test(complement)));
      }
      // "The price can be worse than the stop": a price level compared, not a choice judged.
      if (THAN_A_PRICE.test(word)) return false;
      // "Shifts toward a more conservative mix as it nears the year": a change the product makes, not a verdict.
      if (CHANGE_BEFORE.test(t.slice(c.start, k.start))) return false;
      if (NOT_JUDGEMENT.test(word) || (BETTER.test(word) && OR_BETTER.test(t.slice(Math.max(0, k.start - 4), k.start)))) return false;
      if (PREDICTION.test(word)) return SECURITY_OR_MARKET.test(clause) || hasTicker(clause);
      // "Sure thing, smart move given how volatile it's been": a verdict standing alone endorses the plan the customer stated.
      if (VERDICT_FRAGMENT.test(t.slice(c.start, k.start)) && CUSTOMER_INTENT.test(customer) && talksInvesting(customer)) return true;
      // "Usually the best play is to roll them out a month": a superlative whose complement is a trade, on what was asked.
      if (ENDS_IN_TRADE.test(t.slice(k.start, k.end)) && aboutInvesting(sentence, customer)) return true;
      // "A good time to pick up quality names at a discount": a moment judged for a trade.
      if (MOMENT.test(t.slice(k.start, k.end)) && TRADE_AFTER.test(after) && aboutInvesting(sentence, customer)) return true;
      if (INVEST_WORDS.test(clause) || hasTicker(clause) || JUDGED_PRODUCT.test(clause) || ACCOUNT_TYPE.test(clause)) return true;
      // "Apple is a safer bet than Tesla right now": two named companies compared, on what the customer asked about.
      if (COMPARED_NAMES.test(clause) && (BET_WORD.test(clause) || aboutInvesting(sentence, customer))) return true;
      // "they're a bad idea to hold", "the smart play here is to close them": the thing judged is named in the sentence or by the customer.
      if ((JUDGED_BY_PRONOUN.test(t.slice(c.start, k.start)) || ACTION_COMPLEMENT.test(after)) && aboutInvesting(sentence, customer)) return true;
      if (MONEY_ACTION_SUBJECT.test(clause)) return true;
      return (marginReply && DEPOSIT.test(clause)) || (!SPEED.test(word) && OPTION_CASH.test(clause));
    }
    case "opinion": {
      const said = t.slice(k.start, k.end);
      // "The market price of an existing Treasury generally falls": a habit of any such instrument is a mechanism, not a call.
      if (HABITUAL.test(said) && (GENERIC_SUBJECT.test(t.slice(c.start, k.start)) || GENERIC_FRAME.test(sentence))) return false;
      if (IS.test(said) && THERE.test(t.slice(Math.max(0, k.start - 8), k.start))) return false;
      if (VALUATION.test(said)) return true;
      return aboutInvesting(sentence, customer);
    }
    case "ranking":
      // "Otherwise" ranks only as a connective ("…; otherwise, sell"), not as an adverb ("until you hear otherwise").
      if (OTHERWISE.test(word(t, k)) && !CONNECTIVE_SLOT.test(t.slice(Math.max(c.start, k.start - 6), k.start))) return false;
      if (INVEST_WORDS.test(clause) || (marginReply && CASH_OPTION_WORD.test(clause))) return true;
      // "roughly from least to most disruptive", "most people start at the top": an order laid over the list of options.
      if (ORDERING.test(word(t, k)) && neutralList(doc, k.start)) return true;
      return SOCIAL_PROOF.test(word(t, k)) && (OPTION_CASH.test(clause) || OPTION_SECURITIES.test(clause));
    case "named":
      // Most trade verbs name no position or amount; that test is anchored and cheap, so it runs before the scans back.
      if (!specificObject(after)) return false;
      // "Which means you'd buy 100 shares at the strike" explains what happens; it does not name a trade to make.
      // Outside a margin call, "you can also close the position" describes a possibility rather than naming a trade.
      if (GERUND_FACT.test(t.slice(k.start, c.end)) || DEFINES.test(t.slice(c.start, k.start))) return false;
      if (!marginReply && PURPOSE_OR_CASE.test(t.slice(c.start, k.start))) return false;
      if (THING_TRADES.test(t.slice(c.start, k.start))) return false;
      return !customersOwnPick(after.slice(0, 40), customer) && !CONSEQUENCE.test(t.slice(c.start, k.start)) && !ENTITLEMENT.test(t.slice(sp ? sp.start : c.start, k.start)) && !(!marginReply && POSSIBILITY.test(t.slice(c.start, k.start)) && !SUGGESTED.test(after));
    case "covers":
      return marginReply && !customersOwnPick(t.slice(k.start, k.end), customer);
    case "imperative":
      // "First sell the Intel from your positions": the steps of a trade the customer decided on, not a trade chosen for them.
      return !customersOwnPick(t.slice(k.start, c.end), customer);
  }
}

/** Refusals, disclaimers, indirect questions, the customer's own choice and referrals take the construction back: why, or null. */
export function exempt(doc: Doc, c: Clause, k: Candidate): ClearReason | null {
  const clause = doc.text.slice(c.start, c.end);
  const before = doc.text.slice(c.start, k.start);
  const sentence = doc.sentences[k.sentence];
  if (isQuestion(doc, k.sentence) && k.kind !== "named" && !(sentence && LEADING_QUESTION.test(doc.text.slice(sentence.start, sentence.end)))) return "asked";
  if (isRefusal(before)) return "refused";
  if (DISCLAIMER.test(before) || CALLED_ADVICE.test(doc.text.slice(k.end, c.end))) return "disclaimer";
  if (isIndirectQuestion(before)) return "asked";
  if (CUSTOMER_CHOICE.test(before)) return "customerChoice";
  if (EMBEDDED_WH.test(doc.text.slice(c.start, k.end))) return "asked";
  if ((k.kind === "judgement" || k.kind === "opinion") && WH_SUBJECT.test(before)) return "asked";
  return k.kind !== "named" && REFERRAL.test(clause) ? "referral" : null;
}
