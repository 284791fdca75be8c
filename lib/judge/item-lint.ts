// SPEC §5 / seed 002 runbook: every item is one claim a judge can answer yes/no on its own. These checks catch the
// common ways an item fails that; they are heuristics for authors, not a proof an item is good.

const VAGUE = /\b(helpful|appropriate(ly)?|good|nice|great|clear(ly)?|professionally|professional tone|polite(ly)?|friendly|accurate(ly)?|correct(ly)?|proper(ly)?|adequate(ly)?|reasonabl[ey]|thorough(ly)?|relevant|empathetic|well|etc\.?|as needed|if appropriate|and so on)\b/i;
const SPEECH_ACT = "(?:states|says|asks|offers|explains|lists|mentions|names|recommends|promises|confirms|tells|suggests|gives|calls|discourages|guarantees|expresses|apologi[sz]es|refuses|directs|provides|quotes|invents|shares|describes|instructs|advises|warns)";
const SECOND_CLAIM = new RegExp(`\\b(and|;|as well as|while)\\s+(also\\s+)?${SPEECH_ACT}\\b`, "i");
const NEGATIVE_START = /^(does not|doesn't|do not|never|avoids|refrains|fails to|no )\b/i;
const CROSS_REFERENCE = /\b(the above|previous item|same as|also|as well)\b/i;
const FIRST_WORD_VERB = /^[a-z]+(s|es)\b/;

/** Problems that make an item not independently judgeable yes/no; empty when none were found. */
export function itemProblems(text: string): string[] {
  const problems: string[] = [];
  const t = text.trim();
  if (VAGUE.test(t)) problems.push(`vague word "${VAGUE.exec(t)![0]}": name the observable act instead`);
  if (SECOND_CLAIM.test(t)) problems.push("two claims in one item: split it");
  if (NEGATIVE_START.test(t)) problems.push("negative item: put the positive act in must_not_include instead");
  if (CROSS_REFERENCE.test(t)) problems.push("refers to another item: each item must be judgeable alone");
  if (!FIRST_WORD_VERB.test(t)) problems.push("start with the reply's act in the third person (states…, asks…, offers…)");
  if (t.length > 160) problems.push("too long for one claim (over 160 characters)");
  return problems;
}
