import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { woffToTtf } from "./fonts";

const require = createRequire(import.meta.url);
const files = path.join(path.dirname(require.resolve("@fontsource/noto-sans/package.json")), "files");

/** The tables of an sfnt (TrueType) font: tag → bytes. */
function sfntTables(font: Buffer) {
  const tables = new Map<string, Buffer>();
  for (let index = 0; index < font.readUInt16BE(4); index += 1) {
    const record = 12 + index * 16;
    const offset = font.readUInt32BE(record + 8);
    tables.set(
      font.toString("latin1", record, record + 4),
      font.subarray(offset, offset + font.readUInt32BE(record + 12)),
    );
  }
  return tables;
}

describe("woffToTtf", () => {
  it("unpacks every table of a WOFF font into a TrueType font", () => {
    const woff = fs.readFileSync(path.join(files, "noto-sans-latin-ext-700-italic.woff"));
    const ttf = woffToTtf(woff);
    expect(ttf.readUInt32BE(0)).toBe(0x00010000);
    const tables = sfntTables(ttf);
    const numTables = woff.readUInt16BE(12);
    expect(tables.size).toBe(numTables);
    for (let index = 0; index < numTables; index += 1) {
      const entry = 44 + index * 20;
      const offset = woff.readUInt32BE(entry + 4);
      const stored = woff.subarray(offset, offset + woff.readUInt32BE(entry + 8));
      const original = stored.length < woff.readUInt32BE(entry + 12) ? zlib.inflateSync(stored) : stored;
      expect(tables.get(woff.toString("latin1", entry, entry + 4))?.equals(original)).toBe(true);
    }
    // The head table's magic number: a font parser finds the header where it expects it.
    expect(tables.get("head")?.readUInt32BE(12)).toBe(0x5f0f3cf5);
  });

  it("refuses anything that is not WOFF", () => {
    expect(() => woffToTtf(Buffer.from("OTTO0000"))).toThrow("not a WOFF font");
  });
});
