// Issue 26 (8): Next.js refuses a server action posted from another origin by throwing, which a form post from another
// site saw as a bare 500 page. proxy.ts answers such a post first, with a page that says what happened.

type HeaderGetter = { get(name: string): string | null };

/**
 * Whether a POST to a page (a server action) came from another origin: its Origin is not the host asked for ("null"
 * and unparsable origins included), or the browser says it started on another site or another port of this one. A post
 * without Origin or Sec-Fetch-Site (a script, an old browser) is left to Next's own check.
 */
export function crossOriginPost(headers: HeaderGetter, host: string | null): boolean {
  const site = headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = headers.get("origin");
  if (origin === null) return false;
  try {
    return host === null || new URL(origin).host !== host;
  } catch {
    return true;
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 403 page for a cross-origin post: what was refused and what to do, with nothing of the request echoed as markup. */
export function crossOriginPostPage(origin: string | null): string {
  const from = origin && origin !== "null" ? ` (${escapeHtml(origin.slice(0, 200))})` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refused: sent from another site</title></head><body>
<h1>Refused: this form was sent from another site</h1>
<p>The request came from a page outside the workbench${from}, so it was not carried out and nothing was changed.</p>
<p>If you meant to do this, open the <a href="/">workbench</a> and do it from its own page.</p>
</body></html>`;
}
