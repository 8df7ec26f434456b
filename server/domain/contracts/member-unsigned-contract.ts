import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { AppError } from "../../errors";
import type { RenderObserver } from "../../infra/pdf/render-queue";
import { memberPlaceholderValues, renderContractForMember } from "./contract-pdf-for-member";
import { chooseMemberTemplates } from "./member-templates";
import { assertContractRenderAllowed } from "./render-rate-limits";
import { contractPdfFileName } from "./render-template-pdf";
import { loadActiveStampPng, loadTemplateVersion } from "./template-queries";

/**
 * GET /api/document-templates/{id}/generate-pdf: the template's current version filled
 * with the caller's data, unsigned, to read or to sign by hand. A member gets only a template they
 * sign (active, their audience, either language); another answers 404 like an unknown one.
 * Admins may render any template with their own data. Limited per caller: each call renders.
 */
export async function renderUnsignedContract(
  db: Database,
  caller: UserRow,
  options: { templateId: string; isAdmin: boolean; now?: Date; renders?: RenderObserver },
): Promise<{ pdf: Buffer; fileName: string }> {
  const notFound = new AppError("NOT_FOUND", "contractTemplateNotFound");
  await assertContractRenderAllowed(db, caller.id, "download");
  if (!options.isAdmin) {
    const own = [
      ...(await chooseMemberTemplates(db, caller, "de")),
      ...(await chooseMemberTemplates(db, caller, "en")),
    ];
    if (!own.some((template) => template.id === options.templateId.toLowerCase())) throw notFound;
  }
  const loaded = await loadTemplateVersion(db, options.templateId);
  if (!loaded) throw notFound;
  const [values, stamp] = await Promise.all([memberPlaceholderValues(db, caller), loadActiveStampPng(db)]);
  const pdf = await renderContractForMember(loaded, values, {
    date: options.now ?? new Date(),
    stamp,
    observer: options.renders,
  });
  return { pdf, fileName: contractPdfFileName(loaded.template.name, loaded.version.version) };
}
