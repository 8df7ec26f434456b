import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db";
import { documents } from "../../db/schema";
import type { ObjectStorage } from "../../infra/storage/types";

/** Short enough that a URL copied out of the page is soon useless. */
export const DOCUMENT_URL_LIFETIME_SECONDS = 300;

/** What the member's and the admin's document lists read of a stored document (no ID number). */
export const storedDocumentColumns = {
  side: documents.side,
  documentType: documents.documentType,
  idType: documents.idType,
  expiryDate: documents.expiryDate,
  originalFilename: documents.originalFilename,
  storageKey: documents.storageKey,
  contentType: documents.contentType,
  sizeBytes: documents.sizeBytes,
  createdAt: documents.createdAt,
};

/**
 * The caller's own ID documents with short-lived signed URLs. The user id comes from the
 * authenticated session, never from the request, so nobody can list another member's documents;
 * the URL is issued only here, after that check.
 */
export async function listOwnIdDocuments(deps: { db: Database; storage: ObjectStorage }, userId: string) {
  const rows = await deps.db
    .select({ id: documents.id, ...storedDocumentColumns })
    .from(documents)
    // The current ones only: superseded documents are kept for the admins' audit trail.
    .where(and(eq(documents.userId, userId), eq(documents.kind, "id"), isNull(documents.supersededAt)))
    // "front" sorts before "back" in the enum's order.
    .orderBy(asc(documents.side), asc(documents.createdAt));
  const expiresAt = new Date(Date.now() + DOCUMENT_URL_LIFETIME_SECONDS * 1000).toISOString();
  return Promise.all(
    rows.map(async ({ storageKey, createdAt, ...row }) => ({
      ...row,
      uploadedAt: createdAt.toISOString(),
      signedUrl: await deps.storage.signedUrl(storageKey, {
        expiresInSeconds: DOCUMENT_URL_LIFETIME_SECONDS,
        fileName: row.originalFilename,
        disposition: "inline",
      }),
      signedUrlExpiresAt: expiresAt,
    })),
  );
}
