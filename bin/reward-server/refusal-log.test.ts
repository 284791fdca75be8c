// Issue 27: refusals are logged one line each, at most 10 a second, and every line held back is counted in the next
// line that gets through (or at shutdown), so the log accounts for every refusal.
import { describe, expect, it } from "vitest";
import { createRefusalLog } from "./refusal-log";

function harness() {
  const written: string[] = [];
  let t = 5_000_000;
  const log = createRefusalLog((l) => written.push(l), () => t);
  return { written, log, advance: (ms: number) => (t += ms) };
}

describe("the refusal log", () => {
  it("writes the first 10 refusals of a second and holds the rest back", () => {
    const { written, log } = harness();
    for (let i = 0; i < 25; i++) log.refused(422, "/get_reward", i, "prompts[0]: is empty");
    expect(written).toHaveLength(10);
    expect(written[0]).toBe("refused 422 /get_reward index 0: prompts[0]: is empty");
  });

  it("the next line through names how many were held, and only once", () => {
    const { written, log, advance } = harness();
    for (let i = 0; i < 25; i++) log.refused(422, "/get_reward", i, "x");
    advance(1000);
    log.refused(400, "/v1/score", null, "y");
    log.refused(400, "/v1/score", null, "z");
    expect(written.slice(10)).toEqual(["refused 400 /v1/score index -: y (15 earlier lines not logged: over 10/s)", "refused 400 /v1/score index -: z"]);
  });

  it("flush writes a count still held at shutdown, and nothing when none is", () => {
    const { written, log } = harness();
    log.flush();
    expect(written).toEqual([]);
    for (let i = 0; i < 11; i++) log.cancelled();
    log.flush();
    log.flush();
    expect(written.slice(10)).toEqual(["1 line not logged: over 10/s"]);
  });

  it("a long reason is cut at 300 characters, then its whitespace folded to one line", () => {
    const { written, log } = harness();
    log.refused(400, "/verify", 3, `a\n\tb ${"c".repeat(400)}`);
    expect(written[0]).toBe(`refused 400 /verify index 3: a b ${"c".repeat(295)}…`);
  });
});
