import { Document, Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { type ComponentProps, type ComponentType, createElement as h } from "react";
import Html from "react-pdf-html";
import { FONT_FAMILY, PAGE_FOOTER, PAGE_FRAME, renderPdf } from "./page-layout";
import type { ContractPdfInput } from "./render-contract-pdf";

// The contract as a react-pdf document. Only the render worker loads this module: react-pdf,
// its layout engine and the fonts stay out of the API's main thread and its memory.

const LABELS = {
  de: {
    placeDate: "Datum",
    signature: "Unterschrift",
    stamp: "Firmenstempel",
    unsigned: "Noch nicht unterschrieben",
  },
  en: {
    placeDate: "Date",
    signature: "Signature",
    stamp: "Company stamp",
    unsigned: "Not signed yet",
  },
} as const;

const styles = StyleSheet.create({
  page: { ...PAGE_FRAME, fontSize: 10.5, lineHeight: 1.45 },
  signatures: { marginTop: 28, flexDirection: "row", justifyContent: "space-between", gap: 24 },
  block: { width: "45%" },
  label: { fontSize: 9, color: "#4b5563", marginTop: 4 },
  line: { borderTopWidth: 1, borderTopColor: "#111827", paddingTop: 4 },
  signatureBox: { height: 72, justifyContent: "flex-end" },
  signatureImage: { maxHeight: 68, maxWidth: 220, objectFit: "contain" },
  stampImage: { maxHeight: 96, maxWidth: 160, objectFit: "contain" },
  unsigned: { fontSize: 9, color: "#6b7280", fontStyle: "italic" },
  footer: PAGE_FOOTER,
});

// react-pdf-html styles per tag; the font family must reach every element (bold/italic too).
const htmlStylesheet = {
  "*": { fontFamily: FONT_FAMILY },
  h1: { fontSize: 18, fontWeight: 700, marginBottom: 10 },
  h2: { fontSize: 14, fontWeight: 700, marginTop: 10, marginBottom: 6 },
  h3: { fontSize: 12, fontWeight: 700, marginTop: 8, marginBottom: 4 },
  p: { marginBottom: 6 },
  td: { padding: 4, borderWidth: 0.5, borderColor: "#9ca3af" },
  th: { padding: 4, borderWidth: 0.5, borderColor: "#9ca3af", fontWeight: 700 },
};

// react-pdf-html types `children` as a required prop; here it is passed as the element's child.
const HtmlBlock = Html as unknown as ComponentType<Omit<ComponentProps<typeof Html>, "children">>;
const htmlProps = { stylesheet: htmlStylesheet, resetStyles: false };

function contractDocument(input: ContractPdfInput) {
  const labels = LABELS[input.lang];
  return h(
    Document,
    { title: input.title, language: input.lang, creator: "Partner platform", producer: "Partner platform" },
    h(
      Page,
      { size: "A4", style: styles.page },
      h(HtmlBlock, htmlProps, input.html),
      h(
        View,
        { style: styles.signatures, wrap: false },
        h(
          View,
          { style: styles.block },
          h(
            View,
            { style: styles.signatureBox },
            input.signature
              ? h(Image, { style: styles.signatureImage, src: { data: input.signature, format: "png" } })
              : h(Text, { style: styles.unsigned }, labels.unsigned),
          ),
          h(Text, { style: styles.line }, input.signerName),
          h(Text, { style: styles.label }, `${labels.signature} · ${labels.placeDate}: ${input.date}`),
        ),
        input.stamp
          ? h(
              View,
              { style: styles.block },
              h(Image, { style: styles.stampImage, src: { data: input.stamp, format: "png" } }),
              h(Text, { style: styles.label }, labels.stamp),
            )
          : null,
      ),
      h(
        Text,
        { style: [styles.footer, { textAlign: "left" }], fixed: true },
        `${input.title} · v${input.version}`,
      ),
    ),
  );
}

/**
 * Renders one contract to PDF bytes in the calling thread (the render worker). The input holds
 * no URLs: nothing is fetched.
 */
export async function renderContractDocument(input: ContractPdfInput): Promise<Buffer> {
  return renderPdf(contractDocument(input));
}
