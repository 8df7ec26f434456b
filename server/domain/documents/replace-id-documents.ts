import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { documents, users } from "../../db/schema";
import { recordAuditEvent } from "../audit/record-audit-event";
import { recordChangeReview } from "../change-reviews/record-change-review";
import { lockOwnAccount } from "../lock-own-account";
import type { IdDocumentType } from "./id-upload-fields";

export type StoredIdImage = {
  side: "front" | "back";
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  originalFilename: string;
};

export type ReplaceIdDocumentsInput = {
  userId: string;
  documentType: IdDocumentType;
  idType: string;
  idNumber: string;
  expiryDate: string;
  images: StoredIdImage[];
  ip: string | null;
};

/**
 * Makes the new images the user's ID documents, in one transaction: the current ID rows make
 * way, the new ones come, the onboarding step is marked done (the first time) and the upload is
 * audited. The user's row is locked first, so two uploads at once end with one set of documents,
 * not both.
 *
 * Before the admin's approval the old rows are unapproved drafts: they go, and the caller deletes
 * their files once this has committed (a rollback must not have lost them). After approval the
 * old rows and files stay, marked superseded, for the audit trail, and the change goes before an
 * admin; the account stays usable meanwhile.
 */
export async function replaceIdDocuments(db: Database, input: ReplaceIdDocumentsInput) {
  return db.transaction(async (tx) => {
    const owner = await lockOwnAccount(tx, input.userId);
    const approved = owner.adminVerifiedAt !== null;

    const current = and(
      eq(documents.userId, input.userId),
      eq(documents.kind, "id"),
      isNull(documents.supersededAt),
    );
    const replaced = approved
      ? await tx
          .update(documents)
          .set({ supersededAt: new Date() })
          .where(current)
          .returning({ id: documents.id, storageKey: documents.storageKey })
      : await tx
          .delete(documents)
          .where(current)
          .returning({ id: documents.id, storageKey: documents.storageKey });
    const inserted = await tx
      .insert(documents)
      .values(
        input.images.map((image) => ({
          userId: input.userId,
          kind: "id" as const,
          side: image.side,
          documentType: input.documentType,
          idType: input.idType,
          idNumber: input.idNumber,
          expiryDate: input.expiryDate,
          originalFilename: image.originalFilename,
          storageKey: image.storageKey,
          contentType: image.contentType,
          sizeBytes: image.sizeBytes,
          sha256: image.sha256,
        })),
      )
      .returning({ id: documents.id, side: documents.side, originalFilename: documents.originalFilename });
    await tx
      .update(users)
      .set({ documentsUploadedAt: sql`coalesce(${users.documentsUploadedAt}, now())` })
      .where(eq(users.id, input.userId));
    // Facts only: never the ID number.
    await recordAuditEvent(tx as unknown as Database, {
      action: "onboarding.id_uploaded",
      actorUserId: input.userId,
      subjectUserId: input.userId,
      details: {
        documentType: input.documentType,
        idType: input.idType,
        sides: input.images.map((image) => image.side),
        replacedDocuments: replaced.length,
        keptReplacedDocuments: approved,
      },
      ip: input.ip,
    });
    if (approved) {
      await recordChangeReview(tx as unknown as Database, {
        userId: input.userId,
        kind: "id_documents",
        previous: { documentIds: replaced.map((row) => row.id) },
        proposed: { documentIds: inserted.map((row) => row.id) },
        ip: input.ip,
      });
    }
    return { inserted, replacedKeys: approved ? [] : replaced.map((row) => row.storageKey) };
  });
}
