// Issue 20 (12): the golden cases list can be searched. Every word of the query must appear (any case, any order) in
// the case's id, suite, role, behaviour, brief or items.

export type SearchableCase = { id: string; suite: string; role: string; behavior: string; brief: string; must_include: readonly string[]; must_not_include: readonly string[] };

/** True when every whitespace-separated term of `query` occurs in one of the case's fields; an empty query keeps all. */
export function caseMatches(c: SearchableCase, query: string): boolean {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!terms.length) return true;
  const hay = [c.id, c.suite, c.role, c.behavior, c.brief, ...c.must_include, ...c.must_not_include].join("\n").toLowerCase();
  return terms.every((t) => hay.includes(t));
}
