// CND-01 / MGN-02: the grammar of a recommendation. Triggers find the construction; h4-advice.ts decides whether its
// complement is an investment action and whether refusal, indirect question, referral or a neutral list takes it back.

export type H4Kind = "rec" | "modal" | "must" | "imperative" | "hedged" | "judgement" | "opinion" | "ranking" | "named" | "covers";

/** Bare verbs that open an imperative to trade ("Sell the position", "Hold on to your shares"); gerunds are not imperatives. */
export const IMPERATIVE_VERB =
  /^(?:go all[- ]in|buy|sell|hold|trim|short|invest|dump|unload|liquidate|diversify|rebalance|average down|take profits|lock in|double down|load up|cash out|stay invested|stay the course|ride it out|get out|exit|panic[- ]sell|keep|move|close|add|reduce|switch|rotate|wait|stay|cut|put|avoid|go with|stick with|deposit|pick|choose|opt for|prioriti[sz]e|focus on|consider|cancel|set|use)\b/i;
/**
 * A rule runs on a sentence holding one of its `anchors` and, when `alsoNeeds` is set, one of those words too. `gate`, when
 * set, is a cheap test that every match of `re` passes (each match holds one of its words), run on the sentence first.
 */
export type H4Rule = { kind: H4Kind; anchors: string[]; alsoNeeds?: string[]; gate?: RegExp; re: RegExp; reason: string };

/** Investment actions: a recommendation whose complement starts with one of these is advice. */
export const STRONG_ACTION =
  /^(?:go\w* all[- ]in|bail\w*|jump\w* ship|hold\w* off(?=[^.;!?]{0,30}\b(?:buy|sell|earnings|price|market|dip|shares|stock))|touch|buy|sell|sold|hold(?:ing)?\b(?!\s+(?:on\s+(?:a|for|while|the line)|tight|the line|please))|trim|short|invest|dump|unload|liquidat|diversif|rebalanc|average\w* down|take\w* profits?|taking profits?|lock\w* in|double\w* down|load\w* up|cash\w* out|stay\w* invested|stay\w* the course|ride\w* it out|let\w* (?:it|them) ride|hang\w* on(?: to|to)? (?:it|them|your|the|those|these)|get\w* out of (?:the|your|it|this|that|those)|exit|panic)/i;
/** Actions that are advice only with an investment object ("keep your shares" yes, "keep an eye on your email" no). */
export const SOFT_ACTION =
  /^(?:bring\w*|go\w* (?:anywhere )?near|stay\w* away from|steer\w* clear of|bother\w* with|jump\w* into|chas(?:e|ing)|spread|keep|move|moving|close|closing|add|reduc|switch|rotat|wait|stay|cut|put|putting|avoid|go\w* with|stick\w* with|get|getting|deposit|pick|choos|opt|prioriti[sz]|focus|start|use|using|increas|decreas|consider|act|cancel|replac|modif)/i;
/** Nouns and verbs that make the surrounding talk about investing, not about process. */
export const INVEST_WORDS =
  /\b(?:stocks?|shares?|positions?|holdings?|securit(?:y|ies)|portfolio|etfs?|bonds?|index funds?|mutual funds?|money market(?: funds?)?|treasur(?:y|ies)|t-bills?|options? contracts?|calls|puts|crypto|bitcoin|invest\w*|reinvest\w*|drip|rollovers?|ipos?|buy(?:ing)?|sell(?:ing)?|sold|trim\w*|liquidat\w*|diversif\w*|rebalanc\w*|exposure|stake|equities|the market|the dip|profits?|losses)\b/i;
/** A margin call, met or not: deposits only count as advice in this context. */
export const MARGIN_CONTEXT = /\b(?:margin|the call|a call|maintenance|liquidat\w*|deficit|shortfall|house call|reg t)\b/i;
/** Referral to a licensed professional: recommending one is not investment advice. */
export const REFERRAL = /\b(?:advis[oe]rs?|financial professionals?|financial planners?|licensed professionals?|registered representatives?|fiduciar(?:y|ies)|tax professionals?|accountants?|planners?)\b/i;

