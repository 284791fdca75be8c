import type { DetectorHit } from "../scoring/report-schema";

export type { DetectorHit };

/** What every text detector returns: fired iff hits is non-empty; hits are character spans into the reply. */
export type DetectorResult = { fired: boolean; hits: DetectorHit[] };
