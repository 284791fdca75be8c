import { analyse } from "../detectors/doc";
import { findTimelines } from "../detectors/timelines";

/**
 * Issue 18: H5's not-fired audit stratum holds only replies that name a period or date at all — any timeline mention
 * H5's grammar finds ("3 business days", "Friday", "5 pm"), whatever it then reads it as. Right after the detectors
 * ran on the same reply this is a cache hit (analyse and findTimelines remember the last reply).
 */
export function namesPeriodOrDate(reply: string): boolean {
  return findTimelines(analyse(reply)).length > 0;
}
