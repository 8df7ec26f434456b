import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db";
import { documents } from "../../db/schema";
import type { ObjectStorage } from "../../infra/storage/types";
import { DOCUMENT_URL_LIFETIME_SECONDS, storedDocumentColumns } from "../documents/list-own-id-documents";

/** A user's documents as stored (no ID number), for the admin views and the export. */
export async function listUserDocumentRows(db: Database, userId: string) {
  return (
    db
      .select({
        id: documents.id,
        kind: documents.kind,
        ...storedDocumentColumns,
        supersededAt: documents.supersededAt,
      })
      .from(documents)
      .where(eq(documents.userId, userId))
      // "front" sorts before "back" in the enum's order.
      .orderBy(asc(documents.kind), asc(documents.side), asc(documents.createdAt))
  );
}

/**
 * Stored documents of one user for an admin. Call only after the admin check: the
 * signed URLs (valid for 300 s) are the authorization to fetch the bytes.
 */
export async function listUserDocumentsForAdmin(
  deps: { db: Database; storage: ObjectStorage },
  userId: string,
) {
  const rows = await listUserDocumentRows(deps.db, userId);
  type Row = (typeof rows)[number];
  /** The rows of one kind as `view` shows them, each with a signed URL to view the file. */
  const withUrls = <T>(kind: Row["kind"], view: (row: Row) => T) =>
    Promise.all(
      rows
        .filter((row) => row.kind === kind)
        .map(async (row) => ({
          ...view(row),
          signedUrl: await deps.storage.signedUrl(row.storageKey, {
            expiresInSeconds: DOCUMENT_URL_LIFETIME_SECONDS,
            fileName: row.originalFilename,
            disposition: "inline",
          }),
        })),
    );
  const idDocuments = await withUrls("id", (row) => ({
    user_id_document_id: row.id,
    side: row.side,
    document_type: row.documentType,
    id_type: row.idType,
    original_filename: row.originalFilename,
    object_storage_id: row.storageKey,
    content_type: row.contentType,
    uploaded_at: row.createdAt.toISOString(),
    // Replaced after the admin's approval: kept for the audit trail, no longer current.
    superseded_at: row.supersededAt?.toISOString() ?? null,
  }));
  const contracts = await withUrls("contract", (row) => ({
    id: row.id,
    original_filename: row.originalFilename,
    object_storage_id: row.storageKey,
    content_type: row.contentType,
    uploaded_at: row.createdAt.toISOString(),
  }));
  return { contracts, idDocuments };
}
