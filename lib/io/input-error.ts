/** Bad input: names the file, the 1-based line (0 when the whole file is at fault) and the field. Never carries a stack to the user. */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${file}${line > 0 ? `:${line}` : ""}: ${field ? `${field}: ` : ""}${detail}`);
    this.name = "InputError";
  }
}

/** Formats a zod issue path the way a person reads it: action.flags[2]. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}
