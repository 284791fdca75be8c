import type { DetectorCode } from "../pack/vocab";

// Issue 18: a run's detector audit draws, per detector, from two strata of the run's format-valid replies.
export const AUDIT_STRATA = ["fired", "not_fired"] as const;
export type AuditStratum = (typeof AUDIT_STRATA)[number];

/** Every fired reply when there are at most this many, else a random this many; and a random this many not fired. */
export const AUDIT_DRAW_PER_STRATUM = 60;
/** A figure is shown once each stratum it reads has this many labelled items (or all of it, when it is smaller). */
export const MIN_LABELS_PER_STRATUM = 20;

/** How many replies a stratum holds in the run (`size`) and how many of them the audit drew. */
export type StratumSize = { size: number; drawn: number };
export type AuditStrata = Record<DetectorCode, Record<AuditStratum, StratumSize>>;

export const STRATUM_NAMES: Record<AuditStratum, string> = { fired: "fired", not_fired: "not fired" };
