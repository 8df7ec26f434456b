import { fileTypeFromBuffer } from "file-type";
import { limitConcurrency } from "../limit-concurrency";
import { ImageError } from "./image-upload";
import { imageRefusal, openCheckedImage } from "./reencode-image";

/** Formats an image sent as base64 JSON may have (the stamp; the drawn signature is PNG only). */
export type Base64ImageType = "png" | "jpeg" | "webp";

export type Base64Refusal = "malformed" | "too_large";

/** Why a base64 payload was refused before any image decoding. */
export class Base64Error extends Error {
  constructor(readonly reason: Base64Refusal) {
    super(reason);
    this.name = "Base64Error";
  }
}

const DATA_URL_PREFIX = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9.+-]+(?:=[a-z0-9.+-]+)?)*);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of raw base64 or a `data:…;base64,` URL. The decoded size is computed from the
 * text first, so a payload over `maxBytes` is refused without allocating it. The declared MIME
 * type is returned for information only: callers type the bytes by their magic numbers.
 */
export function decodeBase64Payload(
  text: string,
  maxBytes: number,
): { bytes: Buffer; declaredType?: string } {
  const prefix = DATA_URL_PREFIX.exec(text);
  // Line breaks (MIME-style base64) and spaces are not data.
  const payload = (prefix ? text.slice(prefix[0].length) : text).replace(/\s+/g, "");
  if (payload.length === 0 || payload.length % 4 === 1 || !BASE64.test(payload)) {
    throw new Base64Error("malformed");
  }
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  const decodedLength = Math.floor((payload.length * 3) / 4) - padding;
  if (decodedLength > maxBytes) throw new Base64Error("too_large");
  return { bytes: Buffer.from(payload, "base64"), declaredType: prefix?.[1]?.toLowerCase() };
}

/** The image type by magic bytes (file-type), whatever name or MIME type came with it. */
export async function sniffBase64Image(
  bytes: Buffer,
  allowed: readonly Base64ImageType[],
): Promise<Base64ImageType> {
  const detected = await fileTypeFromBuffer(bytes);
  const type =
    detected?.ext === "png"
      ? "png"
      : detected?.ext === "jpg"
        ? "jpeg"
        : detected?.ext === "webp"
          ? "webp"
          : null;
  if (!type || !allowed.includes(type)) throw new ImageError("unsupported_type");
  return type;
}

// Stamps and signatures are small and rare; one decode at a time bounds the memory of a burst.
const decodeSlot = limitConcurrency(1);

/**
 * Decodes an image held in memory and encodes it as PNG: only pixels survive,
 * so metadata and anything appended to the file are gone; transparency is kept. `maxPixels` is
 * checked on the declared size before decoding and by libvips while decoding (a pixel bomb is
 * refused with ImageError("too_many_pixels")); `fitWithin` shrinks larger images.
 */
export async function reencodeAsPng(
  bytes: Buffer,
  expected: Base64ImageType,
  options: { maxPixels: number; fitWithin?: number },
): Promise<{ data: Buffer; width: number; height: number }> {
  return decodeSlot(async () => {
    const image = await openCheckedImage(bytes, expected, options.maxPixels);
    let pipeline = image.rotate();
    if (options.fitWithin) {
      pipeline = pipeline.resize({
        width: options.fitWithin,
        height: options.fitWithin,
        fit: "inside",
        withoutEnlargement: true,
      });
    }
    try {
      const { data, info } = await pipeline
        .png({ compressionLevel: 9 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch (error) {
      throw imageRefusal(error);
    }
  });
}
