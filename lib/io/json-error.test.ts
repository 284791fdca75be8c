import { describe, expect, it } from "vitest";
import { findJsonError } from "./json-error";

// Issue 26 (8): a judge report's syntax error is reported at a line and column, including the errors for which V8's
// own message gives no position.
describe("finding the first JSON syntax error", () => {
  it.each([
    ['{\n  "a": 1,\n  "b": x\n}', 3, 8, "expected a value, found 'x'"],
    ['{\n  "a": 1,\n', 3, 1, "expected a property name in double quotes, found the end of the file"],
    ['{\n  "a": [1, 2\n', 3, 1, "expected ',' or ']', found the end of the file"],
    ['{\n  "cases": [],\n}\n', 3, 1, "expected a property name in double quotes, found '}'"],
    ['{"a": 1}}', 1, 9, "unexpected '}' after the end of the JSON document"],
    ['{"a": "x\ty"}', 1, 9, "a control character (U+0009) inside a string (write it escaped, e.g. \\n)"],
    ['{"a": "cut', 1, 11, 'the file ends inside a string (a closing " is missing)'],
    ['{"a" 1}', 1, 6, "expected ':' after the property name, found '1'"],
    ['{"a": tru}', 1, 7, "expected a value, found 't'"],
    ['{"a": "\\x"}', 1, 8, "an unknown escape \\x in a string"],
  ])("%j: line %i, column %i", (text, line, column, problem) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(findJsonError(text)).toMatchObject({ line, column, problem });
  });

  it.each(['{"a": [1, -2.5e3, true, false, null, {"b": "c\\u00e9\\n"}], "": {}}', "  []  ", '"x"', "0"])("finds nothing in valid JSON: %j", (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(findJsonError(text)).toBeNull();
  });

  it("reads a deep document without recursion", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(findJsonError(deep)).toBeNull();
    expect(findJsonError(`${"[".repeat(100_000)}x`)).toMatchObject({ line: 1, column: 100_001 });
  });
});
