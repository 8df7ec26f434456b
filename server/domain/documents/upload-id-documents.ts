import crypto from "node:crypto";
import type { Logger } from "pino";
import { ID_IMAGE_MAX_BYTES, ID_IMAGE_MAX_PIXELS } from "../../../lib/constants";
import { DOCUMENT_SIDES } from "../../../lib/vocabulary";
import type { Database } from "../../db";
import { AppError, reasonText } from "../../errors";
import { deleteStoredObjects } from "../../infra/storage/delete-stored-objects";
import type { ObjectStorage } from "../../infra/storage/types";
import { ImageError, type ImageType } from "../../infra/uploads/image-upload";
import { MultipartError, type MultipartFile, readMultipart } from "../../infra/uploads/read-multipart";
import { reencodeImage } from "../../infra/uploads/reencode-image";
import type { RequestBody } from "../../infra/uploads/request-body";
import { createUploadScratch, spoolImageUpload } from "../../infra/uploads/spool-image-upload";
import { storageQuotaExceeded } from "../contracts/member-storage";
import { refusedImageError, refusedUploadError } from "../refused-upload";
import {
  checkIdUploadFields,
  type FieldProblem,
  type IdDocumentType,
  type IdUploadFields,
} from "./id-upload-fields";
import { assertIdUploadAllowed } from "./id-upload-rate-limit";
import { idUploadRoomOf, replaceIdDocuments, type StoredIdImage } from "./replace-id-documents";
import { safeOriginalFilename } from "./safe-original-filename";

export type UploadIdDocumentsDeps = {
  db: Database;
  storage: ObjectStorage;
  logger: Logger;
  /** Clock for "expiry in the future"; defaults to now. */
  now?: () => Date;
};

export type UploadIdDocumentsInput = {
  userId: string;
  documentType: IdDocumentType;
  body: RequestBody;
  ip: string | null;
};

const SIDES = DOCUMENT_SIDES;
type Side = (typeof SIDES)[number];
const isSide = (name: string): name is Side => (SIDES as readonly string[]).includes(name);

const ALLOWED_TYPES: readonly ImageType[] = ["png", "jpeg"];

const LIMITS = {
  maxFileBytes: ID_IMAGE_MAX_BYTES,
  maxFiles: SIDES.length,
  // idType, idNumber, expiryDate, hasBackside, and a few a form may add (lang).
  maxFields: 10,
  maxFieldBytes: 1024,
  // Two full-size files plus fields and multipart framing; anything larger cannot be valid.
  maxRequestBytes: SIDES.length * ID_IMAGE_MAX_BYTES + 64 * 1024,
};

/** What a refused body or image means to the member, in the API's error shape. */
function toAppError(error: unknown): unknown {
  if (error instanceof MultipartError) {
    return refusedUploadError(error, {
      tooLarge: "idImageTooLarge",
      badFields: "idUploadBadFields",
      tooManyFiles: "idUploadUnexpectedFile",
    });
  }
  if (error instanceof ImageError) {
    return refusedImageError(error, { invalidType: "idImageInvalidType", unreadable: "idImageUnreadable" });
  }
  return error;
}

/**
 * The refused fields as a 422: the first one's reason (with its placeholders' values), and an
 * issue per field with its English text.
 */
function validationFailed(problems: FieldProblem[]): AppError {
  const issues = problems.map(({ path, reason, values }) => ({
    path,
    message: reasonText(reason, values),
  }));
  const [first] = problems;
  return new AppError("VALIDATION_FAILED", first?.reason, { ...first?.values, issues });
}

/**
 * POST /api/upload/{personal,company}-id: reads the multipart body as it streams;
 * each image is checked by its magic bytes, spooled to a private temp file, re-encoded (metadata
 * gone, pixels capped) and stored under a new UUID before the next one is read, so no upload is
 * ever held in memory whole (only its re-encoded copy, while it is being stored). When
 * the fields are valid too, the new documents replace the user's current ones; then the old
 * files are deleted, unless the account was approved (then they are kept for the audit trail
 * and the change awaits an admin's review). On any refusal every file stored by this request
 * is deleted again.
 *
 * Each upload counts against the member's daily limit (429) and its images against the member's
 * storage quota (413): checked before reading, again before each image is stored, and exactly
 * under the member's lock before the rows are written.
 */