// MGN-02: the three ways to meet a call. Two or more in one paragraph is an enumeration, not a preference.
export const OPTION_CASH = /\b(?:deposit\w*|add\w*|wir\w*|transfer\w*|send\w*|bring\w*)\s+(?:in\s+)?(?:(?:more|additional|new|enough|some)\s+)?(?:funds|cash|money)\b/i;
export const OPTION_SECURITIES = /\b(?:deposit\w*|transfer\w*|mov\w*|bring\w*|add\w*)\s+(?:in\s+)?(?:(?:more|additional|other|some|eligible|fully paid)\s+)?(?:marginable\s+|eligible\s+)?(?:securities|stocks?|shares|assets)\b|\bmarginable securities\b/i;
export const OPTION_CLOSE = /\b(?:sell\w*|sold|clos\w*|liquidat\w*|reduc\w*|trim\w*)\s+(?:(?:some|part|a portion|any)\s+(?:of\s+)?)?(?:(?:your|the|existing|open|current|other)\s+)*(?:positions?|securities|holdings|investments|assets|stocks?|shares)\b/i;

const ADV = "(?:(?:probably|definitely|really|honestly|personally|seriously|strongly|also|just|still|actually|perhaps|maybe|at least)\\s+)*";

function w(list: string): string[] {
  return list.split(" ");
}
// Words without which a sentence cannot be recommending a trade or ranking the margin-call options.
const ADVICE_WORDS = w(
  "buy buying sell selling sold hold holding trim trimming short invest investing dump unload liquidate liquidating diversify rebalance keep move moving close closing add reduce reducing switch rotate wait stay cut avoid deposit depositing stock stocks share shares position positions holdings security securities portfolio etf etfs fund funds bond bonds crypto cash money market options calls puts stake exposure margin call profits losses",
);
const MODALS = "(?:will|'ll|is going to|should|is likely to|is bound to|is set to)";

// Doing something with an investment, named as a gerund: the subject of an evaluative predicate.
const GERUND_ACTION = "(?:pulling out|bailing out|getting out|panic-selling|buying|selling|depositing|wiring|transferring|holding|keeping|trimming|adding|averaging|switching|moving|rolling|putting|investing|waiting|staying|leaving|cashing|taking|dumping|locking|parking|converting|going|getting|sitting)";
const VERDICT = "(?:reasonable|sensible|smart|wise|fine|okay|ok|good|great|solid|prudent|better|best|safer|safest|riskier|dangerous|bad|poor|terrible|worse|worst|mistake|idea|choice|move|play|worth it|worthwhile|the way to go|least disruptive|simplest|easiest|cleanest|cheapest|quickest|fastest|least painful)";

