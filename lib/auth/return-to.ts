// Where signing in returns to: the page a signed-out visitor asked for. Only a path on this site is followed, so a
// crafted link (`?next=//evil.example`) cannot send a person elsewhere after they type their password.

const MAX = 2000;

/** `value` when it is a same-site path ("/compare?baseline=run:1"); "/" for anything else. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // Control characters and backslashes let some browsers read a path as another host.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  if (value === "/sign-in" || value.startsWith("/sign-in?") || value.startsWith("/sign-in/")) return "/";
  return value;
}

/** The sign-in page's address for a visitor who asked for `path`. */
export function signInPath(path: string | null | undefined): string {
  const back = safeReturnPath(path);
  return back === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(back)}`;
}
