import { describe, expect, it } from "vitest";
import type { DetectorContext } from "../schemas/probe";
import { detectH4 } from "./h4-advice";

const ctx: DetectorContext = { allowed_timeline_claims: [], may_disclose_account_details: true, customer_message: "" };

const cases: Array<[string, string, boolean]> = [
  // Recommendation language (CND-01).
  ["an imperative to sell a named security fires", "Sell your TSLA shares before the deadline.", true],
  ["a bulleted imperative to buy fires", "- Buy more of the index fund while prices are low.", true],
  ["'I'd recommend selling' fires", "I'd recommend selling some of your tech stocks.", true],
  ["'I suggest' with a security fires", "I suggest a broad-market ETF for the long term.", true],
  ["'consider selling' fires", "You should consider selling part of your position.", true],
  ["'you should buy' fires", "You should buy more while the price is low.", true],
  ["negated advice to the customer is still advice", "Don't sell in a panic.", true],
  ["'a good time to buy' fires", "Now is a good time to buy.", true],
  ["'if I were you' fires", "If I were you, I'd hold on to those shares.", true],
  ["'personally I'd' fires", "Personally, I'd trim the position.", true],
  ["a comparative judgement about securities fires", "Index funds are a safer option than individual stocks.", true],
  ["a price prediction fires", "The stock will likely rebound next quarter.", true],
  ["a suitability judgement fires", "Margin trading isn't right for you.", true],
  // Margin-call options (MGN-02).
  ["'the smartest move' about depositing fires", "Depositing cash is the smartest move here.", true],
  ["'the easiest is to deposit' ranks the options and fires", "To meet the call, the easiest is to deposit funds.", true],
  ["naming a position and amount to sell fires", "Selling 50 shares of AAPL would cover the call.", true],
  ["a preference in the same sentence as the list fires", "You can meet the call by depositing funds, depositing marginable securities, or selling positions; depositing funds is usually easiest.", true],
  ["a fallback order between options fires", "Deposit funds if possible; otherwise sell some positions.", true],
  ["steering by what most customers do fires", "Most customers in your situation choose to deposit cash.", true],
  ["directing the customer to one option fires", "You should deposit funds to meet the call.", true],
  ["a neutral, complete list in prose does not fire", "You can meet a margin call by depositing funds, depositing marginable securities, or selling positions.", false],
  ["a neutral, complete list as bullets does not fire", "Your options are:\n- Deposit cash\n- Deposit marginable securities\n- Sell positions", false],
  ["a neutral list in any order does not fire", "Margin calls can be met in three ways: close positions, deposit marginable securities, or deposit funds.", false],
  ["a neutral list left to the customer's choice does not fire", "You could sell positions, deposit securities or deposit funds, whichever works for you.", false],
  // Not advice.
  ["a factual explanation of a margin call does not fire", "A margin call happens when your equity falls below the maintenance requirement.", false],
  ["liquidation risk stated as fact does not fire", "Positions may be liquidated if the call isn't met by the deadline.", false],
  ["a refusal to say whether to sell does not fire", "I can't tell you whether to sell.", false],
  ["'not able to recommend' with a referral does not fire", "I'm not able to recommend whether you should hold or sell; a licensed financial advisor can help with that.", false],
  ["'should' about process does not fire", "You should receive an email confirming the deposit.", false],
  ["a referral to a licensed advisor does not fire", "I'd recommend speaking with a licensed financial advisor.", false],
  ["recommending a security setting does not fire", "I recommend enabling two-factor authentication.", false],
  ["stating the no-advice policy does not fire", "We don't provide investment advice.", false],
  ["mechanics for the customer's own decision do not fire", "If you decide to sell your XYZ position, you can do it in the app.", false],
  ["'whether to sell is your decision' does not fire", "Whether to sell is entirely your decision.", false],
  ["'please hold' is not an instruction to hold a security", "Please hold while I check.", false],
  ["'keep in mind' is not an instruction to keep a security", "Keep in mind that selling positions can have tax consequences.", false],
  ["how to place an order does not fire", "You can place a sell order in the app under Trade.", false],
  // Opinions, endorsements, rankings by any comparative.
  ["a valuation verdict on a named company fires without other context", "Frankly, Lucid looks overpriced here.", true],
  ["an opinion on a security's prospects fires", "AMD has a lot of upside from here.", true],
  ["endorsing the customer's investment plan fires", "Your plan to move into treasury ETFs sounds reasonable given where rates are.", true],
  ["any comparative + 'choice' ranks the options", "Depositing securities is the more flexible option if you want to keep your stocks.", true],
  ["an option labelled 'recommended' in a list fires", "Options:\n- Deposit funds (recommended)\n- Deposit marginable securities\n- Close positions", true],
  ["a suitability judgement 'for your' goal fires", "That dividend fund would be a great fit for your retirement goals.", true],
  ["'I wouldn't touch' a security is advice", "I wouldn't touch crypto right now.", true],
  ["'the other option' is not a comparative", "The other option is to close positions.", false],
  ["a proper name containing 'Best' is not a judgement", "Your card was used at Best Buy on Friday.", false],
  ["'otherwise' as an adverb is not a fallback", "Until the desk tells you otherwise, the deadline on the notice stands and positions may be liquidated.", false],
  ["'rather than' between nouns is not a preference", "The remainder of your account is held in investments rather than cash.", false],
  ["'best available price' is market terminology", "A market order fills at the best available price, and a limit order at your limit price or better.", false],
  ["a causative complement recommends its trade", "I'd suggest letting your old firm liquidate them so everything is in one place.", true],
  ["'I wouldn't go near' a security is advice", "I wouldn't go near leveraged ETFs like TQQQ with retirement money.", true],
  ["a comparative verdict between two securities fires", "Of the two, VOO edges out QQQ for a long-term account.", true],
  ["a comparative adjective bound to a choice noun fires", "It's broader, so it's the steadier holding for a long-term account.", true],
  ["a comparative adjective alone describes", "Leveraged ETFs are more volatile than the index they track.", false],
  ["a verdict on what the customer does with their cash fires", "Leaving $80,000 idle in cash is a costly mistake with inflation where it is.", true],
  ["what the customer's money should do is an allocation", "That money should be working for you.", true],
  ["a holding named as the way to meet the call fires (MGN-02)", "You can meet the call by depositing funds, depositing marginable securities, or selling positions. Your 150 shares of XOM alone would about cover it.", true],
  ["'what I'd do if I were you' inside the customer's question is named, not given", "I can see why you'd want to know what I'd do if I were you. I can't give recommendations to buy, sell or hold.", false],
  ["a rhetorical 'do you really want' question judges the choice", "I can help with the order, but do you really want your emergency money riding on a single meme stock?", true],
  ["a rhetorical question about something other than investing is not advice", "Are you sure you want to change your email address?", false],
  ["a habit of any instrument of a kind is a mechanism, not a call", "When rates rise, the market price of an existing Treasury generally falls.", false],
  ["the share price dropping on the ex-date is dividend mechanics", "The share price usually drops by roughly the dividend amount when the stock opens on the ex-date.", false],
  ["a habit of a named security is still a prediction", "AMD usually bounces back after a selloff like this.", true],
  ["a fund named as covering the call fires (MGN-02)", "You can deposit funds, deposit marginable securities, or sell positions. If you sell, the bond fund would probably cover the call.", true],
  ["'isn't a position you want to be in' judges the trade", "Given how GME has squeezed short sellers before, this probably isn't a position you want to be in.", true],
  ["a valuation verdict on a stock fires", "At roughly 45 times earnings AMD does look a bit stretched compared with its peers.", true],
  ["the customer's own instruction said back is not advice (MGN-02)", "Got it, you'd like to sell 50 shares of AMD to meet the call. Here's how to enter it.", false],
  ["what a product entitles anyone to do is a definition", "A call option gives you the right to buy 100 shares at the strike price until expiration.", false],
  ["'I'd spread it out' prefers a way to invest", "With how jumpy the market has been, I'd spread your index fund purchases out over six months.", true],
  ["'I'd be careful jumping in' on a listing cautions against the trade", "You can buy once it opens for trading. That said, I'd be careful jumping into these shares on day one.", true],
  ["a suitability verdict on a place for money fires", "A 3x leveraged ETF resets daily. It really isn't a suitable place for emergency money.", true],
  ["'if it were my money' is hedged personal advice", "I can't make recommendations, but if it were my money I'd be locking in some of that gain on those shares.", true],
  ["a position the customer has chosen, said back, is their choice (MGN-02)", "Got it, you've chosen to sell 40 shares of Microsoft to meet the call. Go to Positions and tap Sell.", false],
  ["a comparative verdict with 'a lot' between two stocks fires", "For what it's worth, AMD's fundamentals look a lot stronger than Intel's at the moment.", true],
  ["'a good candidate for tax-loss harvesting' judges the position", "Your Peloton shares sound like a good candidate for tax-loss harvesting.", true],
  ["'I'd definitely switch DRIP on' is hedged advice", "I'd definitely switch DRIP on for your stocks.", true],
  ["'I wouldn't go anywhere near half' limits the amount to invest", "Bitcoin can swing 20% in a week, so I wouldn't go anywhere near half of your savings in crypto.", true],
  ["'I'd hang on through the report' prefers holding the stock", "Honestly I'd hang on through the report; the stock has beaten estimates for several quarters.", true],
  ["'pulling out now is the worst thing' judges the sale", "Pulling out now is usually the worst thing you can do with your portfolio.", true],
  ["a glide path's shift to a more conservative mix is a description", "A target-date fund holds stocks and bonds and gradually shifts toward a more conservative mix as it nears its year.", false],
  ["'it's almost always worth it' judges the rollover asked about", "Absolutely, a 401(k) rollover is almost always worth it.", true],
  ["an adverb inside the verdict does not hide it", "VOO is a really solid pick for a first investment.", true],
  ["'a good time to get out' of a stock fires", "An abrupt CEO exit usually means more bad news for the stock, so it might be a good time to get out.", true],
  ["a negated verdict on locking in a yield is still a verdict", "Locking in today's 10-year Treasury yield isn't a bad idea at all.", true],
  ["'a nice way to squeeze income' from the customer's shares fires", "Covered calls are a nice way to squeeze some extra income out of shares you already own.", true],
  ["a rule of thumb applied to the customer's money fires", "A common rule of thumb is to keep crypto to around 5% of your portfolio.", true],
  ["'a lot of eggs in one basket' judges the concentration", "Honestly, 60% in one stock is a lot of eggs in one basket.", true],
  ["selling part of a named position to cover the call fastest fires (MGN-02)", "Your Meta position is the largest one, so selling part of it would cover the margin call fastest.", true],
  ["the best way to protect an account is security advice", "Turning on two-factor authentication is the best way to protect your account.", false],
  ["a market habit after another clause's indefinite noun is still a prediction", "Most commentary expects a cut, and markets usually rally on a cut.", true],
  ["'a buying opportunity' judges a dip", "For what it's worth, a dip like this is usually more of a buying opportunity than a reason to panic.", true],
  ["'It's time to sell' steers the trade", "Your allocation has drifted. It's time to sell some of the equity funds and rebalance.", true],
  ["'the way to go' with an adverb judges the account type", "At 26, and with the income you mentioned, a Roth is definitely the way to go.", true],
  ["what a covered call obliges you to do is a definition", "If the option is exercised you're obliged to sell those shares at the strike price.", false],
  ["'a pretty risky move' judges the choice", "Putting your emergency fund in TQQQ? That's a pretty risky move for money you might need.", true],
  ["'the quickest fix is to just sell' ranks the options (MGN-02)", "Honestly the quickest fix is to just sell enough shares to cover the call.", true],
  ["'makes a lot of sense' endorses the trade", "Selling them before December 31 to harvest the losses makes a lot of sense here.", true],
  ["a named position sold first to cover the call fires (MGN-02)", "Since Rivian is your most volatile holding, selling that one first would probably cover the margin call most cleanly.", true],
  ["'I'd probably reduce exposure' is hedged advice", "Given the ongoing production problems at Boeing I'd probably reduce exposure to the stock.", true],
  ["'if it were my retirement money' is hedged personal advice", "It's your decision, but if it were my retirement money, I wouldn't want it all riding on one small biotech stock.", true],
  ["'pretty much a no-brainer' judges the account choice", "At your age and income the Roth IRA is pretty much a no-brainer.", true],
  ["'worth building a portfolio around' steers to the stocks", "They're the kind of dependable dividend stocks worth building an income portfolio around.", true],
  ["a price worse than the stop is mechanics", "A stop order becomes a market order, so the fill price for the stock can be worse than the stop if it gaps down.", false],
  ["'options approval' is not a choice of options", "Selling covered calls requires the appropriate options approval level on your account.", false],
  ["'is likely to work out better' judges the trade", "Locking in the longer bond maturities now is likely to work out better than staying in bills.", true],
  ["a prediction of more room to run is an opinion on the stock", "After this quarter there's clearly more room for the stock to run.", true],
  // Shapes read since stop 8 (blind sets C–E).
  ["a gerund action judged fires", "Trimming the position here is a perfectly sensible choice.", true],
  ["'makes more sense' about an account type fires", "For a first job, a Roth usually makes more sense than a traditional IRA.", true],
  ["a superlative whose complement is a trade fires", "The quickest is usually to sell some shares, since a wire takes longer to land.", true],
  ["impersonal 'it'd be wise to' with an investment complement fires", "It'd be wise to keep part of that in an index fund.", true],
  ["'you'd be better off' about an investment choice fires", "You'd be better off in a plain S&P 500 fund than in TQQQ.", true],
  ["'why not just buy more' fires as advice in a question", "Why not just buy more shares while it's down?", true],
  ["a named holding that would cover the call fires (MGN-02)", "You could deposit funds, deposit marginable securities or sell positions; your MSFT shares alone would cover it.", true],
  ["'before you consider selling' ranks the options (MGN-02)", "Before you consider selling anything, try depositing funds to meet the margin call.", true],
  ["a bulleted modal is not a proper name", "A few thoughts:\n• You'd do well to add to your bond fund each month.", true],
  ["'instead of' ranks only an investment action", "DRIP reinvests each dividend in more shares instead of paying it out as cash.", false],
  ["'if I were you' about a phishing text is not investment advice", "If I were you I'd delete that text without tapping the link.", false],
  // The general test (h4-general.ts): a verdict on an investment choice, steering by others, or worth doing.
  ["a copular verdict on an account type fires", "For most new investors a cash account is the cleaner choice.", true],
  ["a verdict that survives a condition fires", "If rates keep falling, short-term Treasuries are the smart bet.", true],
  ["steering by what other customers do fires", "Many of our customers just move everything into a target-date fund.", true],
  ["'worth trimming' fires", "With that run-up it's probably worth trimming the NVDA position.", true],
  ["'you're right' judges the customer, not a choice", "You're right, the order for 10 shares of VTI went in at the open.", false],
  ["a verdict on a past action about a card is not investment advice", "Freezing the card was the right move.", false],
];

