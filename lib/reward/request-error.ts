import type { z } from "zod";
import { formatPath } from "../io/input-error";

/** Limits on one request: larger batches are refused with 413, never truncated. */
export const MAX_BATCH = 10_000;
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Why a request cannot be scored: the HTTP status, and the item index and field at fault (null index: the whole body). */
export type RequestError = { status: 400 | 401 | 404 | 405 | 413 | 415 | 422; error: string; index: number | null; field: string };

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: RequestError };

export function fail(status: RequestError["status"], field: string, message: string, index: number | null = null): { ok: false; error: RequestError } {
  return { ok: false, error: { status, error: field ? `${field}: ${message}` : message, index, field } };
}

/** A zod failure as a 400 naming the first offending field (`outputs[3].raw`) and the item index when there is one. */
export function schemaFailure(error: z.ZodError, itemsKey: string | null): { ok: false; error: RequestError } {
  const issue = error.issues[0]!;
  const index = itemsKey !== null && issue.path[0] === itemsKey && typeof issue.path[1] === "number" ? issue.path[1] : null;
  return fail(400, formatPath(issue.path), issue.message, index);
}

/** A batch over MAX_BATCH items is refused whole (413) before any item is read. */
export function checkBatchSize(n: number, field: string): { ok: false; error: RequestError } | null {
  return n > MAX_BATCH ? fail(413, field, `${n} items is over the limit of ${MAX_BATCH} per request; split the batch`) : null;
}

/** The deepest nesting a body may have: NeMo Gym's requests (tool schemas included) stay far below it. */
export const MAX_JSON_DEPTH = 512;

/** Whether a parsed JSON value nests deeper than `max`; iterative, so a 10,000-deep body cannot overflow the stack. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}
