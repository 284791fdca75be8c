import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDecisionPoints } from "../../bin/load/episodes";
import { loadPromptPack } from "../../bin/load/prompt-pack";
import { PACK_VERSION } from "../pack/vocab";
import { makePromptLine, promptLineSchema } from "./prompt-line";
import { promptText, renderPrompt, renderSystemPrompt } from "./render";
import { PROMPT_VERSION, promptVersion } from "./version";

const pack = loadPromptPack();
const points = loadDecisionPoints();
// A dev decision whose history has an earlier decision (an assistant turn) and a system note before it.
const PINNED = "ord-007-d2";
const GOLDEN = path.join(__dirname, "fixtures", `${PINNED}.json`);

describe("the pinned rendering (golden file)", () => {
  it(`renders ${PINNED} exactly as the golden file under the current prompt version`, () => {
    const point = points.find((p) => p.decision_id === PINNED)!;
    const rendered = { prompt_version: PROMPT_VERSION, decision_id: PINNED, messages: renderPrompt(pack, point), text: promptText(renderPrompt(pack, point)) };
    let golden = existsSync(GOLDEN) ? (JSON.parse(readFileSync(GOLDEN, "utf8")) as typeof rendered) : null;
    if (process.env.UPDATE_PROMPT_GOLDEN === "1") {
      // A changed rendering under an unchanged version would let two different prompts share one version.
      if (golden && golden.prompt_version === PROMPT_VERSION && JSON.stringify(golden) !== JSON.stringify(rendered)) {
        throw new Error(`the rendering changed but the prompt version is still ${PROMPT_VERSION}: bump PROMPT_REVISION in lib/prompts/version.ts first`);
      }
      writeFileSync(GOLDEN, `${JSON.stringify(rendered, null, 2)}\n`);
      golden = rendered;
    }
    expect(golden, `no golden file: run UPDATE_PROMPT_GOLDEN=1 npx vitest run lib/prompts/render.test.ts`).not.toBeNull();
    expect(rendered.prompt_version, "the golden file was rendered under another prompt version").toBe(golden!.prompt_version);
    expect(rendered).toEqual(golden);
  });
});

describe("renderPrompt", () => {
  it("puts every policy's id and text and every vocabulary value with its meaning in the system message", () => {
    const system = renderSystemPrompt(pack);
    for (const p of pack.policies) expect(system).toContain(`## ${p.id}: ${p.title}\n\n${p.text}`);
    for (const list of [pack.vocabularies.action_types, pack.vocabularies.queues, pack.vocabularies.escalation_targets, pack.vocabularies.priorities, pack.vocabularies.flags]) {
      for (const v of list) expect(system).toContain(`- ${v.value}: ${v.meaning}`);
    }
    expect(system).toContain(`pack v${pack.version}`);
  });

  it("gives every decision point one system message, then user and assistant messages in turn, ending on a user message", () => {
    for (const p of points) {
      const m = renderPrompt(pack, p);
      expect(m[0]!.role).toBe("system");
      expect(m.slice(1).every((x, i) => x.role === (i % 2 === 0 ? "user" : "assistant")), p.decision_id).toBe(true);
      expect(m.at(-1)!.role).toBe("user");
    }
  });

  it("shows earlier decisions' reference replies as assistant turns, and never the current decision's reply or rationale", () => {
    for (const p of points) {
      const m = renderPrompt(pack, p);
      const assistant = m.filter((x) => x.role === "assistant").map((x) => x.content);
      expect(assistant).toEqual(p.history.filter((h) => h.role === "agent").map((h) => h.text));
      const all = m.map((x) => x.content).join("\n");
      expect(all.includes(p.reference_reply), p.decision_id).toBe(false);
      expect(all.includes(p.rationale), p.decision_id).toBe(false);
      expect(all.includes(p.decision_id), p.decision_id).toBe(false);
    }
  });

  it("labels system notes and customer turns, each customer word kept verbatim", () => {
    const p = points.find((x) => x.decision_id === PINNED)!;
    const users = renderPrompt(pack, p).filter((x) => x.role === "user").map((x) => x.content).join("\n\n");
    for (const h of p.history.filter((x) => x.role !== "agent")) expect(users).toContain(h.role === "system" ? `[System] ${h.text}` : `Customer: ${h.text}`);
  });

  it("the text form is the same messages under headings, ending with an open assistant turn", () => {
    const m = renderPrompt(pack, points[0]!);
    const text = promptText(m);
    expect(text.endsWith("### Assistant\n")).toBe(true);
    for (const x of m) expect(text).toContain(x.content);
  });
});

describe("prompt lines and the prompt version", () => {
  it("chat and text lines parse under the one prompt-line schema; a line with both forms does not", () => {
    const chat = makePromptLine(pack, points[0]!, "chat");
    const text = makePromptLine(pack, points[0]!, "text");
    expect(promptLineSchema.parse(chat)).toEqual(chat);
    expect(promptLineSchema.parse(text)).toEqual(text);
    expect(promptLineSchema.safeParse({ ...chat, prompt: text.prompt }).success).toBe(false);
    expect(Object.keys(chat)).toEqual(["decision_id", "episode_id", "split", "messages"]);
  });

  it("the prompt version names the pack version it renders", () => {
    expect(PROMPT_VERSION.startsWith(`${PACK_VERSION}-p`)).toBe(true);
    expect(promptVersion(pack.version)).toBe(PROMPT_VERSION);
  });
});
