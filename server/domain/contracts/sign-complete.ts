import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import { chooseMemberTemplates, missingTemplates, type TemplateLanguage } from "./member-templates";
import { assertCanSignContract } from "./sign-eligibility";
import { markContractSigned } from "./sign-evidence";

/**
 * POST /api/contracts/complete (upload mode): the contract step is done when the member
 * has a signed contract for the current version of every template they sign; otherwise 422
 * naming the ones missing ("with a message listing the template names").
 */
export async function completeContracts(
  deps: { db: Database; now?: () => Date },
  input: { user: UserRow; lang?: TemplateLanguage; ip: string | null },
): Promise<{ contractSignedAt: string }> {
  assertCanSignContract(input.user);
  const templates = await chooseMemberTemplates(deps.db, input.user, input.lang);
  if (templates.length === 0) throw new AppError("NO_CONTRACT_TEMPLATES");
  const missing = missingTemplates(templates);
  if (missing.length > 0) {
    throw new AppError("CONTRACT_INCOMPLETE", "contractsMissing", {
      missing,
      names: missing.map((template) => template.name),
    });
  }
  const signedAt = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await markContractSigned(db, input.user.id, signedAt);
    await recordAuditEvent(db, {
      action: "contract.completed",
      actorUserId: input.user.id,
      subjectUserId: input.user.id,
      details: { templates: templates.map(({ id, version }) => ({ templateId: id, version })) },
      ip: input.ip,
    });
  });
  return { contractSignedAt: signedAt.toISOString() };
}
