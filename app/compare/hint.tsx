/**
 * A one-line explanation shown on hover and on keyboard focus (CSS :focus-within), and read by screen readers as the
 * button's description. No script: the text is in the page.
 */
export function Hint({ id, label, children }: { id: string; label: string; children: string }) {
  return (
    <span className="hint">
      <button type="button" aria-label={`What is ${label}?`} aria-describedby={id}>
        ?
      </button>
      <span role="tooltip" id={id}>
        {children}
      </span>
    </span>
  );
}
