"use client";
import { ExportPreviewButton } from "../_components/export-preview";
import { previewProbeExportAction } from "./export-actions";

/** Export probes (issue 20): preview, then download; anyone who may label may export probes. */
export function ExportProbesButton() {
  return <ExportPreviewButton label="Export probes" preview={previewProbeExportAction} />;
}
