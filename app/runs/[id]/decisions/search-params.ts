import { z } from "zod";
import { DIFFICULTIES, FAMILIES, HARD_CODES, SPLITS } from "@/lib/pack/vocab";
import { DECISION_SORTS, type DecisionFilters, type DecisionSort } from "@/db/queries/decision-table";

// The decision table's filter, sort and page state lives in the URL (shareable, back button works). This schema parses
// it from untrusted search params; anything invalid falls back to the default rather than failing the page.

export const PAGE_SIZES = [25, 50, 100, 200] as const;

const optional = <T extends z.ZodType>(s: T) => s.optional().catch(undefined);
const score = z.coerce.number().min(0).max(1);

export const tableParamsSchema = z.object({
  split: optional(z.enum(SPLITS)),
  family: optional(z.enum(FAMILIES)),
  difficulty: optional(z.enum(DIFFICULTIES)),
  code: optional(z.enum(HARD_CODES)),
  format: optional(z.enum(["valid", "invalid"])),
  thinking: optional(z.enum(["on", "off"])),
  min: optional(score),
  max: optional(score),
  sort: z.enum(DECISION_SORTS).catch("line").default("line"),
  dir: z.enum(["asc", "desc"]).catch("asc").default("asc"),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(50)
    .default(50),
});

export type TableParams = z.infer<typeof tableParamsSchema>;
export type FilterKey = "split" | "family" | "difficulty" | "code" | "format" | "thinking" | "min" | "max";
export const FILTER_KEYS: readonly FilterKey[] = ["split", "family", "difficulty", "code", "format", "thinking", "min", "max"];

export function parseTableParams(sp: Record<string, string | string[] | undefined>): TableParams {
  const flat = Object.fromEntries(Object.entries(sp).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]).filter(([, v]) => v !== undefined && v !== ""));
  return tableParamsSchema.parse(flat);
}

/** Only non-default values go into the URL, so a plain link stays plain. */
export function toSearch(p: TableParams): string {
  const q = new URLSearchParams();
  for (const k of FILTER_KEYS) if (p[k] !== undefined) q.set(k, String(p[k]));
  if (p.sort !== "line" || p.dir !== "asc") {
    q.set("sort", p.sort);
    q.set("dir", p.dir);
  }
  if (p.page !== 1) q.set("page", String(p.page));
  if (p.size !== 50) q.set("size", String(p.size));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export function toFilters(p: TableParams): DecisionFilters {
  return {
    split: p.split,
    family: p.family,
    difficulty: p.difficulty,
    code: p.code,
    formatInvalid: p.format === undefined ? undefined : p.format === "invalid",
    thinking: p.thinking === undefined ? undefined : p.thinking === "on",
    minScore: p.min,
    maxScore: p.max,
  };
}

export type { DecisionSort };
