import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { documents, users } from "../../db/schema";
import { recordAuditEvent } from "../audit/record-audit-event";
import { recordChangeReview } from "../change-reviews/record-change-review";
import { assertStorageRoom, storageRoomOf } from "../contracts/member-storage";
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

const currentIdDocuments = (userId: string) =>
  and(eq(documents.userId, userId), eq(documents.kind, "id"), isNull(documents.supersededAt));

/**
 * Bytes the member may still store for a new ID upload, before it is read: an account not yet
 * approved gets the room of its current images too (they make way), an approved one does not
 * (they are kept for the review). The exact check follows in replaceIdDocuments, under the lock.
 */
export async function idUploadRoomOf(db: Database, userId: string): Promise<number> {
  const [owner] = await db
    .select({ adminVerifiedAt: users.adminVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (owner?.adminVerifiedAt) return storageRoomOf(db, userId);
  const [current] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${documents.sizeBytes}), 0)` })
    .from(documents)
    .where(currentIdDocuments(userId));
  return storageRoomOf(db, userId, Number(current?.total ?? 0));
}

/**
 * Makes the new images the user's ID documents, in one transaction: the current ID rows make
 * way, the new ones come, the onboarding step is marked done (the first time) and the upload is
 * audited. The user's row is locked first, so two uploads at once end with one set of documents,
 * not both; the same lock orders every storage write of the member (contracts take it too), so
 * the storage quota is checked against one state: 413 when the new images do not fit.
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

    const current = currentIdDocuments(input.userId);
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
    // Counted after the old rows made way: deleted drafts free their bytes, superseded images
    // still count until they are deleted.
    assertStorageRoom(
      await storageRoomOf(tx, input.userId),
      input.images.reduce((total, image) => total + image.sizeBytes, 0),
    );
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
