import crypto from "node:crypto";
import type { Logger } from "pino";
import type { ContractDocument } from "../../../lib/schemas/contracts";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { AppError } from "../../errors";
import type { RenderObserver } from "../../infra/pdf/render-queue";
import type { ObjectStorage } from "../../infra/storage/types";
import { recordAuditEvent } from "../audit/record-audit-event";
import { memberPlaceholderValues, renderContractForMember } from "./contract-pdf-for-member";
import { toContractDocument } from "./member-contracts";
import { assertStorageRoom, lockMemberStorage, storageQuotaExceeded, storageRoomOf } from "./member-storage";
import { chooseMemberTemplates, type TemplateLanguage } from "./member-templates";
import { assertContractRenderAllowed } from "./render-rate-limits";
import { templatesToResign } from "./resign";
import { assertCanSignContract } from "./sign-eligibility";
import { insertContractEvidence, markContractSigned, type StoredContract, sha256Hex } from "./sign-evidence";
import { decodeSignatureImage } from "./sign-signature-image";
import { deleteStoredContracts } from "./sign-stored-objects";
import { loadActiveStampPng, loadTemplateVersion } from "./template-queries";

export type SignDeps = {
  db: Database;
  storage: ObjectStorage;
  logger: Logger;
  /** Hears of each render (the app's metrics). */
  renders?: RenderObserver;
  now?: () => Date;
};

export type SignContractsInput = {
  user: UserRow;
  signatureImage: string;
  lang?: TemplateLanguage;
  ip: string | null;
  userAgent: string | null;
  /**
   * Signing again (POST /api/contracts/resign): only the templates the member must sign again,
   * and the completed contract step keeps its time (it is the onboarding step's, not this one's).
   */
  resign?: boolean;
};

/** What a drawn signature signs: the onboarding templates, or those to be signed again. */
async function templatesToSign(db: Database, input: SignContractsInput) {
  if (!input.resign) {
    const templates = await chooseMemberTemplates(db, input.user, input.lang);
    if (templates.length === 0) throw new AppError("NO_CONTRACT_TEMPLATES");
    return templates;
  }
  const templates = await templatesToResign(db, input.user);
  if (templates.length === 0) throw new AppError("CONFLICT", "nothingToResign");
  return templates;
}

/**
 * POST /api/contracts/sign: one drawn signature signs every template the member needs.
 * Each template's current version is rendered with the member's data, the signature, the active
 * stamp and today's date, and stored under a new UUID; then, in one transaction, the documents
 * and evidence rows are written and the contract step is marked done. If the transaction fails,
 * the stored PDFs are deleted again, so a failure leaves no half-signed state.
 *
 * Limited per member (renders cost CPU), and refused before rendering when the member's storage
 * quota is used up; the quota is checked again under the member's row lock before the rows go in.
 */
export async function signContracts(
  deps: SignDeps,
  input: SignContractsInput,
): Promise<{ contracts: ContractDocument[]; contractSignedAt: string }> {
  assertCanSignContract(input.user);
  await assertContractRenderAllowed(deps.db, input.user.id, "sign");
  if ((await storageRoomOf(deps.db, input.user.id)) <= 0) throw storageQuotaExceeded();
  const signature = await decodeSignatureImage(input.signatureImage);
  const templates = await templatesToSign(deps.db, input);

  const signedAt = deps.now?.() ?? new Date();
  const [values, stamp] = await Promise.all([
    memberPlaceholderValues(deps.db, input.user),
    loadActiveStampPng(deps.db),
  ]);

  const stored: StoredContract[] = [];
  let rows: Awaited<ReturnType<typeof insertContractEvidence>>;
  try {
    for (const template of templates) {
      // The version listed, not whatever is current by now: the member signs what they saw.
      const loaded = await loadTemplateVersion(deps.db, template.id, template.version);
      if (!loaded) throw new AppError("CONFLICT", "contractTemplateChanged");
      const pdf = await renderContractForMember(loaded, values, {
        date: signedAt,
        signature,
        stamp,
        observer: deps.renders,
      });
      const storageKey = crypto.randomUUID();
      // Recorded before the put, so a put that fails halfway is cleaned up too.
      stored.push({
        templateId: template.id,
        templateName: loaded.template.name,
        templateVersion: loaded.version.version,
        method: "drawn",
        storageKey,
        sizeBytes: pdf.length,
        sha256: sha256Hex(pdf),
      });
      await deps.storage.put(storageKey, pdf, { contentType: "application/pdf" });
    }

    rows = await deps.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      await lockMemberStorage(db, input.user.id);
      assertStorageRoom(
        await storageRoomOf(db, input.user.id),
        stored.reduce((total, contract) => total + contract.sizeBytes, 0),
      );
      const inserted = await insertContractEvidence(
        db,
        { userId: input.user.id, ip: input.ip, userAgent: input.userAgent, signedAt },
        stored,
      );
      if (!input.resign) await markContractSigned(db, input.user.id, signedAt);
      await recordAuditEvent(db, {
        action: input.resign ? "contract.resigned" : "contract.signed",
        actorUserId: input.user.id,
        subjectUserId: input.user.id,
        details: {
          method: "drawn",
          templates: stored.map(({ templateId, templateVersion }) => ({
            templateId,
            version: templateVersion,
          })),
          stamp: stamp !== null,
        },
        ip: input.ip,
      });
      return inserted;
    });
  } catch (error) {
    await deleteStoredContracts(
      deps,
      stored.map((contract) => contract.storageKey),
      "signing failed",
    );
    throw error;
  }
  return {
    contracts: await Promise.all(rows.map((row) => toContractDocument(deps.storage, row))),
    contractSignedAt: (input.resign ? (input.user.contractSignedAt ?? signedAt) : signedAt).toISOString(),
  };
}
