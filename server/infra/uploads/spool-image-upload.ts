import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { ImageError, type ImageType } from "./image-upload";
import { MultipartError } from "./read-multipart";

// file-type's own figure: enough of the head for every format it knows.
const SNIFF_BYTES = 4100;

async function sniff(head: Buffer, allowed: readonly ImageType[]): Promise<ImageType> {
  const detected = await fileTypeFromBuffer(head);
  const type = detected?.ext === "png" ? "png" : detected?.ext === "jpg" ? "jpeg" : undefined;
  if (!type || !allowed.includes(type)) throw new ImageError("unsupported_type");
  return type;
}

/**
 * A private folder for one request's raw uploads, removed with everything in it by `remove()`.
 * Raw uploads still carry their metadata (GPS position and all), so they live only here, only
 * until they are re-encoded, readable by the server's user alone.
 */
export async function createUploadScratch(): Promise<{ directory: string; remove(): Promise<void> }> {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), "id-upload-"));
  return { directory, remove: () => fsp.rm(directory, { recursive: true, force: true }) };
}

export type SpooledImage = {
  path: string;
  type: ImageType;
  size: number;
  /** Deletes the raw file (once it has been re-encoded). */
  remove(): Promise<void>;
};

/**
 * Writes one uploaded image to a file in `directory` as it arrives, at most `maxBytes`: one byte
 * more fails with MultipartError("file_too_large") without reading on. Going to disk rather than
 * memory keeps the API's memory flat however many uploads arrive at once, and however slowly.
 * The type is decided by the magic bytes as soon as the head has arrived, so a file of the wrong
 * type is refused before the rest is read; the client's name and Content-Type are ignored.
 * An empty part (a form's file input left empty) gives null.
 */
export async function spoolImageUpload(
  stream: Readable,
  options: { directory: string; name: string; maxBytes: number; allowed: readonly ImageType[] },
): Promise<SpooledImage | null> {
  const target = path.join(options.directory, options.name);
  let head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let type: ImageType | undefined;
  let file: fsp.FileHandle | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) throw new MultipartError("file_too_large");
      if (!type) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes < SNIFF_BYTES) continue;
        const buffered = Buffer.concat(head);
        head = [];
        type = await sniff(buffered, options.allowed);
        file = await fsp.open(target, "wx", 0o600);
        await file.write(buffered);
        continue;
      }
      // Awaiting each write is the backpressure: the next chunk is read when this one is on disk.
      await file?.write(chunk);
    }
    if (size === 0) return null;
    if (!type) {
      const buffered = Buffer.concat(head);
      type = await sniff(buffered, options.allowed);
      file = await fsp.open(target, "wx", 0o600);
      await file.write(buffered);
    }
    return { path: target, type, size, remove: () => fsp.rm(target, { force: true }) };
  } finally {
    await file?.close();
  }
}
