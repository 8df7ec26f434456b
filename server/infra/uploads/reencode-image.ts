import sharp, { type Metadata, type Sharp } from "sharp";
import { limitConcurrency } from "../limit-concurrency";
import { ImageError, type ImageType } from "./image-upload";

export type ReencodedImage = {
  data: Buffer;
  type: ImageType;
  contentType: "image/png" | "image/jpeg";
  width: number;
  height: number;
};

// A decode can hold the image's pixels (a 50-megapixel photo turned by its orientation tag is
// 150 MB); two at a time use both cores here and bound that memory however many uploads arrive
// together. Read sequentially from a file, an upright image streams through in strips.
const decodeSlot = limitConcurrency(2);

// libvips caches recent operations (up to 50 MB) in case the same input comes again. Uploads never
// do, so the cache would only keep other members' decoded ID images in memory; measured with
// bench/upload-memory.ts, turning it off halves the memory a burst of uploads takes. This is
// process-wide; nothing else in the API uses sharp.
sharp.cache(false);

// Keep ID documents legible: 90 is visually lossless for photos and scans of cards.
const JPEG_QUALITY = 90;

/**
 * Decodes the image (a file path or bytes) and encodes it again in its own format: only pixels survive,
 * so EXIF (GPS position, camera, comments), XMP, IPTC, ICC and anything appended to the file are
 * gone, and a file that merely looks like an image does not get stored. The orientation tag is
 * applied to the pixels first, so the image still shows the right way up without it.
 *
 * `maxPixels` is checked on the declared size before decoding and again by libvips while
 * decoding, so a small file declaring a huge canvas (a pixel bomb) is refused without the memory.
 */
export async function reencodeImage(
  input: string | Buffer,
  expected: ImageType,
  options: { maxPixels: number },
): Promise<ReencodedImage> {
  return decodeSlot(async () => {
    const image = await openCheckedImage(input, expected, options.maxPixels, { sequentialRead: true });

    const encoder =
      expected === "png" ? image.rotate().png() : image.rotate().jpeg({ quality: JPEG_QUALITY });
    try {
      const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
      return {
        data,
        type: expected,
        contentType: expected === "png" ? "image/png" : "image/jpeg",
        width: info.width,
        height: info.height,
      };
    } catch (error) {
      throw imageRefusal(error);
    }
  });
}

/**
 * Opens an image and checks, before any pixel is decoded, that it is of the `expected` format
 * and declares at most `maxPixels` (libvips enforces the same limit again while decoding).
 */
export async function openCheckedImage(
  input: string | Buffer,
  expected: string,
  maxPixels: number,
  options: { sequentialRead?: boolean } = {},
): Promise<Sharp> {
  const image = sharp(input, { limitInputPixels: maxPixels, sequentialRead: options.sequentialRead });
  let metadata: Metadata;
  try {
    metadata = await image.metadata();
  } catch (error) {
    throw imageRefusal(error);
  }
  if (metadata.format !== expected) throw new ImageError("unsupported_type");
  const { width, height } = metadata;
  if (!width || !height) throw new ImageError("unreadable");
  if (width * height > maxPixels) throw new ImageError("too_many_pixels");
  return image;
}

/** libvips refuses an over-large canvas with this text; any other failure is a broken image. */
export function imageRefusal(error: unknown): ImageError {
  return new ImageError(/pixel limit/i.test((error as Error).message) ? "too_many_pixels" : "unreadable");
}
