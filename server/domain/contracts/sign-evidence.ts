import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db";
import { contractSignatures, documents, users } from "../../db/schema";
import { safeOriginalFilename } from "../documents/safe-original-filename";

/** One stored contract PDF and the template version it signs. */
export type StoredContract = {
  templateId: string;
  templateName: string;
  templateVersion: number;
  method: "drawn" | "upload";
  storageKey: string;
  sizeBytes: number;
  /** Of the exact bytes in storage. */
  sha256: string;
};

export type SigningContext = { userId: string; ip: string | null; userAgent: string | null; signedAt: Date };

export const sha256Hex = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

/** "Partner Agreement v2 – signed.pdf", safe to store and to offer as a download name. */
function contractFileName(templateName: string, version: number): string {
  // A slash in the name would otherwise be read as a folder and cut the name.
  return safeOriginalFilename(
    `${templateName.replace(/[\\/]/g, "-")} v${version} – signed.pdf`,
    "pdf",
    "contract",
  );
}

/**
 * Inside the caller's transaction: a documents row (kind 'contract') and an evidence row
 * (template version, method, time, IP, user agent, SHA-256) for each stored PDF. Nothing is
 * replaced here: signing again adds rows, and the evidence of earlier signatures stays (only an
 * upload no completed step covers yet is replaced, by the upload route: member-storage.ts).
 */
export async function insertContractEvidence(
  tx: Database,
  context: SigningContext,
  contracts: StoredContract[],
) {
  const rows = [];
  for (const contract of contracts) {
    const originalFilename = contractFileName(contract.templateName, contract.templateVersion);
    const [document] = await tx
      .insert(documents)
      .values({
        userId: context.userId,
        kind: "contract",
        documentType: "contract",
        originalFilename,
        storageKey: contract.storageKey,
        contentType: "application/pdf",
        sizeBytes: contract.sizeBytes,
        sha256: contract.sha256,
        createdAt: context.signedAt,
      })
      .returning({ id: documents.id });
    if (!document) throw new Error("documents insert returned nothing");
    await tx.insert(contractSignatures).values({
      userId: context.userId,
      templateId: contract.templateId,
      templateName: contract.templateName,
      templateVersion: contract.templateVersion,
      documentId: document.id,
      method: contract.method,
      signedAt: context.signedAt,
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, 512) ?? null,
      sha256: contract.sha256,
    });
    rows.push({
      id: document.id,
      storageKey: contract.storageKey,
      originalFilename,
      templateId: contract.templateId,
      templateName: contract.templateName,
      templateVersion: contract.templateVersion,
      method: contract.method,
      signedAt: context.signedAt,
      sha256: contract.sha256,
    });
  }
  return rows;
}

/** Onboarding: the contract step is done (the status then reports contract_signed 1). */
export async function markContractSigned(tx: Database, userId: string, at: Date): Promise<void> {
  await tx.update(users).set({ contractSignedAt: at, updatedAt: at }).where(eq(users.id, userId));
}
