import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { MEMBER_STORAGE_QUOTA_BYTES } from "../../../lib/constants";
import type { Database } from "../../db";
import { contractSignatures, documents, users } from "../../db/schema";
import { AppError } from "../../errors";

const QUOTA_MB = Math.round(MEMBER_STORAGE_QUOTA_BYTES / (1024 * 1024));

/** A stored upload that a new upload of the same template version replaces. */
export type PendingUpload = { documentId: string; storageKey: string; sizeBytes: number };

/**
 * Bytes the member has in storage: every documents row (ID images and contracts), as committed.
 * Counted from the database, so parallel requests see each other once committed; the writers
 * hold the member's row lock (lockMemberStorage) while they check and insert.
 */
async function storedBytesOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${documents.sizeBytes}), 0)` })
    .from(documents)
    .where(eq(documents.userId, userId));
  return Number(row?.total ?? 0);
}

/**
 * The member's uploaded contracts that no completed contract step covers yet: uploaded after the
 * step was last completed (or while it never was). Drawn signatures complete the step in the
 * same transaction, and uploads up to a completion are the evidence of what was completed; both
 * stay. Narrowed to one template version when given.
 */
export async function pendingUploadsOf(
  db: Database,
  userId: string,
  template?: { id: string; version: number },
): Promise<PendingUpload[]> {
  return db
    .select({
      documentId: documents.id,
      storageKey: documents.storageKey,
      sizeBytes: documents.sizeBytes,
    })
    .from(contractSignatures)
    .innerJoin(documents, eq(documents.id, contractSignatures.documentId))
    .innerJoin(users, eq(users.id, contractSignatures.userId))
    .where(
      and(
        eq(contractSignatures.userId, userId),
        eq(contractSignatures.method, "upload"),
        or(isNull(users.contractSignedAt), gt(contractSignatures.signedAt, users.contractSignedAt)),
        ...(template
          ? [
              eq(contractSignatures.templateId, template.id),
              eq(contractSignatures.templateVersion, template.version),
            ]
          : []),
      ),
    );
}

/**
 * Inside the caller's transaction: waits for the member's other storage writes (uploads,
 * signing, completion) so the quota check and the insert that follows see one state.
 */
export async function lockMemberStorage(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Bytes the member may still store, counting `freed` bytes as about to be removed. */
export async function storageRoomOf(db: Database, userId: string, freed = 0): Promise<number> {
  return MEMBER_STORAGE_QUOTA_BYTES - (await storedBytesOf(db, userId)) + freed;
}

export const storageQuotaExceeded = () =>
  new AppError("STORAGE_QUOTA_EXCEEDED", "storageQuotaReached", { quotaMb: QUOTA_MB });

/** Refuses `adding` bytes when they do not fit into the room left. */
export function assertStorageRoom(room: number, adding: number): void {
  if (adding > room) throw storageQuotaExceeded();
}

/** Inside the caller's transaction: removes replaced uploads' rows (the evidence row goes with them). */
export async function deletePendingUploadRows(tx: Database, uploads: PendingUpload[]): Promise<void> {
  if (uploads.length === 0) return;
  await tx.delete(documents).where(
    inArray(
      documents.id,
      uploads.map((upload) => upload.documentId),
    ),
  );
}