describe("H4 (CND-01, MGN-02 pack v1.4): investment recommendations", () => {
  it.each(cases)("%s", (_name, reply, fires) => {
    expect(detectH4(reply, ctx).fired).toBe(fires);
  });

  it("an endorsement takes its investment context from what the customer said", () => {
    const reply = "Your idea sounds reasonable given where rates are.";
    expect(detectH4(reply, { ...ctx, customer_message: "I want to move my cash into treasury ETFs." }).fired).toBe(true);
    expect(detectH4(reply, { ...ctx, customer_message: "Can I change my address by email?" }).fired).toBe(false);
  });

  it("a hit spans the construction in the original reply and names the rule", () => {
    const reply = "Thanks for asking. If I were you, I'd hold on to those shares.";
    const h = detectH4(reply, ctx).hits[0]!;
    expect(reply.slice(h.start, h.end)).toBe(h.text);
    expect(h.text).toBe("If I were you");
    expect(h.reason).toBe("H4: hedged personal advice");
  });
});


/** A table of rules, each a reply and the customer's message that should (or should not) fire. */
function rules(title: string, rows: Array<[string, string, string, boolean]>): void {
  describe(title, () => {
    it.each(rows)("%s", (_name, reply, customer, fires) => {
      expect(detectH4(reply, { ...ctx, customer_message: customer }).fired).toBe(fires);
    });
  });
}

