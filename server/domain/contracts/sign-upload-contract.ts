import crypto from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import type { Logger } from "pino";
import { CONTRACT_PDF_MAX_BYTES } from "../../../lib/constants";
import type { ContractDocument, MemberTemplate } from "../../../lib/schemas/contracts";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { AppError } from "../../errors";
import type { ObjectStorage } from "../../infra/storage/types";
import { MultipartError, type MultipartFile, readMultipart } from "../../infra/uploads/read-multipart";
import type { RequestBody } from "../../infra/uploads/request-body";
import { recordAuditEvent } from "../audit/record-audit-event";
import { refusedUploadError } from "../refused-upload";
import { toContractDocument } from "./member-contracts";
import {
  assertStorageRoom,
  deletePendingUploadRows,
  lockMemberStorage,
  type PendingUpload,
  pendingUploadsOf,
  storageQuotaExceeded,
  storageRoomOf,
} from "./member-storage";
import { chooseMemberTemplates, missingTemplates } from "./member-templates";
import { assertCanSignContract } from "./sign-eligibility";
import { insertContractEvidence, type StoredContract } from "./sign-evidence";
import { deleteStoredContracts } from "./sign-stored-objects";

export type UploadContractDeps = { db: Database; storage: ObjectStorage; logger: Logger; now?: () => Date };

export type UploadContractInput = {
  user: UserRow;
  body: RequestBody;
  ip: string | null;
  userAgent: string | null;
};

const LIMITS = {
  maxFileBytes: CONTRACT_PDF_MAX_BYTES,
  maxFiles: 1,
  // templateId and lang, and a few a form may add.
  maxFields: 8,
  maxFieldBytes: 256,
  maxRequestBytes: CONTRACT_PDF_MAX_BYTES + 32 * 1024,
};

const PDF_MAGIC = Buffer.from("%PDF-", "ascii");

/**
 * Passes a file through while hashing it, refusing it as soon as its first bytes show it is not
 * a PDF (the client's name and Content-Type are ignored) and at its end if it was empty.
 */
class PdfCheck extends Transform {
  private head = Buffer.alloc(0);
  private checked = false;
  private readonly hash = crypto.createHash("sha256");
  size = 0;

  /** `room`: the bytes the member's storage quota still allows; one more stops the file. */
  constructor(private readonly room: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.room) return callback(storageQuotaExceeded());
    this.hash.update(chunk);
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < PDF_MAGIC.length) return callback();
      if (!this.head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
        return callback(new AppError("UNSUPPORTED_MEDIA_TYPE", "contractNotPdf"));
      }
      this.checked = true;
      const head = this.head;
      this.head = Buffer.alloc(0);
      return callback(null, head);
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (!this.checked) {
      callback(
        this.size === 0
          ? new AppError("VALIDATION_FAILED", "contractNotPdf")
          : new AppError("UNSUPPORTED_MEDIA_TYPE", "contractNotPdf"),
      );
      return;
    }
    callback();
  }

  sha256(): string {
    return this.hash.digest("hex");
  }
}

const sumBytes = (uploads: PendingUpload[]) => uploads.reduce((total, upload) => total + upload.sizeBytes, 0);

function toAppError(error: unknown): unknown {
  if (!(error instanceof MultipartError)) return error;
  return refusedUploadError(error, {
    tooLarge: "contractPdfTooLarge",
    badFields: "contractUploadFields",
  });
}

/**
 * POST /api/upload/contract/{personal,company} (upload mode): the member signed one
 * template's PDF by hand and uploads it. The body is read as it streams: the file must be a PDF
 * by its magic bytes and at most 10 MB (one byte more is refused without reading on), and it is
 * stored as is under a new UUID while it arrives. `templateId` must name one of the templates
 * this member signs (in either language); the evidence records its current version. Answers the
 * stored contract and the templates still missing.
 *
 * One upload per template version waits for completion: a new one replaces the member's earlier
 * upload of that version that no completed contract step covers (its row in the transaction, its
 * object after the commit). The member's storage quota is checked before storing, while the file
 * streams, and again under the member's row lock before the rows are written.
 */
