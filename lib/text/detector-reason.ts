/**
 * A detector's reason with its code said once: detectors write some reasons as "H5: commitment to …" already, so
 * prefixing the code again gave "H5: H5: commitment to …" in the reply's hover text (issue 26, item 11).
 */
export function reasonWithCode(code: string, reason: string, verb = ""): string {
  const bare = reason.startsWith(`${code}:`) ? reason.slice(code.length + 1).trimStart() : reason;
  return `${code}${verb ? ` ${verb}` : ""}: ${bare}`;
}