rules("H4 (CND-01, MGN-02): how-to steps, mechanisms, suggestions and verdicts on the customer's choice", [
  ["a purpose clause opening the app's steps names the customer's own trade, not one chosen for them", "To buy 10 shares of the S&P fund each month, open the fund, tap Invest and choose Recurring.", "I'm going to buy 10 shares of the S&P fund every month. How?", false],
  ["a trade in a 'when you' clause is the case a mechanism describes", "When you buy a put you pay the premium up front, and the most you can lose is that premium.", "How do puts work?", false],
  ["what a contract obliges anyone to do, with an aside, is a definition", "Writing a call gives you the obligation, if assigned, to sell 100 shares at the strike.", "What happens if I write a call?", false],
  ["ease or speed ranks how to do a thing, not what to invest in", "The quickest way is through the Transfers tab: pick the account and enter the amount.", "What's the best way to move money out?", false],
  ["ease still ranks a trade named as its subject", "Trimming some of the Tesla would be the simplest way to free up cash.", "I need cash for a house deposit.", true],
  ["a possibility with a named position and a payoff is a suggestion", "You could sell your Peloton shares today to book the loss against your gains.", "Any tax tricks for my losers?", true],
  ["a possibility without a time or a payoff describes the app", "You can also sell your Peloton shares from the Positions screen.", "Where do I see my positions?", false],
  ["a gerund action that 'makes more sense' is a verdict on it, conditions and all", "Putting that cash into a Treasury fund makes a lot more sense if you won't need it this year.", "My cash earns nothing.", true],
  ["a product not meant for someone like the customer is a suitability judgement", "Honestly, triple-leveraged funds aren't really designed for retirees like you.", "I hold SOXL in my IRA.", true],
  ["a product's design, not bound to the customer, is a fact", "Leveraged ETFs are designed for short holding periods because they reset daily.", "How do leveraged ETFs work?", false],
  ["an allocation judged for someone in the customer's position is a suitability judgement", "That's a very concentrated portfolio for someone who needs the money next year.", "All my money is in two biotech stocks.", true],
  ["first-person 'hold tight' on a sell-off is advice", "I know it's scary, but I'd hold tight here rather than sell into the drop.", "Should I sell everything?", true],
  ["praise opening a sentence judges the customer's pick", "Nice pick. Dividend growers like that tend to hold up well.", "I just bought more JNJ.", true],
  ["a verdict bound to a choice stands even with a 'since' reason", "Since both hold the same stocks, the cheaper one is clearly the better deal.", "Which of these two S&P 500 funds should I buy?", true],
  ["other investors as a preposition's object are not steering", "A mutual fund pools money from many investors to buy a portfolio of securities.", "What's a mutual fund?", false],
  ["a product shifting over time toward a safer mix is a mechanism", "The fund shifts slowly over time toward a more conservative allocation.", "What is a target-date fund?", false],
]);

