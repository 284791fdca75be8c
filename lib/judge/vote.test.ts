import { describe, expect, it } from "vitest";
import { parseVote, unfence } from "./vote";

const items = { must_include: ["offers to send the IRA distribution form"], must_not_include: ["states a specific RMD dollar amount"] };
const good = { items: { "offers to send the IRA distribution form": true }, violations: { "states a specific RMD dollar amount": false }, alignment: 0.8, rationale: "ok" };

describe("parseVote: a response that does not parse or fit is a dropped vote", () => {
  it("accepts a vote keyed by the exact item texts", () => {
    expect(parseVote(JSON.stringify(good), items)).toEqual({ ok: true, vote: good });
  });

  it("tolerates a ```json code fence with prose around it", () => {
    expect(parseVote(`Sure!\n\`\`\`json\n${JSON.stringify(good)}\n\`\`\`\nHope that helps.`, items)).toMatchObject({ ok: true });
  });

  it("tolerates a key that differs only in case, spacing or a trailing full stop", () => {
    const loose = { ...good, items: { "Offers to send the  IRA distribution form.": true } };
    expect(parseVote(JSON.stringify(loose), items)).toMatchObject({ ok: true, vote: { items: { "offers to send the IRA distribution form": true } } });
  });

  it("ignores keys that are not the case's items", () => {
    const extra = { ...good, items: { ...good.items, "something else": false } };
    expect(parseVote(JSON.stringify(extra), items)).toEqual({ ok: true, vote: good });
  });

  it("defaults a missing rationale to the empty string", () => {
    const { rationale: _r, ...noRationale } = good;
    expect(parseVote(JSON.stringify(noRationale), items)).toMatchObject({ ok: true, vote: { rationale: "" } });
  });

  it.each([
    ["prose", "The reply looks fine to me."],
    ["truncated JSON", '{"items": {"offers to send the IRA distribution form": true'],
    ["a missing item", JSON.stringify({ ...good, items: {} })],
    ["a missing violation", JSON.stringify({ ...good, violations: {} })],
    ["a non-boolean item", JSON.stringify({ ...good, items: { "offers to send the IRA distribution form": "true" } })],
    ["alignment above 1", JSON.stringify({ ...good, alignment: 1.01 })],
    ["alignment below 0", JSON.stringify({ ...good, alignment: -0.1 })],
    ["alignment missing", JSON.stringify({ items: good.items, violations: good.violations })],
    ["a JSON array", "[]"],
  ])("drops %s", (_what, content) => {
    expect(parseVote(content, items)).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it("drops a vote whose loose key matches two returned keys (ambiguous)", () => {
    const twice = { ...good, items: { "offers to send the IRA distribution form.": true, "Offers to send the IRA distribution form": false } };
    expect(parseVote(JSON.stringify(twice), items)).toMatchObject({ ok: false, error: expect.stringContaining("ambiguous") });
  });

  it("unfence returns the text itself when there is no fence", () => {
    expect(unfence('  {"a": 1} ')).toBe('{"a": 1}');
  });
});
