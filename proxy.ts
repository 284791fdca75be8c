import { NextResponse, type NextRequest } from "next/server";
import { crossOriginPost, crossOriginPostPage } from "./lib/http/cross-origin-post";
import { FORWARDED_HEADERS, requestHost, trustsProxy } from "./lib/http/forwarded";
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from "./lib/http/security-headers";

// Runs before every page, server action and route handler (issue 20):
// - forwarded headers are the client's to forge: unless ASSAY_TRUST_PROXY says a proxy sits in front, they are dropped
//   here, and Next.js then fills X-Forwarded-For/-Host/-Proto from the socket, so the sign-in throttle's address, the
//   Origin checks (ours and Next's for server actions) and the cookie's Secure flag read what the connection says;
// - every response gets the security headers, pages a fresh script nonce (Next.js reads it from the request's
//   Content-Security-Policy and puts it on its own scripts);
// - pages learn the address that was asked for (Next gives server components no URL), so a signed-out visitor is sent
//   back to it after signing in. Only a hint: every page and action still checks the session itself;
// - a POST to a page (a server action) from another origin is answered here with a 403 page in words (issue 26); Next
//   would refuse it too, but with a bare 500.
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  const trusted = trustsProxy(process.env.ASSAY_TRUST_PROXY);
  if (!trusted) for (const h of FORWARDED_HEADERS) headers.delete(h);
  headers.set("x-assay-path", request.nextUrl.pathname + request.nextUrl.search);
  const page = !request.nextUrl.pathname.startsWith("/api/");
  if (page && request.method === "POST" && crossOriginPost(request.headers, requestHost(headers, trusted))) {
    const refused = new NextResponse(crossOriginPostPage(request.headers.get("origin")), { status: 403, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
    refused.headers.set("Content-Security-Policy", contentSecurityPolicy(null));
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) refused.headers.set(name, value);
    return refused;
  }
  const nonce = page ? Buffer.from(crypto.randomUUID()).toString("base64") : null;
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  if (page) headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

// Everything but the build's static files, which next.config.ts gives the same headers without a nonce.
export const config = { matcher: ["/((?!_next/static/|_next/image|favicon.ico).*)"] };
