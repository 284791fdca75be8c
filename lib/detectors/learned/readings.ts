// How each learned model reads a reply: H5 sees an allowed timeline string as a marker, H1 and H4 see the text as is.
import type { Reading } from "./features";

export const READINGS = { H1: { markAllowed: false }, H4: { markAllowed: false }, H5: { markAllowed: true } } as const satisfies Record<string, Reading>;
