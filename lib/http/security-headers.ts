// Issue 20: headers on every response. Scripts run only from the workbench's own origin or with the per-request nonce
// Next.js puts on its inline scripts (it reads the nonce from the request's Content-Security-Policy); nothing may frame
// a page (frame-ancestors, and X-Frame-Options for browsers without CSP 3). Styles allow inline attributes: React
// renders style={…} as attributes, which a nonce cannot cover, and a style cannot run code.

/** The policy for one response: `nonce` for pages, none for API responses and files (they run no script). */
export function contentSecurityPolicy(nonce: string | null, opts: { dev?: boolean } = {}): string {
  if (nonce === null) return "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The other security headers, the same on every response. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};
