import type { Probe } from "../schemas/probe";

// The probe files are written as `{"key": value, ...}` (", " and ": " separators, non-ASCII kept as is), so a
// workbench export of unchanged probes reproduces them byte for byte and a relabel is a one-line git diff.

function dump(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(dump).join(", ")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${JSON.stringify(k)}: ${dump(x)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(v);
}

/** One probe as a line of probes/*.jsonl, keys in the schema's order (id, detector, reply, context, label, pair_id, note). */
export function probeToJsonl(p: Probe): string {
  return dump({
    id: p.id,
    detector: p.detector,
    reply: p.reply,
    context: {
      allowed_timeline_claims: p.context.allowed_timeline_claims,
      may_disclose_account_details: p.context.may_disclose_account_details,
      customer_message: p.context.customer_message,
    },
    label: p.label,
    pair_id: p.pair_id,
    note: p.note,
  });
}
