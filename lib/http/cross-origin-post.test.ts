import { describe, expect, it } from "vitest";
import { crossOriginPost, crossOriginPostPage } from "./cross-origin-post";

// Issue 26 (8): a server action posted from another origin gets a page in words (403), not Next's bare 500.
const h = (o: Record<string, string>) => new Headers(o);

describe("a POST to a page from another origin", () => {
  it.each([
    ["the workbench's own form", { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" }, false],
    ["a script without Origin", {}, false],
    ["another site's form", { origin: "http://evil.example", "sec-fetch-site": "cross-site" }, true],
    ["another port of this host", { origin: "http://127.0.0.1:4000", "sec-fetch-site": "same-site" }, true],
    ["an opaque origin (sandboxed frame, data: URL)", { origin: "null" }, true],
    ["a foreign Origin without Sec-Fetch-Site", { origin: "http://evil.example" }, true],
  ])("%s → %s", (_what, headers, refused) => {
    expect(crossOriginPost(h(headers), "127.0.0.1:3000")).toBe(refused);
  });

  it("says what happened, and echoes the origin only as text", () => {
    const page = crossOriginPostPage('http://evil.example"><script>alert(1)</script>');
    expect(page).toContain("Refused: this form was sent from another site");
    expect(page).toContain("nothing was changed");
    expect(page).not.toContain("<script>");
  });
});