export async function uploadSignedContract(
  deps: UploadContractDeps,
  input: UploadContractInput,
): Promise<{ contract: ContractDocument; missing: { id: string; name: string }[] }> {
  let eligible: MemberTemplate[];
  let room: number;
  try {
    assertCanSignContract(input.user);
    // Any of the member's templates may be uploaded, whichever language the page shows.
    eligible = [
      ...(await chooseMemberTemplates(deps.db, input.user, "de")),
      ...(await chooseMemberTemplates(deps.db, input.user, "en")),
    ];
    // Room before storing, counting every pending upload as replaceable (the template may only
    // be named after the file); the exact check follows under the member's lock. Known here,
    // before the file arrives: its stream must be read at once.
    room = await storageRoomOf(
      deps.db,
      input.user.id,
      sumBytes(await pendingUploadsOf(deps.db, input.user.id)),
    );
    if (room <= 0) throw storageQuotaExceeded();
  } catch (error) {
    // Refused before reading: the upload is not read at all.
    input.body.abandon();
    throw error;
  }
  const templateNamed = (id: string | undefined) => {
    const template = eligible.find((candidate) => candidate.id === id?.trim().toLowerCase());
    if (!template) throw new AppError("NOT_FOUND", "contractTemplateNotFound");
    return template;
  };

  let stored: { storageKey: string; sizeBytes: number; sha256: string } | undefined;
  let storageKey: string | undefined;
  const storeFile = async (file: MultipartFile, fieldsSoFar: ReadonlyMap<string, string>) => {
    if (file.fieldName !== "contract" || storageKey) {
      throw new AppError("VALIDATION_FAILED", "contractUploadFields");
    }
    // The field usually comes first: refuse an unknown template before storing anything.
    if (fieldsSoFar.has("templateId")) templateNamed(fieldsSoFar.get("templateId"));
    const check = new PdfCheck(room);
    // The check may fail before the storage driver listens (it prepares first) or after it is
    // done (the multipart reader refuses an oversized file once it has ended): keep the error
    // here and report it after the put either way.
    let refused: Error | undefined;
    check.on("error", (error) => {
      refused ??= error;
    });
    file.stream.on("error", (error) => check.destroy(error));
    const key = crypto.randomUUID();
    storageKey = key;
    try {
      await deps.storage.put(key, file.stream.pipe(check), { contentType: "application/pdf" });
    } catch (error) {
      throw refused ?? error;
    }
    if (refused) throw refused;
    stored = { storageKey: key, sizeBytes: check.size, sha256: check.sha256() };
  };

  let contract: StoredContract;
  let template: ReturnType<typeof templateNamed>;
  try {
    const fields = await readMultipart(input.body, LIMITS, storeFile);
    template = templateNamed(fields.get("templateId"));
    if (!stored) throw new AppError("VALIDATION_FAILED", "contractNotPdf");
    contract = {
      templateId: template.id,
      templateName: template.name,
      templateVersion: template.version,
      method: "upload",
      ...stored,
    };
  } catch (error) {
    if (storageKey) await deleteStoredContracts(deps, [storageKey], "refused contract upload");
    throw toAppError(error);
  }

  const signedAt = deps.now?.() ?? new Date();
  let rows: Awaited<ReturnType<typeof insertContractEvidence>>;
  let replaced: PendingUpload[] = [];
  try {
    rows = await deps.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      await lockMemberStorage(db, input.user.id);
      const earlier = await pendingUploadsOf(db, input.user.id, {
        id: contract.templateId,
        version: contract.templateVersion,
      });
      assertStorageRoom(await storageRoomOf(db, input.user.id, sumBytes(earlier)), contract.sizeBytes);
      await deletePendingUploadRows(db, earlier);
      const inserted = await insertContractEvidence(
        db,
        { userId: input.user.id, ip: input.ip, userAgent: input.userAgent, signedAt },
        [contract],
      );
      await recordAuditEvent(db, {
        action: "contract.uploaded",
        actorUserId: input.user.id,
        subjectUserId: input.user.id,
        details: {
          method: "upload",
          templateId: contract.templateId,
          version: contract.templateVersion,
          replaced: earlier.length,
        },
        ip: input.ip,
      });
      replaced = earlier;
      return inserted;
    });
  } catch (error) {
    await deleteStoredContracts(deps, [contract.storageKey], "contract upload failed");
    throw error;
  }
  // Only once the new upload is committed: a failure above keeps the earlier one.
  await deleteStoredContracts(
    deps,
    replaced.map((upload) => upload.storageKey),
    "replaced by a new upload",
  );
  const [row] = rows;
  if (!row) throw new Error("no contract row");
  const now = await chooseMemberTemplates(deps.db, input.user, template.lang);
  return { contract: await toContractDocument(deps.storage, row), missing: missingTemplates(now) };
}
