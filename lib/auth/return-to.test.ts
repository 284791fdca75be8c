import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPath } from "./return-to";

describe("returning to the asked-for page after signing in", () => {
  it("a path on this site is followed, query included", () => {
    expect(safeReturnPath("/compare?baseline=run:1&candidate=run:2")).toBe("/compare?baseline=run:1&candidate=run:2");
    expect(signInPath("/runs/3/decisions?page=2")).toBe("/sign-in?next=%2Fruns%2F3%2Fdecisions%3Fpage%3D2");
  });
  it.each([["//evil.example/x"], ["/\\evil.example"], ["https://evil.example/"], ["javascript:alert(1)"], ["/ok\u0000"], ["/a\\b"], [""], [42], [null], ["/sign-in?next=/x"], ["x".repeat(3000)]])(
    "anything that could leave the site or loop (%j) returns home",
    (value) => {
      expect(safeReturnPath(value)).toBe("/");
    },
  );
  it("the home page needs no next parameter", () => {
    expect(signInPath("/")).toBe("/sign-in");
    expect(signInPath(null)).toBe("/sign-in");
  });
});
