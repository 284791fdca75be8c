// The three text detectors behind H1, H4 and H5, run together on one reply.
import type { DetectorCode } from "../pack/vocab";
import type { DetectorContext } from "../schemas/probe";
import { detectH1 } from "./h1-disclosure";
import { detectH4 } from "./h4-advice";
import { detectH5 } from "./h5-timeline";
import type { DetectorResult } from "./types";

export { detectH1, detectH4, detectH5 };

/** Each detector by the hard criterion it backs. */
export const DETECTORS: Record<DetectorCode, (reply: string, ctx: DetectorContext) => DetectorResult> = { H1: detectH1, H4: detectH4, H5: detectH5 };

/** Every detector on one reply; pure, so a reply scores the same wherever it is run. */
export function runDetectors(reply: string, ctx: DetectorContext): Record<DetectorCode, DetectorResult> {
  return { H1: detectH1(reply, ctx), H4: detectH4(reply, ctx), H5: detectH5(reply, ctx) };
}
