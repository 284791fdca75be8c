import { describe, expect, it } from "vitest";
import { checkFormat } from "./format-gate";
import { makeOutput } from "../testing/factories";

const valid = JSON.stringify(makeOutput());

describe("stage 1 format gate (seed 000)", () => {
  it("accepts exactly one JSON object with every key and vocabulary values", () => {
    expect(checkFormat(valid).ok).toBe(true);
    expect(checkFormat(`  ${valid}\n`).ok).toBe(true);
  });

  it.each([
    ["empty text", ""],
    ["prose", "Sure! I will route this to funding."],
    ["prose before the object", `Here you go: ${valid}`],
    ["a code fence", "```json\n" + valid + "\n```"],
    ["two objects", valid + valid],
    ["an array", `[${valid}]`],
    ["truncated JSON", valid.slice(0, -3)],
    ["a missing key", JSON.stringify({ reply: "x", action: { type: "resolve", queue: null, escalate_to: null, priority: null, flags: [] } })],
    ["an extra key", JSON.stringify({ ...makeOutput(), confidence: 0.9 })],
    ["an unknown queue", JSON.stringify(makeOutput({ queue: "billing" as never }))],
    ["an unknown action type", JSON.stringify(makeOutput({ type: "transfer" as never }))],
    ["an unknown flag", JSON.stringify(makeOutput({ flags: ["urgent" as never] }))],
    ["priority P4", JSON.stringify(makeOutput({ priority: "P4" as never }))],
    ["reply not a string", JSON.stringify({ reply: 5, action: makeOutput().action })],
    ["null", "null"],
    ["a lone surrogate and control bytes", "\ud800\u0000{"],
  ])("rejects %s as format_invalid", (_name, raw) => {
    const r = checkFormat(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
  });

  it("a non-existent policy id is not a format failure (it zeroes policy_citation instead)", () => {
    expect(checkFormat(JSON.stringify(makeOutput({ policy_ids: ["ZZZ-99"] }))).ok).toBe(true);
  });

  it("never throws, whatever it is given", () => {
    const nasty: unknown[] = [undefined, null, 42, {}, "{".repeat(100000), '{"reply":"' + "a".repeat(1e6) + '"}', "{\"__proto__\":{\"x\":1}}", '{"reply":"<script>alert(1)</script>","action":null}'];
    for (const raw of nasty) expect(() => checkFormat(raw)).not.toThrow();
  });
});
