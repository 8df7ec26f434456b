import type { ImageType } from "../../infra/uploads/image-upload";

const ORIGINAL_FILENAME_MAX_LENGTH = 200;

// Control and format characters: line breaks, NUL, bidi overrides ("gpj.exe" shown as "exe.jpg"),
// zero-width characters.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const EXTENSION = /\.[A-Za-z0-9]{1,5}$/;

/** What a stored file is: an ID image or a contract PDF. */
export type StoredFileType = ImageType | "pdf";

const EXTENSIONS: Record<StoredFileType, { extension: string; matches: RegExp }> = {
  png: { extension: ".png", matches: /\.png$/i },
  jpeg: { extension: ".jpg", matches: /\.jpe?g$/i },
  pdf: { extension: ".pdf", matches: /\.pdf$/i },
};

/**
 * The client's file name made safe to store and show: the last path segment only, no invisible
 * characters, at most 200 characters, and an extension that matches what was stored (the admin
 * view tells images by extension). The name is only ever a label: storage keys are
 * server UUIDs, and downloads encode it in Content-Disposition.
 */
export function safeOriginalFilename(name: string, type: StoredFileType, fallback: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const { extension, matches } = EXTENSIONS[type];
  const kept = matches.exec(base)?.[0];
  const stem = (kept ? base.slice(0, -kept.length) : base.replace(EXTENSION, "")).trim() || fallback;
  const suffix = kept ?? extension;
  // Cut whole code points, so a character outside the BMP is never split in half.
  const room = ORIGINAL_FILENAME_MAX_LENGTH - suffix.length;
  let cut = "";
  for (const character of stem) {
    if (cut.length + character.length > room) break;
    cut += character;
  }
  return `${cut.trimEnd()}${suffix}`;
}
