import { createHash } from "node:crypto";
import { validateDetectors, type DetectorValidation } from "../../lib/detectors/validate";
import type { DetectorCode } from "../../lib/pack/vocab";
import type { Probe } from "../../lib/schemas/probe";

// Running every shipped probe through its detector takes about a second. A process that asks for the same probes'
// figures again (a test file running many CLI commands in-process, a loop of commands) gets the first measurement:
// the key is the probes' whole content, so any edit to a probe file measures afresh.
const measured = new Map<string, Readonly<Record<DetectorCode, DetectorValidation>>>();
const KEEP = 4;

/** validateDetectors(probes), measured once per distinct probe content in this process. Treat the result as read-only. */
export function detectorFigures(probes: readonly Probe[]): Readonly<Record<DetectorCode, DetectorValidation>> {
  const key = createHash("sha256").update(JSON.stringify(probes)).digest("base64");
  let figures = measured.get(key);
  if (!figures) {
    figures = validateDetectors(probes);
    measured.set(key, figures);
    if (measured.size > KEEP) measured.delete(measured.keys().next().value!);
  }
  return figures;
}
