import { describe, expect, it } from "vitest";
import { blindChoice, blindCookieValue, labelView, queueCounts, queueWindow, viewInQueue, type LabelItem } from "./labelling";

const item = (id: string, over: Partial<LabelItem> = {}): LabelItem => ({
  id,
  detector: "H5",
  reply: `reply of ${id}`,
  context: { allowed_timeline_claims: [], may_disclose_account_details: false, customer_message: "" },
  pairId: null,
  seq: 0,
  history: null,
  source: null,
  predicted: true,
  hits: [{ start: 0, end: 5, text: "reply", reason: "a promise" }],
  cleared: null,
  note: "the author's note",
  promotedProbeId: null,
  votes: [{ annotator: "shipped", label: "violation", labelledAt: "2026-01-01T00:00:00Z" }],
  ...over,
});

describe("a blind view holds nothing the annotator may not see before voting", () => {
  it("carries no prediction, hits, note or votes until the annotator has voted", () => {
    const v = labelView(item("p1"), "ann@x", true);
    expect(v.revealed).toBeNull();
    expect(v.mine).toBeNull();
    const text = JSON.stringify(v);
    for (const secret of ["predicted", "hits", "a promise", "the author's note", "shipped", "violation"]) expect(text).not.toContain(secret);
    expect(v.reply).toBe("reply of p1");
  });

  it("reveals everything once the annotator has voted, or when they label openly", () => {
    const voted = item("p1", { votes: [...item("p1").votes, { annotator: "ann@x", label: "clean", labelledAt: "2026-01-02T00:00:00Z" }] });
    expect(labelView(voted, "ann@x", true).revealed?.note).toBe("the author's note");
    expect(labelView(voted, "ann@x", true).mine).toBe("clean");
    expect(labelView(item("p1"), "ann@x", false).revealed?.predicted).toBe(true);
  });

  it("closes the queue sizes chosen by others' votes while blind", () => {
    const counts = queueCounts([item("p1"), item("p2", { votes: [] })], "ann@x", true);
    expect(counts).toEqual({ unlabelled: 2, disagreeing: null, contested: null, all: 2 });
    expect(queueCounts([item("p1")], "ann@x", false).disagreeing).toBe(0);
    expect(viewInQueue("disagreeing", labelView(item("p1", { predicted: false }), "ann@x", true))).toBe(false);
    expect(viewInQueue("disagreeing", labelView(item("p1", { predicted: false }), "ann@x", false))).toBe(true);
  });
});

describe("the page holds a window of the queue, not the set", () => {
  const items = Array.from({ length: 50 }, (_, i) => item(`p${i}`, { pairId: i === 3 || i === 40 ? "pair-a" : null }));

  it("starts at the item opened by id and takes at most the window's size, with matched-pair partners", () => {
    const w = queueWindow(items, "all", "ann@x", { at: "p2", limit: 5 });
    expect(w.items.map((p) => p.id)).toEqual(["p2", "p3", "p4", "p5", "p6"]);
    expect(w.partners.map((p) => p.id)).toEqual(["p40"]);
  });

  it("continues after an item and wraps round to the queue's start", () => {
    expect(queueWindow(items, "all", "ann@x", { after: "p47", limit: 4 }).items.map((p) => p.id)).toEqual(["p48", "p49", "p0", "p1"]);
    expect(queueWindow(items, "all", "ann@x", { limit: 2 }).items.map((p) => p.id)).toEqual(["p0", "p1"]);
  });

  it("skips what the annotator has voted on in the unlabelled queue", () => {
    const voted = items.map((p, i) => (i % 2 ? p : { ...p, votes: [{ annotator: "ann@x", label: "clean" as const, labelledAt: "x" }] }));
    expect(queueWindow(voted, "unlabelled", "ann@x", { limit: 3 }).items.map((p) => p.id)).toEqual(["p1", "p3", "p5"]);
  });
});

describe("the blind choice is per person", () => {
  it("reads back only the person's own choice", () => {
    expect(blindChoice(blindCookieValue("a@x.test", false), "a@x.test")).toBe(false);
    expect(blindChoice(blindCookieValue("a@x.test", true), "a@x.test")).toBe(true);
    expect(blindChoice(blindCookieValue("a@x.test", false), "b@x.test")).toBeNull();
    expect(blindChoice("garbage", "a@x.test")).toBeNull();
    expect(blindChoice(undefined, "a@x.test")).toBeNull();
  });
});
