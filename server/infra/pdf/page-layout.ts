import { renderToBuffer } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { CONTRACT_FONT_FAMILIES, registerContractFonts } from "./fonts";

/** react-pdf falls back along a list of families per glyph, though it types the family a string. */
export const FONT_FAMILY = CONTRACT_FONT_FAMILIES as unknown as string;

/** The A4 page every document prints on: the contract font, the margins and the ink. */
export const PAGE_FRAME = {
  fontFamily: FONT_FAMILY,
  paddingTop: 48,
  paddingBottom: 64,
  paddingHorizontal: 56,
  color: "#111827",
};

/** The line at the foot of every page, within the side margins. */
export const PAGE_FOOTER = {
  position: "absolute" as const,
  bottom: 28,
  left: 56,
  right: 56,
  fontSize: 8,
  color: "#6b7280",
};

/** Renders a document to PDF bytes in the calling thread (the render worker), fonts registered. */
export async function renderPdf(document: ReactElement): Promise<Buffer> {
  registerContractFonts();
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf's renderToBuffer expects its Document element type.
  return renderToBuffer(document as any);
}
