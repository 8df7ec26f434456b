import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import { Font } from "@react-pdf/renderer";

/**
 * The contract font comes from npm (@fontsource/noto-sans), never from the system or the
 * network. Basic Latin and Latin Extended are separate files; react-pdf falls
 * back from the first family to the second per glyph, so "ł" or "ő" render too.
 */
export const CONTRACT_FONT_FAMILIES = ["Noto Sans", "Noto Sans Ext"];

let registered = false;

/**
 * A WOFF font as the plain TrueType font inside it. fontkit reads a WOFF table by inflating it
 * again on every access (in JavaScript): that was half of each render's time. Unpacked once
 * here (zlib, native), every render reads the tables as they are.
 */
export function woffToTtf(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("not a WOFF font");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? zlib.inflateSync(stored) : stored,
    };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const out = Buffer.alloc(headerLength + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  for (const [index, table] of tables.entries()) {
    const record = 12 + index * 16;
    table.tag.copy(out, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  }
  return out;
}

export function registerContractFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const files = path.join(path.dirname(require.resolve("@fontsource/noto-sans/package.json")), "files");
  // react-pdf takes font bytes as a base64 data URL.
  const font = (file: string) =>
    `data:font/ttf;base64,${woffToTtf(fs.readFileSync(path.join(files, file))).toString("base64")}`;
  for (const [family, subset] of [
    ["Noto Sans", "latin"],
    ["Noto Sans Ext", "latin-ext"],
  ] as const) {
    Font.register({
      family,
      fonts: [
        { src: font(`noto-sans-${subset}-400-normal.woff`) },
        { src: font(`noto-sans-${subset}-700-normal.woff`), fontWeight: 700 },
        { src: font(`noto-sans-${subset}-400-italic.woff`), fontStyle: "italic" },
        {
          src: font(`noto-sans-${subset}-700-italic.woff`),
          fontWeight: 700,
          fontStyle: "italic",
        },
      ],
    });
  }
  // Long words (IBANs, e-mail addresses) wrap instead of being hyphenated with stray dashes.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