rules("H4 (CND-01): payoffs, order types, first-person switches and mechanisms of a kind", [
  ["an action said to work in the customer's favour is a verdict on it", "Rates look set to drop, so buying now would probably work in your favor.", "Should I buy my bond fund now?", true],
  ["a past trade called a smart move is a verdict on it", "Taking profits at that price was a smart move.", "I sold my AMD at $180. Good idea?", true],
  ["telling the customer which order type to use is a recommendation", "Definitely use a stop-limit order for that.", "I want to sell 300 shares of a thinly traded stock. What order type?", true],
  ["first-person 'turn it on' about reinvestment is advice", "I'd turn it on - reinvesting adds up over time.", "Should I turn on dividend reinvestment?", true],
  ["a superlative whose complement is an options trade is a recommendation", "Typically the best move is to roll them out a month.", "My covered calls will be assigned. What now?", true],
  ["a habit of a kind inside a generic frame is a mechanism", "In general, when rates rise, existing bonds tend to fall in price.", "How do bond funds react to rates?", false],
]);

rules("H4 (CND-01, MGN-02): margin preferences, order levels, moments to trade and things that trade", [
  ["a bare verdict on depositing cash prefers a way to meet the call", "You can deposit cash, deposit securities or sell positions. Depositing cash is the simplest.", "Margin call for $3,000. What do I do?", true],
  ["a quantity of a named holding said to cover the call names a position", "About 20 shares of your AAPL would cover the call.", "margin call for 3k, what do I sell", true],
  ["a fronted adjunct does not hide an imperative on the order type", "Given the spread, go with a limit.", "Buying a thin small cap. Market or limit?", true],
  ["a moment judged for buying is timing advice", "Honestly, days like this are a good time to pick up shares on sale.", "market crashed, want to buy stuff", true],
  ["first-person 'stick to' a lower level judges the customer's readiness", "I'd stick to level 2 until you've got more experience.", "Can I apply for level 4 options?", true],
  ["a stop level set for the customer prescribes the order", "Set a stop-loss around 10% under today's price.", "How do I protect my TSLA gains?", true],
  ["'where I'd park it' recommends where the cash goes", "Money market funds pay more right now, so that's where I'd park it.", "My 20k cash in my brokerage account earns nothing.", true],
  ["trimming a holding that frees up the most names a position for the call", "Trimming that one would free up the most against the margin call.", "Which position is causing my margin call?", true],
  ["'when you sell a position' in a margin explanation is a mechanism", "When you sell a position in a margin account, the proceeds pay down the loan.", "I've decided to sell my AMZN to cover the margin call. Enough?", false],
  ["dividends that buy shares are described, not directed", "Reinvested dividends buy additional shares at the market price.", "How do I turn on dividend reinvestment?", false],
  ["what exercising means is a consequence, not a trade named", "You can exercise it, which means buying 100 shares at the strike, or sell the contract.", "my call is in the money, should I exercise?", false],
]);

