import { createRequire } from "node:module";
import path from "node:path";
import { Font } from "@react-pdf/renderer";

/**
 * The contract font comes from npm (@fontsource/noto-sans), never from the system or the
 * network (ARCHITECTURE.md). Basic Latin and Latin Extended are separate files; react-pdf falls
 * back from the first family to the second per glyph, so "ł" or "ő" render too.
 */
export const CONTRACT_FONT_FAMILIES = ["Noto Sans", "Noto Sans Ext"];

let registered = false;

export function registerContractFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const files = path.join(path.dirname(require.resolve("@fontsource/noto-sans/package.json")), "files");
  for (const [family, subset] of [
    ["Noto Sans", "latin"],
    ["Noto Sans Ext", "latin-ext"],
  ] as const) {
    Font.register({
      family,
      fonts: [
        { src: path.join(files, `noto-sans-${subset}-400-normal.woff`) },
        { src: path.join(files, `noto-sans-${subset}-700-normal.woff`), fontWeight: 700 },
        { src: path.join(files, `noto-sans-${subset}-400-italic.woff`), fontStyle: "italic" },
        {
          src: path.join(files, `noto-sans-${subset}-700-italic.woff`),
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
