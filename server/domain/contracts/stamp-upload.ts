import { eq } from "drizzle-orm";
import { STAMP_MAX_BYTES } from "../../../lib/constants";
import type { CompanyStamp } from "../../../lib/schemas/contracts";
import type { Database } from "../../db";
import { companyStamps } from "../../db/schema";
import { AppError } from "../../errors";
import {
  Base64Error,
  decodeBase64Payload,
  reencodeAsPng,
  sniffBase64Image,
} from "../../infra/uploads/base64-image";
import { ImageError } from "../../infra/uploads/image-upload";
import type { Actor } from "../actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import { refusedImageError } from "../refused-upload";
import { STAMP_ID, toCompanyStamp } from "./stamp-view";

/** A stamp larger than this is decoded no further (a pixel bomb); 16 megapixels is a large scan. */
const STAMP_MAX_PIXELS = 16_000_000;
/** The PDF shows the stamp at most 160 × 96 pt; 800 px keeps it sharp when printed. */
const STAMP_STORED_SIDE = 800;

export type StampUploadInput = Actor & {
  base64: string;
  label?: string;
  activate?: boolean;
};

function toAppError(error: unknown): unknown {
  if (error instanceof Base64Error) {
    return error.reason === "too_large"
      ? new AppError("PAYLOAD_TOO_LARGE", "stampTooLarge")
      : new AppError("UNSUPPORTED_MEDIA_TYPE", "stampInvalidType");
  }
  if (error instanceof ImageError) {
    return refusedImageError(error, { invalidType: "stampInvalidType", unreadable: "stampImageUnreadable" });
  }
  return error;
}

/**
 * POST /api/company-stamps: decodes the base64 image (at most 500 KB of decoded
 * bytes), types it by its magic bytes (PNG, JPEG or WEBP), re-encodes it as PNG and stores it as
 * stamp 1. At most one stamp exists: the insert does nothing when one is there, so of two admins
 * uploading at once exactly one wins, and the other is answered with the stamp that won.
 */
export async function uploadStamp(db: Database, input: StampUploadInput): Promise<CompanyStamp> {
  let png: Buffer;
  try {
    const { bytes } = decodeBase64Payload(input.base64, STAMP_MAX_BYTES);
    const type = await sniffBase64Image(bytes, ["png", "jpeg", "webp"]);
    png = (await reencodeAsPng(bytes, type, { maxPixels: STAMP_MAX_PIXELS, fitWithin: STAMP_STORED_SIDE }))
      .data;
  } catch (error) {
    throw toAppError(error);
  }

  // The existing stamp may be deleted between the refused insert and the read: try once more.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    // The stamp and its audit record are stored together or not at all.
    const inserted = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const [row] = await txDb
        .insert(companyStamps)
        .values({
          id: STAMP_ID,
          label: input.label?.trim() || null,
          mimeType: "image/png",
          image: png,
          sizeBytes: png.length,
          isActive: input.activate ?? false,
          createdBy: input.actorId,
        })
        .onConflictDoNothing()
        .returning();
      if (row) {
        await recordAuditEvent(txDb, {
          action: "stamp.uploaded",
          actorUserId: input.actorId,
          details: { stampId: row.id, sizeBytes: row.sizeBytes, active: row.isActive },
          ip: input.ip,
        });
      }
      return row;
    });
    if (inserted) return toCompanyStamp(inserted);
    const [existing] = await db.select().from(companyStamps).where(eq(companyStamps.id, STAMP_ID));
    if (existing) {
      throw new AppError("STAMP_EXISTS", undefined, { stamp: toCompanyStamp(existing) });
    }
  }
  throw new AppError("STAMP_EXISTS");
}
