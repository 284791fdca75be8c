"use client";
import { ExportPreviewButton } from "../_components/export-preview";
import { previewGoldenExportAction } from "./export-actions";

/** Export golden cases (issue 20): preview, then download golden/roles/<role>.json and golden/policy_behaviors.json; leads only. */
export function ExportGoldenButton() {
  return <ExportPreviewButton label="Export golden cases" preview={previewGoldenExportAction} />;
}
