import { describe, expect, it } from "vitest";
import { crossSite } from "./same-origin";

// Issue 26 (5): a recorded GET (an export download) is refused when another site made the browser ask.
const get = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/api/export/probes", { headers: { host: "127.0.0.1:3000", ...headers } });

describe("crossSite", () => {
  it.each([
    ["a link on the workbench's own page", { "sec-fetch-site": "same-origin" }, false],
    ["an address typed or bookmarked", { "sec-fetch-site": "none" }, false],
    ["a script or an old browser without Sec-Fetch-Site or Origin", {}, false],
    ["another site's page", { "sec-fetch-site": "cross-site" }, true],
    ["another port of this host", { "sec-fetch-site": "same-site" }, true],
    ["a client without Sec-Fetch-Site but with a foreign Origin", { origin: "http://evil.example" }, true],
    ["a client without Sec-Fetch-Site, same Origin", { origin: "http://127.0.0.1:3000" }, false],
  ])("%s: %j → %s", (_what, headers, refused) => {
    expect(crossSite(get(headers))).toBe(refused);
  });
});
