/** What every server action returns: data or a message a person can act on, never a thrown stack. */
export type ActionResult<T> = { data: T; error: null } | { data: null; error: string };

export const ok = <T,>(data: T): ActionResult<T> => ({ data, error: null });
export const fail = <T = never,>(error: string): ActionResult<T> => ({ data: null, error });
