import { describe, expect, it } from "vitest";
import { extractJudgedText } from "./envelope";

describe("envelope extraction: the judge sees the reply, not the envelope", () => {
  it.each([
    ["a JSON object with a reply key → the reply", '{"reply": "Hello there.", "confidence": 0.8}', "Hello there.", true],
    ["surrounding whitespace around the JSON is fine", '  \n{"reply":"Hi"}\n', "Hi", true],
    ["plain prose → verbatim", "Our wire cut-off is 2 p.m. ET.", "Our wire cut-off is 2 p.m. ET.", false],
    ["malformed JSON → verbatim", '{"reply": "cut off', '{"reply": "cut off', false],
    ["a JSON object without reply → verbatim", '{"message": "hi"}', '{"message": "hi"}', false],
    ["a JSON array → verbatim", '[{"reply": "hi"}]', '[{"reply": "hi"}]', false],
    ["a JSON string → verbatim", '"just a string"', '"just a string"', false],
    ["a numeric reply → String(reply)", '{"reply": 42}', "42", true],
    ["a null reply → String(reply)", '{"reply": null}', "null", true],
    ["an object reply → its JSON, not [object Object]", '{"reply": {"text": "hi"}}', '{"text":"hi"}', true],
    ["an empty candidate → verbatim", "", "", false],
  ])("%s", (_rule, candidate, text, enveloped) => {
    expect(extractJudgedText(candidate)).toEqual({ text, enveloped });
  });
});
