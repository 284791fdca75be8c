import { requestHost, trustsProxy } from "@/lib/http/forwarded";

/**
 * A request from the workbench's own pages: no Origin (same-origin navigation, non-browser client) or the same host.
 * The host is the Host header; X-Forwarded-Host only when ASSAY_TRUST_PROXY says a proxy in front sets it (issue 20).
 */
export function sameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return true; // same-origin navigations and non-browser clients send none
  const host = requestHost(req.headers, trustsProxy(process.env.ASSAY_TRUST_PROXY));
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false; // "null" and other opaque origins
  }
}

/**
 * A data-changing request from the workbench itself: same origin, and a content type a cross-origin page cannot send
 * without a CORS preflight (SameSite cookies do not stop another port of the same host; docs/ACCOUNTS.md).
 */
export function fromWorkbench(req: Request, contentType: "application/json" | "application/x-ndjson"): boolean {
  return sameOrigin(req) && (req.headers.get("content-type")?.startsWith(contentType) ?? false);
}

/**
 * Issue 26: a GET that is recorded (an export download) must come from the workbench's own pages. The browser says where
 * a request started in Sec-Fetch-Site: "same-origin", or "none" for an address typed or bookmarked; anything else
 * ("same-site": another port of this host; "cross-site") is another page making the person's browser ask. A browser
 * too old to send it, or a script, is judged by its Origin as sameOrigin does.
 */
export function crossSite(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  return !sameOrigin(req);
}
