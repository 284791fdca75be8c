"use client";

type Option = string | { value: string; label: string };

/** One filter of a browser-filtered table: a labelled select whose empty value means "no filter". */
export function FilterSelect({ label, value, onChange, options, anyLabel = "any" }: { label: string; value: string; onChange: (value: string) => void; options: readonly Option[]; anyLabel?: string }) {
  return (
    <label>
      {label}{" "}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((o) =>
          typeof o === "string" ? (
            <option key={o}>{o}</option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </label>
  );
}
