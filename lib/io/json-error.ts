// Issue 26 (8): V8 names a position for some JSON syntax errors ("… at position 10") but not for others ("Unexpected
// token 'x', "…" is not valid JSON", "Unexpected end of JSON input"), and then quotes the document back. A judge
// report is one JSON document of up to 32 MB, so a person needs the line and column of the first error, in words.

export type JsonError = { offset: number; line: number; column: number; problem: string };

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);

function shown(ch: string | undefined): string {
  if (ch === undefined) return "the end of the file";
  const code = ch.charCodeAt(0);
  return code < 0x20 ? `a control character (U+${code.toString(16).padStart(4, "0").toUpperCase()})` : `'${ch}'`;
}

/**
 * The first syntax error of a JSON document (RFC 8259, as JSON.parse reads it): where it is (0-based offset, 1-based
 * line and column) and what was found instead of what; null when the text is valid JSON. Iterative, so depth is no limit.
 */
export function findJsonError(text: string): JsonError | null {
  const n = text.length;
  let i = 0;
  const at = (problem: string): JsonError => {
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < i && k < n; k++) if (text.charCodeAt(k) === 10) (line++, (lineStart = k + 1));
    return { offset: i, line, column: i - lineStart + 1, problem };
  };
  const ws = () => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  // Reads a string starting at its opening quote; returns a problem, or null once past the closing quote.
  const string = (): JsonError | null => {
    i++;
    while (i < n) {
      const ch = text[i]!;
      if (ch === '"') return (i++, null);
      if (ch === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return at("a \\u escape needs four hex digits");
          i += 6;
        } else if (e !== undefined && ESCAPES.has(e)) i += 2;
        else return at(`an unknown escape \\${e ?? ""} in a string`);
      } else if (ch.charCodeAt(0) < 0x20) return at(`${shown(ch)} inside a string (write it escaped, e.g. \\n)`);
      else i++;
    }
    return at("the file ends inside a string (a closing \" is missing)");
  };
  const key = (): JsonError | null => {
    if (text[i] !== '"') return at(`expected a property name in double quotes, found ${shown(text[i])}`);
    const bad = string();
    if (bad) return bad;
    ws();
    if (text[i] !== ":") return at(`expected ':' after the property name, found ${shown(text[i])}`);
    i++;
    return null;
  };
  const stack: Array<"}" | "]"> = [];
  let wantValue = true;
  for (;;) {
    ws();
    if (wantValue) {
      const ch = text[i];
      if (ch === "{" || ch === "[") {
        const close = ch === "{" ? "}" : "]";
        i++;
        ws();
        if (text[i] === close) {
          i++;
          wantValue = false;
          continue;
        }
        stack.push(close);
        if (close === "}") {
          const bad = key();
          if (bad) return bad;
        }
        continue;
      }
      if (ch === '"') {
        const bad = string();
        if (bad) return bad;
      } else if (ch !== undefined && /[-0-9]/.test(ch)) {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) return at(`a malformed number`);
        i = NUMBER.lastIndex;
      } else {
        const word = ["true", "false", "null"].find((w) => text.startsWith(w, i));
        if (!word) return at(`expected a value, found ${shown(ch)}`);
        i += word.length;
      }
      wantValue = false;
      continue;
    }
    const close = stack.at(-1);
    if (close === undefined) return i < n ? at(`unexpected ${shown(text[i])} after the end of the JSON document`) : null;
    if (text[i] === ",") {
      i++;
      ws();
      if (close === "}") {
        const bad = key();
        if (bad) return bad;
      }
      wantValue = true;
    } else if (text[i] === close) {
      i++;
      stack.pop();
    } else return at(`expected ',' or '${close}', found ${shown(text[i])}`);
  }
}
