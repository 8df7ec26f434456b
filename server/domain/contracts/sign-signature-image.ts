import sharp from "sharp";
import { SIGNATURE_MAX_BYTES } from "../../../lib/schemas/contracts";
import { AppError, type ErrorReason, fieldRefusalInEnglish } from "../../errors";
import {
  Base64Error,
  decodeBase64Payload,
  reencodeAsPng,
  sniffBase64Image,
} from "../../infra/uploads/base64-image";
import { ImageError } from "../../infra/uploads/image-upload";

/** The canvas is 400 × 120; a high-density screen triples it. Far more is not a signature. */
const SIGNATURE_MAX_PIXELS = 4_000_000;

/** A refused signature, with its English text as the signature field's issue. */
function invalid(reason: ErrorReason): AppError {
  return fieldRefusalInEnglish("signatureImage", reason);
}

/**
 * The drawn signature (a PNG data URL from the canvas) as clean PNG bytes: at most
 * SIGNATURE_MAX_BYTES, a PNG by its magic bytes, re-encoded (transparency kept, nothing else of
 * the file survives) and not blank: an empty canvas is no signature.
 */
export async function decodeSignatureImage(dataUrl: string): Promise<Buffer> {
  let png: Buffer;
  try {
    const { bytes } = decodeBase64Payload(dataUrl, SIGNATURE_MAX_BYTES);
    const type = await sniffBase64Image(bytes, ["png"]);
    png = (await reencodeAsPng(bytes, type, { maxPixels: SIGNATURE_MAX_PIXELS })).data;
  } catch (error) {
    if (error instanceof Base64Error && error.reason === "too_large") {
      throw new AppError("PAYLOAD_TOO_LARGE", "signatureTooLarge");
    }
    if (error instanceof Base64Error || error instanceof ImageError) {
      throw invalid("signatureNotPng");
    }
    throw error;
  }
  // Every channel the same everywhere (a fully transparent or single-colour canvas): nothing drawn.
  const { channels } = await sharp(png).stats();
  if (channels.every((channel) => channel.min === channel.max)) throw invalid("signatureMissing");
  return png;
}
