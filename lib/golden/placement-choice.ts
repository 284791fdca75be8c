import { POLICY_BEHAVIORS, type PolicyBehavior } from "../schemas/golden-suite";
import { roleNameSchema } from "./case-schema";
import { suggestPlacement, type Placement } from "./placement";

// Issue 20 (12): the "where does my case go?" guidance beside the suite selector, as the analyst writes, saying plainly
// when the suite chosen differs from the one suggested. Guidance only: the choice is the analyst's.

/** The new-case form as typed: `home` is "policy", "role:<role>" or "" (not chosen yet); items one per line. */
export type DraftFields = { brief: string; must_include: string; must_not_include: string; home: string; behavior: string };

const lines = (s: string) =>
  s
    .split("\n")
    .map((x) => x.trim())
    .filter(Boolean);

/** The chosen home, or null when none (or an unreadable one) is chosen. */
export function chosenHome(home: string): { suite: "policy" } | { suite: "role"; role: string } | null {
  if (home === "policy") return { suite: "policy" };
  const role = home.startsWith("role:") ? roleNameSchema.safeParse(home.slice(5)) : null;
  return role?.success ? { suite: "role", role: role.data } : null;
}

/**
 * The suggestion for the draft as the server's "Check draft" computes it: the chosen role names the role file, and a
 * behaviour counts only when the policy suite is chosen. Null while nothing is written yet.
 */
export function suggestForDraft(f: DraftFields): Placement | null {
  const draft = { brief: f.brief.trim(), must_include: lines(f.must_include), must_not_include: lines(f.must_not_include) };
  if (!draft.brief && !draft.must_include.length && !draft.must_not_include.length) return null;
  const home = chosenHome(f.home);
  const behavior = home?.suite === "policy" && (POLICY_BEHAVIORS as readonly string[]).includes(f.behavior) ? (f.behavior as PolicyBehavior) : undefined;
  return suggestPlacement({ ...draft, role: home?.suite === "role" ? home.role : undefined, behavior });
}

const suggested = (p: Placement) => (p.target === "policy" ? `the policy suite${p.behavior ? ` (behaviour ${p.behavior})` : ""}` : p.role ? `the role file ${p.role}` : "a role file");
const chosenWords = (h: NonNullable<ReturnType<typeof chosenHome>>) => (h.suite === "policy" ? "the policy suite" : `the role file ${h.role}`);

/** Whether the chosen suite differs from the suggestion, said in one plain sentence. */
export function placementChoice(p: Placement, home: string): { differs: boolean; text: string } {
  const h = chosenHome(home);
  if (!h) return { differs: false, text: `Suggested: ${suggested(p)}. Choose where the case goes.` };
  if (h.suite === p.target) return { differs: false, text: `Your choice, ${chosenWords(h)}, matches the suggestion.` };
  return { differs: true, text: `Your choice differs from the suggestion: you chose ${chosenWords(h)}, the guidance suggests ${suggested(p)}.` };
}
