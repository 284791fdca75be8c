// The prompt's version travels with the pack: the policies and vocabularies it renders come from the pack, and the
// revision counts changes to the renderer itself (wording, layout, message structure). Bump PROMPT_REVISION whenever
// render.ts would render a decision point differently; lib/prompts/render.test.ts fails until its golden file is
// regenerated, and refuses to regenerate it under an unchanged version.

import { PACK_VERSION } from "../pack/vocab";

/** Revision of the renderer in lib/prompts/render.ts. */
export const PROMPT_REVISION = 1;

/** The prompt version of a pack rendered by this renderer: `<pack version>-p<revision>`, e.g. `1.5-p1`. */
export function promptVersion(packVersion: string): string {
  return `${packVersion}-p${PROMPT_REVISION}`;
}

/** The prompt version of the shipped pack. */
export const PROMPT_VERSION = promptVersion(PACK_VERSION);
