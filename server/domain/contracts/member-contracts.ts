import { and, desc, eq } from "drizzle-orm";
import type { ContractDocument } from "../../../lib/schemas/contracts";
import type { Database } from "../../db";
import { contractSignatures, documents } from "../../db/schema";
import { AppError } from "../../errors";
import type { ObjectStorage } from "../../infra/storage/types";
import { DOCUMENT_URL_LIFETIME_SECONDS } from "../documents/list-own-id-documents";
import { isUuid } from "../ids";

type Deps = { db: Database; storage: ObjectStorage };

/** What a signature says about the contract it signed: which template, how, when, its hash. */
export const signatureColumns = {
  templateId: contractSignatures.templateId,
  templateName: contractSignatures.templateName,
  templateVersion: contractSignatures.templateVersion,
  method: contractSignatures.method,
  signedAt: contractSignatures.signedAt,
  sha256: contractSignatures.sha256,
};

const contractColumns = {
  id: documents.id,
  userId: documents.userId,
  storageKey: documents.storageKey,
  originalFilename: documents.originalFilename,
  ...signatureColumns,
};

type ContractRow = {
  id: string;
  storageKey: string;
  originalFilename: string;
  templateId: string | null;
  templateName: string;
  templateVersion: number;
  method: "drawn" | "upload";
  signedAt: Date;
  sha256: string;
};

/** A signed download URL (5 minutes); issue it only after the ownership check. */
const contractDownloadUrl = (
  storage: ObjectStorage,
  row: Pick<ContractRow, "storageKey" | "originalFilename">,
) =>
  storage.signedUrl(row.storageKey, {
    expiresInSeconds: DOCUMENT_URL_LIFETIME_SECONDS,
    fileName: row.originalFilename,
    disposition: "attachment",
  });

/** A stored contract as the API answers it; `id` is the documents row. */
export async function toContractDocument(
  storage: ObjectStorage,
  row: ContractRow,
): Promise<ContractDocument> {
  return {
    id: row.id,
    templateId: row.templateId,
    templateName: row.templateName,
    templateVersion: row.templateVersion,
    method: row.method,
    originalFilename: row.originalFilename,
    signedAt: row.signedAt.toISOString(),
    sha256: row.sha256,
    signedUrl: await contractDownloadUrl(storage, row),
  };
}

/**
 * GET /api/contracts/mine: the caller's signed contracts, newest first. The user id comes from
 * the session, never from the request.
 */
export async function listOwnContracts(deps: Deps, userId: string): Promise<ContractDocument[]> {
  const rows = await deps.db
    .select(contractColumns)
    .from(contractSignatures)
    .innerJoin(documents, eq(documents.id, contractSignatures.documentId))
    .where(and(eq(contractSignatures.userId, userId), eq(documents.kind, "contract")))
    .orderBy(desc(contractSignatures.signedAt), contractSignatures.templateName);
  return Promise.all(rows.map((row) => toContractDocument(deps.storage, row)));
}

/**
 * GET /api/contracts/{id}/download: a signed URL for the caller's own contract; admins may fetch
 * anyone's. Another member's contract answers 404 exactly like one that does not exist.
 */
export async function ownContractDownloadUrl(
  deps: Deps,
  caller: { id: string; isAdmin: boolean },
  documentId: string,
): Promise<string> {
  const notFound = new AppError("NOT_FOUND", "contractNotFound");
  if (!isUuid(documentId)) throw notFound;
  const [row] = await deps.db
    .select({
      userId: documents.userId,
      storageKey: documents.storageKey,
      originalFilename: documents.originalFilename,
    })
    .from(documents)
    .where(and(eq(documents.id, documentId.toLowerCase()), eq(documents.kind, "contract")))
    .limit(1);
  if (!row || (row.userId !== caller.id && !caller.isAdmin)) throw notFound;
  return contractDownloadUrl(deps.storage, row);
}
