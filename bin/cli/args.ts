import { parseArgs } from "node:util";

export class UsageError extends Error {
  override name = "UsageError";
}

type Options = NonNullable<Parameters<typeof parseArgs>[0]>["options"];

/** node:util parseArgs with unknown options turned into a UsageError (exit 2), not a stack trace. */
export function parseCommandArgs<O extends Options>(argv: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}