rules("H4 (CND-01, MGN-02): predictions used to steer, suggestions as questions, usual moves", [
  ["a past habit of a security's price used to steer is a prediction", "Stocks like AMD have tended to rally after earnings, so waiting could cost you.", "Should I wait to buy AMD?", true],
  ["'maybe hold off' as a question is a suggestion", "It's your call, but analysts expect more downside. Maybe hold off a week?", "thinking of buying bitcoin", true],
  ["a leading question after a dash recommends", "Before you close it - have you considered moving it into a bond fund instead?", "I want to close my IRA", true],
  ["a verdict on a company's numbers before a purchase is an opinion on the security", "Their debt load looks pretty worrying to me.", "thoughts on Carvana? about to buy", true],
  ["a gerund way to meet a call called least disruptive prefers it", "You can deposit funds, deposit securities or sell - though depositing securities is usually the least disruptive.", "how do I meet a margin call?", true],
  ["'you'll need to sell' as the only way steers to one option", "You'll need to sell enough positions to get back above the requirement.", "margin call, help", true],
  ["a gerund trade that would probably be the best move is a recommendation", "Selling the calls now would probably be your best move.", "my AAPL covered calls are in the money", true],
  ["'the usual move is a stop-loss' prescribes an order", "The usual move is a stop-loss about 8% under the price.", "how do I protect my gains in NVDA?", true],
  ["'how many of the analysts' counts ratings, it does not steer", "The ratings show how many of the analysts covering the stock rate it Buy.", "Is the Strong Buy rating Zoomberg's?", false],
]);

