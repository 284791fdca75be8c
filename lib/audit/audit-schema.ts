import { z } from "zod";
import { DETECTOR_CODES } from "../pack/vocab";
import { effectiveLabel } from "../probes/effective-label";
import { PROBE_LABELS } from "../schemas/probe";
import { AUDIT_STRATA } from "./strata";

// An exported run audit (issue 18): what `npx assay score --run FILE --audit AUDIT.json` reads to print the run
// report's per-run detector figures. Labels are votes; the majority is recomputed from them, never trusted.

const stratumSize = z.object({ size: z.number().int().nonnegative(), drawn: z.number().int().nonnegative() }).strict();
const detectorStrata = z.object({ fired: stratumSize, not_fired: stratumSize }).strict();

export const auditVoteSchema = z.object({ annotator: z.string().min(1), label: z.enum(PROBE_LABELS), labelled_at: z.string() }).strict();

export const auditItemSchema = z
  .object({
    detector: z.enum(DETECTOR_CODES),
    stratum: z.enum(AUDIT_STRATA),
    /** 1-based line of the run file. */
    line: z.number().int().positive(),
    decision_id: z.string().min(1),
    /** SHA-256 (hex) of the line's `raw` output: the CLI checks the run file holds the very reply that was labelled. */
    raw_sha256: z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 in hex"),
    votes: z.array(auditVoteSchema),
    /** The strict majority of the votes (null: unlabelled or tied); checked against the votes. */
    label: z.enum(PROBE_LABELS).nullable(),
    promoted_probe_id: z.string().nullable(),
  })
  .strict();

export const auditExportSchema = z
  .object({
    kind: z.literal("run-audit"),
    schema_version: z.literal(1),
    run: z.object({ name: z.string(), file: z.string(), n_lines: z.number().int().nonnegative(), pack_version: z.string() }).strict(),
    seed: z.number().int(),
    drawn_by: z.string(),
    drawn_at: z.string(),
    strata: z.object({ H1: detectorStrata, H4: detectorStrata, H5: detectorStrata }).strict(),
    items: z.array(auditItemSchema),
  })
  .strict()
  .superRefine((a, ctx) => {
    const seen = new Set<string>();
    const drawn = new Map<string, number>();
    a.items.forEach((it, i) => {
      const key = `${it.detector}/${it.line}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["items", i, "line"], message: `line ${it.line} is drawn twice for ${it.detector}` });
      seen.add(key);
      if (it.line > a.run.n_lines) ctx.addIssue({ code: "custom", path: ["items", i, "line"], message: `line ${it.line} is past the run's ${a.run.n_lines} lines` });
      const majority = effectiveLabel(it.votes).label;
      if (majority !== it.label) ctx.addIssue({ code: "custom", path: ["items", i, "label"], message: `label ${it.label} but the votes' majority is ${majority}` });
      drawn.set(`${it.detector}/${it.stratum}`, (drawn.get(`${it.detector}/${it.stratum}`) ?? 0) + 1);
    });
    for (const c of DETECTOR_CODES) {
      for (const s of AUDIT_STRATA) {
        const st = a.strata[c][s];
        if (st.drawn > st.size) ctx.addIssue({ code: "custom", path: ["strata", c, s, "drawn"], message: `${st.drawn} drawn from a stratum of ${st.size}` });
        const n = drawn.get(`${c}/${s}`) ?? 0;
        if (n !== st.drawn) ctx.addIssue({ code: "custom", path: ["strata", c, s, "drawn"], message: `${st.drawn} drawn but ${n} items listed` });
      }
    }
  });

export type AuditExport = z.infer<typeof auditExportSchema>;
export type AuditExportItem = z.infer<typeof auditItemSchema>;
