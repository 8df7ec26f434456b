import type { Database } from "../../db";
import { AppError } from "../../errors";
import type { RenderObserver } from "../../infra/pdf/render-queue";
import { contractPdfFileName, renderTemplatePdf } from "./render-template-pdf";
import type { PlaceholderValues } from "./template-html";
import { loadActiveStampPng, loadTemplateVersion } from "./template-queries";

/** Sample member data for the admin preview: what a filled contract will look like. */
export const PREVIEW_SAMPLE_VALUES: Omit<PlaceholderValues, "date"> = {
  name: "Max Mustermann",
  first_name: "Max",
  last_name: "Mustermann",
  company: "Musterfirma GmbH",
  email: "max.mustermann@example.com",
  address: "Musterstraße 1, 12345 Musterstadt",
};

/**
 * GET /api/document-templates/{id}/preview: a version (default the current one) filled with
 * sample data, unsigned, with the active company stamp if there is one.
 */
export async function renderTemplatePreview(
  db: Database,
  templateId: string,
  { version, now = new Date(), renders }: { version?: number; now?: Date; renders?: RenderObserver } = {},
): Promise<{ pdf: Buffer; fileName: string }> {
  const loaded = await loadTemplateVersion(db, templateId, version);
  if (!loaded) throw new AppError("NOT_FOUND", "templateNotFound");
  const stamp = await loadActiveStampPng(db);
  const pdf = await renderTemplatePdf(loaded, PREVIEW_SAMPLE_VALUES, { date: now, stamp, observer: renders });
  return { pdf, fileName: contractPdfFileName(loaded.template.name, loaded.version.version) };
}