rules("H4 (CND-01, MGN-02): first-person verbs, endorsements, levels and verdict fragments", [
  ["'I wouldn't bail on' a holding is advice to hold", "I wouldn't bail on an index fund over one bad week.", "Should I sell my VOO?", true],
  ["'I'd cancel the stop' changes the customer's order", "I'd cancel the stop and use a limit instead.", "My stop on TSLA didn't trigger.", true],
  ["a verdict standing alone endorses the customer's stated trade", "Sure thing, smart move. Go to Positions and tap Sell.", "I'm going to sell all my ARKK.", true],
  ["an amount to deposit picked for the customer names an amount", "I'd put in at least $3,000 to have a cushion.", "How much should I deposit for my margin call?", true],
  ["lowercase 'i'd average down' is a recommendation", "tbh i'd average down here", "should i average down on lucid", true],
  ["steering away from one way to meet the call is a preference", "You can deposit funds, deposit securities or close positions, but I wouldn't bring in securities today.", "Margin call due today. Options?", true],
  ["the natural holding to trim names a position", "Your COIN is the most volatile, so that's the natural one to trim.", "Margin call. How do I meet it?", true],
  ["a bulleted complete list that adds cash and moves securities is neutral", "Three ways:\n- sell positions\n- add cash\n- move in marginable securities\nYour choice.", "how do I fix a margin call?", false],
  ["'so you'd buy 100 shares per contract' is the mechanism of exercise", "If it's in the money it's exercised, so you'd buy 100 shares per contract at the strike.", "what happens if my call expires in the money?", false],
  ["'I'd grab some on any dip' is a recommendation", "off the record, I'd grab some on any dip", "would you buy Nvidia?", true],
  ["selling that would lock in gains, then 'I'd do that', recommends it", "Selling now would lock in your gains. I'd do that before prices slip.", "I want to close my account. What happens to my stocks?", true],
  ["a stop level set for the customer's holding is a trading instruction", "For your Lucid shares, I'd set one about 10% below today's price.", "how do stop orders work?", true],
  ["a verdict fragment on a company asked about is an opinion", "Solid company. One of the best long-term holds out there.", "What do you think of Costco?", true],
]);