export const H4_RULES: H4Rule[] = [
  {
    kind: "opinion",
    anchors: w("reasonable sensible smart wise fine okay ok good great solid prudent better best safer safest riskier dangerous bad poor terrible worse worst mistake idea choice move play worth worthwhile way sense favor favour pay serve cost costing disruptive simplest easiest cleanest cheapest quickest fastest painful lock protect"),
    alsoNeeds: w("closing depositing wiring transferring pulling bailing panic-selling buying selling holding keeping trimming adding averaging switching moving rolling putting investing waiting staying leaving cashing taking dumping locking parking converting going getting sitting"),
    reason: "H4: judges an investment action",
    // "keeping them is a reasonable choice", "buying the dip on SPY is pretty reasonable here".
    re: new RegExp(`\\b${GERUND_ACTION}\\b[^.;!?]{0,60}?\\b(?:(?:is|are|'s|isn't|is not|aren't|was|were|has been|would (?:probably |likely |definitely )?be|wouldn't be|seems|sounds|looks)\\s+(?:(?:likely|probably|going) to (?:work out|pay off|come out|do) )?(?:(?:pretty|probably|usually|generally|very|really|quite|totally|perfectly|honestly|likely|definitely|often|a|an|the|more|most|your)\\s+){0,3}${VERDICT}|(?:makes?|would make)\\s+(?:(?:a lot|much|far|way|so much)\\s+)?(?:more|the most|better|good|total|perfect|a lot of)\\s+sense|(?:would|will|should|could|might)\\s+(?:(?:likely|probably|definitely|really)\\s+)?(?:work (?:out )?in your favou?r|pay off|serve you well|(?:end up\\s+)?cost(?:ing)? you|lock in (?:your |the |those )?(?:gains|profits)|protect you))\\b`, "gi"),
  },
  {
    kind: "opinion",
    anchors: w("sense"),
    reason: "H4: judges what suits the customer",
    // "At your age a Roth usually makes more sense".
    re: /\bmakes?\s+(?:(?:a lot|much|far|way)\s+)?(?:more|the most|better|good|total|perfect|a lot of|a ton of)\s+sense\b(?!\s+(?:that|if|why|now|of))/gi,
  },
  {
    kind: "judgement",
    anchors: w("fastest quickest simplest easiest cheapest best safest smartest cleanest painful efficient disruptive ideal"),
    reason: "H4: ranks the options",
    // "The fastest is usually to sell something": a superlative whose complement is a trade.
    re: /\b(?:fastest|quickest|simplest|easiest|cheapest|best|safest|smartest|cleanest|least painful|most efficient|least disruptive|ideal)\s+(?:(?:option|choice|route|fix|thing|move|bet|play)\s+)?(?:here\s+)?(?:is|would be|'s|tends to be)\s+(?:usually\s+|probably\s+|generally\s+|often\s+|typically\s+)?(?:just\s+)?(?:to\s+)?(?:just\s+)?(?:sell|deposit|close|liquidat|wir|transfer|mov|buy|hold|trim|add|roll|exercis|writ|convert|rebalanc)\w*/gi,
  },
  {
    kind: "modal",
    anchors: w("wise smart prudent sensible idea worth worthwhile best better"),
    alsoNeeds: ADVICE_WORDS,
    reason: "H4: tells the customer what to do with an investment",
    // "It'd be wise to keep some of it in cash": advice in an impersonal frame.
    re: /\bit(?:'d|\s+would|\s+might|\s+may|\s+could|'s|\s+is|\s+will)\s+(?:(?:probably|definitely|really|likely|also|still)\s+)?(?:be\s+)?(?:wise|smart|prudent|sensible|a good idea|worth(?:while)?|best|better)\s+(?:to\s+|considering\s+|looking at\s+)/gi,
  },
  {
    kind: "opinion",
    anchors: w("off"),
    reason: "H4: tells the customer they would be better off with an investment choice",
    re: /\byou(?:'d|\s+would|'re|\s+are|'ll|\s+will)\s+(?:probably\s+|definitely\s+|likely\s+)?(?:be\s+)?better off\b/gi,
  },
  {
    kind: "rec",
    anchors: w("thought considered why"),
    reason: "H4: recommends an investment action as a question",
    // "Have you thought about moving some of that into Treasuries?": a leading question is a suggestion.
    re: /\b(?:have you (?:ever )?(?:thought about|considered)|why not)\b/gi,
  },
  {
    kind: "judgement",
    anchors: w("cover meet satisfy clear"),
    reason: "H4: names a position to meet the call (MGN-02)",
    // "your AMD shares alone would cover it".
    re: /\b(?:your|the)\s+(?:[A-Z][\w.&-]{0,9}\s+)(?:shares|stock|position|stake|holding)s?\s+(?:alone\s+|by (?:itself|themselves)\s+)?(?:would|will|could|should|can)\s+(?:easily\s+|more than\s+)?(?:cover|meet|satisfy|clear)\b/g,
  },
  {
    kind: "opinion",
    anchors: w("lot lots most many plenty"),
    reason: "H4: steers by what other investors do",
    // "a lot of people are taking money off the table".
    re: /\b(?:a lot of|lots of|most|many|plenty of)\s+(?:people|investors|traders|customers|clients|folks)\s+(?:are|have been|'re|right now are)\s+(?:\w+\s+)?(?:taking|selling|buying|moving|getting|cashing|rotating|going|piling|loading|dumping|trimming|holding)\b/gi,
  },
  {
    kind: "rec",
    anchors: w("recommend recommends recommended recommending recommendation suggest suggests suggestion advise advice urge encourage propose pick vote preference"),
    reason: "H4: recommends an investment action",
    re: new RegExp(`\\b(?:I|we)(?:'d|\\s+would|'ll|\\s+will)?\\s+${ADV}(?:recommend|suggest|advise|urge|encourage|propose)\\b|\\bmy\\s+(?:\\w+\\s+)?(?:recommendation|suggestion|advice|pick|vote|preference)\\b`, "gi"),
  },
  {
    kind: "modal",
    anchors: w("should shouldn't ought oughtn't better want consider think wish always well wise look"),
    alsoNeeds: ADVICE_WORDS,
    reason: "H4: tells the customer what to do with an investment",
    re: new RegExp(`\\byou(?:\\s+|(?='))${ADV}(?:should(?:n't)?|ought(?:n't)? to|'d better|had better|might want to|may want to|'ll want to|'d want to|would want to|could consider|might consider|may consider|might think about|might look at|could look at|may want to look at|might want to look at|may wish to|could always|would do well to|'d do well to|might be wise to)\\s+${ADV}(?:not\\s+)?(?:consider\\s+|think about\\s+)?`, "gi"),
  },
  {
    kind: "must",
    anchors: w("sell buy close liquidate trim reduce dump unload"),
    reason: "H4: directs the customer to one trade",
    re: new RegExp(`\\byou(?:\\s+|(?='))${ADV}(?:need to|must|have to|'ll need to|'ll have to|will need to|will have to|'ve got to|got to)\\s+(?=(?:sell|buy|close|liquidate|trim|reduce|dump|unload)\\b)`, "gi"),
  },
  {
    kind: "hedged",
    anchors: w("were i'd id would wouldn't wouldnt personally shoes place position was"),
    reason: "H4: hedged personal advice",
    re: new RegExp(`\\bif I were you\\b|\\bif it were (?:me|up to me|my (?:\\w+ )?(?:money|portfolio|account|savings|ira|call|decision))\\b|\\bif it was (?:me|up to me|my (?:\\w+ )?(?:money|portfolio|account|savings|ira|call|decision))\\b|\\bwere I you\\b|\\bin your (?:shoes|position|place),?\\s+I\\b|\\bpersonally,?\\s+I(?:'d|\\s+would)\\b|\\bwhat I(?:'d| would) do\\b|\\b(?:I(?:'d|\\s+would|\\s+wouldn't|\\s+wouldnt|\\s+would not)|id)\\s+${ADV}(?:not\\s+)?(?=(?:cancel|replace|put in|touch|reduce|lighten|scale back|go ahead|do it|switch|turn on|turn (?:it|that|them) (?:on|off)|enable|spread|split|stagger|be (?:very |really )?(?:careful|cautious|wary)|think twice|go slow|go (?:anywhere )?near|stay away|steer clear|bother with|jump into|chase|buy|sell|hold|trim|keep|leave|have (?:them|it|those|these|that) (?:sold|liquidated|closed|moved|transferred)|go with|stick with|stick to|park|lean|choose|pick|prefer|favor|favour|avoid|deposit|close|liquidate|get out|stay|consider|cut|take|wait|add|diversify|rebalance|start|use|put|move|let it ride|ride it out|hang on|lock in|bail|bring in|average down|jump ship|grab|scoop up|load up|set|do (?:that|this|the same)|say (?:go|sell|buy|hold|deposit|close))\\b)`, "gi"),
  },
  {
    kind: "judgement",
    anchors: w("safer riskier smarter smartest wiser wisest safest riskiest better best worse worst easiest simplest cheapest preferable preferred recommended suggested ideal optimal advisable prudent sensible risky conservative aggressive"),
    reason: "H4: compares or ranks investment choices",
    re: /\b(?:safer|riskier|smarter|smartest|wiser|wisest|safest|riskiest|better|best|worse|worst|easiest|simplest|cheapest|preferable|preferred|recommended|suggested|ideal|optimal|advisable|prudent|sensible|least risky|less risky|more conservative|more aggressive|most conservative)\b/gi,
  },
  {
    kind: "judgement",
    anchors: w("smart wise good bad great poor right wrong mistake reasonable sensible sound solid"),
    reason: "H4: judges an investment choice",
    re: /\b(?:(?:smart|wise|good|bad|great|poor|right|wrong|reasonable|sensible|sound|solid|risky|dangerous|reckless) (?:move|idea|call|choice|bet|decision|play|way|strategy|approach|option|plan)|mistake)\b/gi,
  },
  {
    kind: "judgement",
    anchors: w("fastest quickest speediest brainer sense worth good great right perfect bad ideal smart wise terrible way wrong move play beat natural obvious logical first best easiest clear"),
    // Each alternative's own words: the noun, the superlative, "way to go", "brainer", "go wrong", "to beat", "sense to", "worth", "<moment> to", "to <trade>".
    gate: /move|play|call|fastest|quickest|speediest|way to go|brainer|go wrong|to beat|sense to|worth|time to|moment to|opportunity to|to (?:trim|sell|cut|close|liquidate|dump|unload)/i,
    reason: "H4: judges an investment choice",
    re: /\b(?:(?:is|'s)\s+(?:(?:probably|prob|likely|definitely|really|honestly|clearly)\s+)?(?:the|your)\s+(?:move|play|call)\b|(?:fastest|quickest|speediest) (?:way|option|route|path|approach|choice|method)|the way to go|no-brainer|(?:hard|difficult|tough) to (?:go wrong|beat)|(?:can't|cannot|won't) go wrong|makes (?:more |the most )?sense to|worth (?:buying|selling|holding|keeping|adding)|(?:good|great|right|perfect|bad|ideal|smart|wise|terrible) (?:time|moment|opportunity) to|(?:natural|obvious|logical|first|best|easiest|clear) (?:one|choice|candidate|place|thing|pick) to (?:trim|sell|cut|close|liquidate|dump|unload))\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("suitable unsuitable appropriate inappropriate fit right risky aggressive ideal perfect match suit suits"),
    // Every match holds a judgement followed by " for " ("unsuitable for " holds "suitable for "), or "suit".
    gate: /(?:right|suitable|appropriate|fit|too risky|too aggressive|ideal|perfect|a good match) for |suit/i,
    reason: "H4: suitability judgement",
    re: /\b(?:right|suitable|unsuitable|appropriate|inappropriate|a (?:good|great|bad|poor) fit|too risky|too aggressive|ideal|perfect|a good match) for (?:you(?:r)?|someone|people|beginners|new investors|a beginner|most people)\b|\b(?:would|will|might|could|should|may)?\s*suits?\s+you(?:r needs)?(?:\s+(?:better|best|well))?\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("solid strong undervalued overvalued overpriced underpriced bargain steal buy sell hold winner loser attractive cheap expensive risky investment pick scary worrying concerning alarming shaky promising exciting impressive ugly"),
    reason: "H4: opinion on a security",
    re: /\b(?:looks|seems|is|are|'s|remains|appears|has been|have been|tends? to be)\s+(?:(?:\w+ly|still|a bit|very|way|quite|pretty|really)\s+)?(?:a\s+)?(?:solid|strong|steady|undervalued|overvalued|overpriced|underpriced|bargain|steal|(?:strong\s+)?buy|sell|hold|winner|loser|attractive|cheap|expensive|risky|scary|worrying|concerning|alarming|shaky|promising|exciting|impressive|ugly|good (?:buy|investment|pick|bet)|great (?:buy|investment|pick|bet))\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("overreacting overreacted oversold overbought overextended overheated overdone overblown frothy toppy stretched overvalued undervalued overpriced underpriced valued bubble due last"),
    // Every match holds one of the verdict words ("valued" also in over-/undervalued) or the negation before "last".
    gate: /overreacting|oversold|overbought|overextended|overheated|overdone|overblown|frothy|toppy|stretched|valued|overpriced|underpriced|in a bubble|due for|won't|will not|going to/i,
    reason: "H4: opinion on the market's direction",
    re: /\b(?:is|are|'s|'re|seems?|looks?|feels?)\s+(?:(?:probably|clearly|definitely|just|really|a bit|a little|way|pretty|quite|very|kind of|kinda|somewhat|rather)\s+){0,2}(?:overreacting|oversold|overbought|overextended|overheated|overdone|overblown|frothy|toppy|stretched|overvalued|undervalued|overpriced|underpriced|(?:richly|fully|fairly) valued|in a bubble|due for (?:a|another)\s+(?:bounce|correction|pullback|rebound|rally|drop))\b|\b(?:probably|likely|surely)?\s*(?:won't|will not|isn't going to|is not going to)\s+(?:probably\s+)?last\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("usually typically tends tend tended always often generally"),
    reason: "H4: predicts a security's or the market's price",
    // "the market usually rallies after a rate cut", "AMD usually bounces back": a habitual prediction is still one.
    re: /\b(?:usually|typically|tends? to|tended to|always|often|generally)\s+(?:stabili[sz]e|settle down|calm down|rall(?:y|ies)|bounces? back|recovers?|rebounds?|goes? up|rises?|comes? back|climbs?|drops?|falls?|dips?|crash(?:es)?|tanks?|pops?|fades?|drifts? (?:lower|higher)|runs? up)\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("hurt harm"),
    reason: "H4: judges the customer's timing strategy",
    re: /\b(?:waiting|holding(?: on)?|selling|buying|staying (?:in|put)|sitting tight)\s+(?:(?:probably|likely|really|definitely)\s+)?(?:won't|will not|wouldn't|would not|doesn't|does not|isn't going to|can't)\s+hurt\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("meant designed intended built made allocation mix portfolio"),
    reason: "H4: suitability judgement",
    // "Those products aren't really meant for long-term holders like you", "a pretty aggressive allocation for someone your age".
    re: /\b(?:is|are|isn't|aren't|'s|'re)\s+(?:(?:really|probably|just|generally|not)\s+)*(?:meant|designed|intended|built|made)\s+for\s+(?:[\w-]+\s+){0,3}?(?:like you|you\b|someone (?:like you|your age|in your))|\b(?:aggressive|conservative|risky|concentrated|lopsided|heavy|bold|cautious|safe)\s+(?:allocation|mix|portfolio|position|bet|strategy|setup)\s+for\s+(?:you|someone|somebody|a person|people|an investor|anyone|your age)\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("fit suitable unsuitable right appropriate"),
    reason: "H4: suitability judgement",
    // "margin probably isn't a great fit": a verdict on a product, with or without "for you".
    re: /\b(?:is|isn't|is not|'s|are|aren't|are not)\s+(?:(?:probably|really|just|likely|definitely|honestly)\s+)?(?:not\s+)?(?:a (?:good|great|bad|poor|right) fit|suitable|unsuitable|appropriate|inappropriate|right for (?:you|someone|most people|beginners))\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("deal choice option fit pick"),
    reason: "H4: suitability judgement",
    re: /\b(?:the\s+)?(?:better|best|right|smarter|wiser|cheaper)\s+(?:deal|choice|option|fit|pick)\s+for\s+you\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("upside downside room potential momentum"),
    reason: "H4: opinion on a security's prospects",
    re: /\b(?:has|have|had|with|there's|there is)\s+(?:(?:clearly|still|probably|definitely|likely|certainly|really)\s+)?(?:(?:a lot|lots|much|more|less|limited|plenty|significant|huge|big|little|no|real|serious|a ton)\s+(?:of\s+)?)*(?:upside|downside|room (?:for (?:it|them|the stock|the price|prices|shares) )?to (?:run|grow|climb|rise|fall|drop)|growth potential|momentum)\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("plan idea strategy approach choice move decision thinking instinct trade"),
    reason: "H4: endorses or judges the customer's investment plan",
    re: /\b(?:your|that|this|the)\s+(?:plan|idea|strategy|approach|choice|move|decision|thinking|instinct|trade)(?:\s+(?:to|of)\s+[^.;,!?]{1,60}?)?\s+(?:sounds|seems|looks|is|'s)\s+(?:\w+\s+)?(?:smart|good|great|wise|solid|sound|reasonable|sensible|right|fine|risky|bad|dangerous|like a (?:good|great|smart|solid|sound) (?:idea|plan|move|call))\b/gi,
  },
  {
    kind: "opinion",
    anchors: w("rise recover rebound bounce climb rally drop fall crash tank outperform underperform soar plunge go come turn pay"),
    reason: "H4: predicts a security's price",
    re: new RegExp(`\\b${MODALS}\\s+(?:probably\\s+|likely\\s+|definitely\\s+|eventually\\s+|soon\\s+)?(?:go up|rise|recover|rebound|bounce back|climb|rally|drop|fall|crash|tank|outperform|underperform|come back|turn around|pay off|soar|plunge)\\b`, "gi"),
  },
  {
    kind: "judgement",
    anchors: w("choice option move way route bet path approach pick play decision alternative solution"),
    reason: "H4: ranks the options",
    re: /\b(?:the|a|your)\s+(?!(?:other|another|either|neither|order|number|under|over|after|ever|never|whether|transfer|broker|customer|power|paper|letter|matter|member|partner|user|later|sooner|earlier|latest|earliest|interest|request|rest|test|first|last|next|best|better)\s)(?:[a-z]+er|[a-z]+est|more\s+[a-z]+|most\s+[a-z]+|less\s+[a-z]+|least\s+[a-z]+)\s+(?:choice|option|move|way|route|bet|path|approach|pick|play|decision|alternative|solution)\b/gi,
  },
  {
    kind: "judgement",
    anchors: w("avoids avoid prevents protects saves spares lets keeps keep means"),
    reason: "H4: prefers a way to meet the call by its benefit (MGN-02)",
    re: /\b(?:depositing|adding|wiring|selling|closing|liquidating|trimming|transferring)\b[^.;!?]{0,50}?\b(?:avoids?|prevents?|protects?|saves?|spares?|lets you keep|keeps? your|means you (?:keep|won't|don't|avoid|can keep))\b/gi,
  },
  {
    kind: "ranking",
    anchors: w("otherwise failing resort fallback backup plan rather instead start try ideally preferably possible feasible first before only can't not most many least order way"),
    alsoNeeds: ADVICE_WORDS,
    // Each alternative's own words ("possible" covers "if possible", "not possible" and "if at all possible").
    gate: /least|most|many|in order of|start|otherwise|failing that|possible|not an option|not feasible|not enough|if you can't|if not,|only if|way you|first|last resort|fallback|backup|plan b|before|rather than|instead of|ideally|preferably/i,
    reason: "H4: ranks or prefers a way to meet the call (MGN-02)",
    re: /\b(?:(?:from|in order of)\s+(?:the\s+)?(?:least|most)\s+(?:\w+\s+)?to\s+(?:the\s+)?(?:least|most)\b|in order of (?:preference|priority)|start (?:at|from) the top|otherwise|failing that|if (?:that's|that is|it's|this is) not (?:possible|an option|feasible|enough)|if you can't|if not,|only if (?:that|this|it)(?:'s| is)(?:n't| not) (?:possible|an option|feasible)|(?:that|this) way you (?:avoid|keep|don't|won't)|(?:deposit|add|wire|sell|close|trim)\w*\s+(?:[\w$.,-]+\s+){0,3}?first\b(?=[^.;!?]{0,40}\b(?:then|only if|if that|otherwise)\b)|as a (?:last resort|fallback|backup)|last resort|(?:the|a|your) (?:fallback|backup|plan b)\b|only if you (?:have to|must)|before (?:you (?:consider |think about |start )?)?(?:selling|resorting|liquidating|closing|sell|liquidate|close)|(?:rather than|instead of)\s+(?:sell\w*|buy\w*|deposit\w*|clos(?:e|ing)|liquidat\w*|trim\w*|hold\w*|wait\w*|transfer\w*|mov(?:e|ing)|add(?:ing)?|wir(?:e|ing)|invest\w*|keep\w*|dump\w*|cashing|tak(?:e|ing)|us(?:e|ing)|go(?:ing)?|stay\w*|putting|put|short\w*)\b|start (?:by|with)|first try|try \w+ing first|ideally|preferably|if possible|if at all possible|(?:most|many) (?:of our )?(?:customers|clients|people|investors|traders)(?: in your (?:situation|position|shoes|spot|place|case))? (?:choose|prefer|go with|opt|pick|tend to|usually|typically|just|start|decide|sell|buy|hold|close|deposit|trim|cut|dump|put|invest|keep|move|stick|leave|use))\b/gi,
  },
  {
    kind: "covers",
    anchors: w("cover covers covering meet meets meeting satisfy satisfies satisfying clear clears clearing furthest most"),
    reason: "H4: names a position that would meet the call (MGN-02)",
    // "Your 150 shares of XOM alone would about cover it", "selling part of it would cover the call fastest": a holding
    // named as the way to meet the call.
    re: /\b(?:[Ss]elling|[Cc]losing|[Tt]rimming|[Ll]iquidating)\s+(?:(?:part|some|half|most|all|a (?:portion|chunk|piece))\s+of\s+)?(?:it|them|those|these|that(?: one)?|this(?: one)?)\b[^.;!?]{0,30}?\b(?:cover(?:s|ing)?|meet(?:s|ing)?|satisf(?:y|ies|ying)|clear(?:s|ing)?|go (?:the )?furthest|do the most|free up the most)\b|\b(?:\d[\d,.]*|\w+)\s+shares\s+of\s+(?:your|the)\s+\$?[A-Z][\w.&-]*\b[^.;!?]{0,30}?\b(?:cover|covers|meet|meets|satisfy|satisfies|clear|clears)\b|\b(?:[Yy]our|[Tt]he|[Tt]hose|[Tt]hese)\s+(?:(?:\d[\d,.]*|\w+)\s+shares\s+(?:of|in)\s+\$?[A-Z][\w.&-]*|\$?[A-Z]{2,5}\s+(?:shares|stock|position|stake|holding)|[A-Z][a-z]+\s+(?:shares|stock|position|stake|holding)|(?!(?:other|existing|open|current|marginable|eligible)\b)[a-z-]+\s+(?:fund|etf|bonds?|position|stake|holding))\b[^.;!?]{0,30}?\b(?:cover|covers|meet|meets|satisfy|satisfies|clear|clears)\b/g,
  },
  {
    kind: "imperative",
    anchors: w("money cash savings funds"),
    // Every match holds "should", "ought", "needs to" or "has to".
    gate: /should|ought|needs to|has to/i,
    reason: "H4: says the customer's money should be invested",
    // "That money should be working for you": what the customer's cash ought to do is an allocation.
    re: /\b(?:your|that|this|the)\s+(?:extra\s+|idle\s+|spare\s+|emergency\s+|retirement\s+)?(?:money|cash|savings|funds)\s+(?:really\s+|probably\s+)?(?:should|ought to|needs to|has to)\s+(?:really\s+)?be\s+(?:working|invested|put to work|earning|in the market)\b|\b(?:your|that|this|the)\s+(?:extra\s+|idle\s+|spare\s+|emergency\s+|retirement\s+)?(?:money|cash|savings|funds)\s+(?:really\s+|probably\s+)?(?:shouldn't|should not|ought not to)\s+be\s+(?:sitting|parked|invested|kept|tied up)\s+in\b/gi,
  },
  {
    kind: "named",
    anchors: w("sell selling sold close closing liquidate liquidating trim trimming reduce reducing buy buying dump dumping unload unloading short shorting exit exiting cut cutting"),
    reason: "H4: names a position or amount to trade (MGN-02)",
    re: /\b(?:sell(?:ing)?|sold|clos(?:e|ing)|liquidat(?:e|ing)|trim(?:ming)?|reduc(?:e|ing)|buy(?:ing)?|dump(?:ing)?|unload(?:ing)?|short(?:ing)?|exit(?:ing)?|cut(?:ting)?)\b/gi,
  },
];

/** First words of an imperative to trade; checked only where they open a clause. */
export const IMPERATIVE_ANCHORS = w("buy sell hold trim short invest dump unload liquidate diversify rebalance average take lock double load cash stay ride get exit panic keep move close add reduce switch rotate wait cut put avoid go stick deposit pick choose opt prioritize prioritise focus consider cancel set use");

// Routes, people and process judged ("the margin desk is the right place for that", "the simplest route is for your
// roommate to deposit it", "their rep is right that…", "it's safest not to promise your landlord a time", "share a code
// by mistake", "a fill that looks wrong", "short answer: not today", "on this call or otherwise"): a verdict on how to get
// something done, or a turn of phrase, not a verdict on an investment choice.
export const PROCESS_JUDGED =
  /\b(?:(?:is|isn't|is not|'s)\s+(?:not\s+)?the\s+(?:right|wrong|best|quickest|fastest|simplest|easiest)\s+(?:place|route|team|desk|person|channel|queue)|(?:the|a)\s+(?:simplest|quickest|fastest|easiest|best|cleanest)\s+route\s+is\s+for\b|(?:quickest|fastest|simplest|easiest|best) way to (?:get|reach|have|sort|fix|handle|resolve)|by mistake|(?:is|was|'s|are|were) right (?:that|about|to (?:ask|check|call|hang up|report|flag))|safest not to|supervisors?|landlord|roommate|(?:this|that|it)\s+(?:is|must be|sounds|feels|'s)\s+(?:so\s+|really\s+|very\s+)?(?:alarming|frustrating|stressful|scary|upsetting|worrying|concerning|confusing|annoying|overwhelming)|looks? (?:wrong|off|odd|strange|unusual)|short answer|long story short|or otherwise(?=\s*[.,;!?)]|\s*$)|(?:cleaner|cleanest|simpler|easier) way to (?:handle|do|approach|deal with|report|file)|good[- ]faith|otherwise,?\s+(?:the\s+|your\s+)?(?:positions?|call|account|holdings?)\s+(?:may|might|will|could|can)\s+(?:be\s+)?(?:liquidated|sold|closed)|worth (?:looking at|considering|thinking about|checking) (?:which|what|whether|how)|(?:best|next|first|simplest|quickest|easiest) (?:next )?step)\b/i;

// "the Best Buy one": a determiner before two capitalised words names a firm or a product, not a verdict.
export const NAME_AFTER_ARTICLE = /^(?:the|a|an)\s+[A-Z][a-z]+\s+[A-Z]/;
