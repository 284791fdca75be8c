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
