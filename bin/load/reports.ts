import { z } from "zod";
import { normaliseReport, type NormalisedReport } from "../../lib/compare/read-report";
import { readJsonFile } from "./files";

/** Reads a judge (v1/v2) or score report from disk; bad JSON or an unknown shape is an InputError naming file and field. */
export function loadReport(file: string): NormalisedReport {
  return normaliseReport(readJsonFile(file, z.unknown()), file);
}