export async function uploadIdDocuments(deps: UploadIdDocumentsDeps, input: UploadIdDocumentsInput) {
  const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
  let room: number;
  try {
    // A body declared too large is refused before the queries below, while it is still unread
    // (the body streams in while they wait).
    if (input.body.contentLength !== undefined && input.body.contentLength > LIMITS.maxRequestBytes) {
      throw toAppError(new MultipartError("request_too_large"));
    }
    await assertIdUploadAllowed(deps.db, input.userId);
    room = await idUploadRoomOf(deps.db, input.userId);
    if (room <= 0) throw storageQuotaExceeded();
  } catch (error) {
    // Refused before reading: the upload is not read at all.
    input.body.abandon();
    throw error;
  }
  const stored = new Map<Side, StoredIdImage>();
  let scratch: Awaited<ReturnType<typeof createUploadScratch>> | undefined;

  const storeImage = async (file: MultipartFile, fieldsSoFar: ReadonlyMap<string, string>) => {
    if (!isSide(file.fieldName) || stored.has(file.fieldName)) {
      throw new AppError("VALIDATION_FAILED", "idUploadUnexpectedFile");
    }
    // Fields usually come before the files: refuse a bad form before decoding anything.
    const early = checkIdUploadFields(fieldsSoFar, new Set(), {
      documentType: input.documentType,
      today,
      partial: true,
    });
    if (!early.ok) throw validationFailed(early.problems);

    scratch ??= await createUploadScratch();
    const upload = await spoolImageUpload(file.stream, {
      directory: scratch.directory,
      name: file.fieldName,
      maxBytes: LIMITS.maxFileBytes,
      allowed: ALLOWED_TYPES,
    });
    if (!upload) return; // An empty file input: this side is missing.
    let image: Awaited<ReturnType<typeof reencodeImage>>;
    try {
      image = await reencodeImage(upload.path, upload.type, { maxPixels: ID_IMAGE_MAX_PIXELS });
    } finally {
      await upload.remove();
    }
    // Known only once re-encoded: the stored copy is what counts against the quota.
    const storing = [...stored.values()].reduce((total, kept) => total + kept.sizeBytes, 0);
    if (storing + image.data.length > room) throw storageQuotaExceeded();
    const storageKey = crypto.randomUUID();
    // Recorded before the put finishes, so a put that fails halfway is cleaned up too.
    stored.set(file.fieldName, {
      side: file.fieldName,
      storageKey,
      contentType: image.contentType,
      sizeBytes: image.data.length,
      sha256: crypto.createHash("sha256").update(image.data).digest("hex"),
      originalFilename: safeOriginalFilename(file.filename, image.type, file.fieldName),
    });
    await deps.storage.put(storageKey, image.data, { contentType: image.contentType });
  };

  let checked: IdUploadFields;
  try {
    const fields = await readMultipart(input.body, LIMITS, storeImage);
    const check = checkIdUploadFields(fields, new Set(stored.keys()), {
      documentType: input.documentType,
      today,
    });
    if (!check.ok) throw validationFailed(check.problems);
    checked = check.value;
  } catch (error) {
    await deleteObjects(
      deps,
      [...stored.values()].map((image) => image.storageKey),
      "refused upload",
    );
    throw toAppError(error);
  } finally {
    // The raw uploads (metadata and all) are gone as soon as the body has been read.
    await scratch?.remove();
  }

  // Without a backside, a back image sent anyway is not kept.
  const back = stored.get("back");
  if (!checked.hasBackside && back) {
    stored.delete("back");
    await deleteObjects(deps, [back.storageKey], "back image without backside");
  }
  const images = SIDES.flatMap((side) => stored.get(side) ?? []);

  let result: Awaited<ReturnType<typeof replaceIdDocuments>>;
  try {
    result = await replaceIdDocuments(deps.db, {
      userId: input.userId,
      documentType: input.documentType,
      idType: checked.idType,
      idNumber: checked.idNumber,
      expiryDate: checked.expiryDate,
      images,
      ip: input.ip,
    });
  } catch (error) {
    await deleteObjects(
      deps,
      images.map((image) => image.storageKey),
      "failed upload",
    );
    throw error;
  }
  // After the commit: the rows pointing at the old files are gone, so nobody can get a URL for
  // them any more; a delete that fails leaves an unreachable file, logged for clean-up. Empty
  // for an approved account, whose replaced files are kept.
  await deleteObjects(deps, result.replacedKeys, "replaced ID document");
  return result.inserted.map((row) => ({
    id: row.id,
    side: row.side as Side,
    originalFilename: row.originalFilename,
  }));
}

function deleteObjects(deps: UploadIdDocumentsDeps, keys: string[], why: string): Promise<void> {
  return deleteStoredObjects(deps, keys, why, "ID image");
}
