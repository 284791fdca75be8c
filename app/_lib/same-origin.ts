/** A request from the workbench's own pages: no Origin (same-origin navigation, non-browser client) or the same host. */
export function sameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return true; // same-origin navigations and non-browser clients send none
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false; // "null" and other opaque origins
  }
}
