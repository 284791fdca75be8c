"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLayoutEffect } from "react";

type Step = { key: string; href: string } | null;

/**
 * Previous / next through the cases to review (pass→fail flips and blockers, in the compare page's order). Links first
 * in the page, so Tab reaches them at once; `p` and `n` follow them too, except while typing in a field.
 */
export function FlipNav({ prev, next, position, back }: { prev: Step; next: Step; position: string; back: string }) {
  const router = useRouter();
  // A layout effect: the listener for this case's prev/next is in place when the page is painted, so a key pressed as
  // soon as the heading shows never follows the previous case's links (a passive effect left that window open).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
      const to = e.key === "n" ? next : e.key === "p" ? prev : null;
      if (to) {
        e.preventDefault();
        router.push(to.href);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router, prev, next]);
  return (
    <nav className="pager" aria-label="Flips to review">
      {prev ? (
        <Link href={prev.href} rel="prev">
          ‹ previous flip: {prev.key}
        </Link>
      ) : (
        <span className="muted">‹ first to review</span>
      )}
      <span className="muted">{position}</span>
      {next ? (
        <Link href={next.href} rel="next">
          next flip: {next.key} ›
        </Link>
      ) : (
        <span className="muted">last to review ›</span>
      )}
      <span className="muted small">
        keys <kbd>p</kbd> <kbd>n</kbd>
      </span>
      <Link href={back}>Back to the comparison</Link>
    </nav>
  );
}
