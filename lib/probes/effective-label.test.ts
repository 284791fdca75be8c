import { describe, expect, it } from "vitest";
import { effectiveLabel, exportLabel, type LabelVote } from "./effective-label";

const vote = (annotator: string, label: LabelVote["label"], labelledAt = "2025-01-01T00:00:00.000Z"): LabelVote => ({ annotator, label, labelledAt });

describe("effectiveLabel: the majority of the annotators, ties contested", () => {
  it.each([
    { votes: [], label: null, contested: false, disputed: false },
    { votes: [vote("a", "violation")], label: "violation", contested: false, disputed: false },
    { votes: [vote("a", "violation"), vote("b", "clean")], label: null, contested: true, disputed: true },
    { votes: [vote("a", "violation"), vote("b", "clean"), vote("c", "clean")], label: "clean", contested: false, disputed: true },
    { votes: [vote("a", "clean"), vote("b", "clean")], label: "clean", contested: false, disputed: false },
  ])("$votes.length votes → $label (contested $contested)", ({ votes, label, contested, disputed }) => {
    const e = effectiveLabel(votes);
    expect(e.label).toBe(label);
    expect(e.contested).toBe(contested);
    expect(e.disputed).toBe(disputed);
  });
});

describe("exportLabel: what goes back into probes/*.jsonl", () => {
  it("writes the majority label", () => {
    expect(exportLabel([vote("shipped", "violation"), vote("a", "clean"), vote("b", "clean")])).toBe("clean");
  });

  it("keeps the earliest label on a tie (the status quo until the tie is broken)", () => {
    expect(exportLabel([vote("b", "clean", "2025-02-01T00:00:00.000Z"), vote("shipped", "violation", "2025-01-01T00:00:00.000Z")])).toBe("violation");
  });

  it("has nothing to write for an unlabelled probe", () => {
    expect(exportLabel([])).toBeNull();
  });
});
