import type { ItemFinding, ItemKind } from "@/lib/golden/item-check";
import type { Placement } from "@/lib/golden/placement";
import type { CaseDiff } from "@/lib/golden/versioning";

// Plain render helpers for golden authoring (usable from server and client components). Authored text is always
// rendered as React text nodes, never as HTML.

export function PlacementView({ placement, chosenDiffers }: { placement: Placement; chosenDiffers?: boolean }) {
  return (
    <>
      <h2>Where does this case go?</h2>
      <p>
        <strong>{placement.label}</strong>: {placement.reason}
      </p>
      {chosenDiffers ? (
        <p className="warn" role="note">
          You saved it to a different suite than this guidance suggests. That is allowed; check that it belongs there.
        </p>
      ) : null}
      {placement.move.length ? (
        <ul aria-label="Items to move">
          {placement.move.map((m) => (
            <li key={`${m.kind}:${m.text}`}>
              “{m.text}” → {m.to} suite: {m.why}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function FindingsView({ items }: { items: Array<{ kind: ItemKind; index: number; text: string; findings: ItemFinding[] }> }) {
  return (
    <>
      <h2>Items</h2>
      {items.some((i) => i.findings.length) ? (
        <p className="muted">Each finding is an error for the golden suite test (golden/judge-suites.test.ts): it fails on these items once they are exported. Saving is not blocked, and nothing is rewritten for you.</p>
      ) : null}
      <ul aria-label="Item findings">
        {items.map((i) => (
          <li key={`${i.kind}:${i.index}`}>
            <code>{i.kind}</code> “{i.text}”:{" "}
            {i.findings.length ? (
              <ul>
                {i.findings.map((f) => (
                  <li key={f.code + (f.match ?? "")} className="error" role="note">
                    error, {f.code}: {f.message}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="good">judgeable</span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

const show = (v: unknown) => (v === undefined || v === null || v === "" ? "—" : String(v));

/** What changed from one version to the next: items added, removed, reworded, moved; other fields before → after. */
export function DiffView({ diff }: { diff: CaseDiff }) {
  const empty = !diff.added.length && !diff.removed.length && !diff.changed.length && !diff.moved.length && !diff.fields.length;
  if (empty) return <p className="muted">No change.</p>;
  return (
    <ul className="diff" aria-label="Changes">
      {diff.added.map((a) => (
        <li key={`+${a.kind}${a.text}`}>
          <ins>+ {a.kind}: “{a.text}”</ins>
        </li>
      ))}
      {diff.removed.map((a) => (
        <li key={`-${a.kind}${a.text}`}>
          <del>− {a.kind}: “{a.text}”</del>
        </li>
      ))}
      {diff.changed.map((c) => (
        <li key={`~${c.kind}${c.before}`}>
          {c.kind} reworded: <del>“{c.before}”</del> → <ins>“{c.after}”</ins>
        </li>
      ))}
      {diff.moved.map((m) => (
        <li key={`>${m.text}`}>
          moved “{m.text}”: {m.from} → {m.to}
        </li>
      ))}
      {diff.fields.map((f) => (
        <li key={`=${f.field}`}>
          {f.field}: <del>{show(f.before)}</del> → <ins>{show(f.after)}</ins>
        </li>
      ))}
    </ul>
  );
}
