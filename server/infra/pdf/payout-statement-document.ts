import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { createElement as h } from "react";
import { PAGE_FOOTER, PAGE_FRAME, renderPdf } from "./page-layout";
import type { PayoutStatementPdfInput } from "./render-contract-pdf";

// A member's payout statement as a react-pdf document. Only the render worker loads this module,
// as with contracts. Every text arrives translated and formatted: the worker knows no language.

const styles = StyleSheet.create({
  page: { ...PAGE_FRAME, fontSize: 10, lineHeight: 1.4 },
  platform: { fontSize: 11, fontWeight: 700, color: "#1e3a8a", marginBottom: 18 },
  title: { fontSize: 17, fontWeight: 700, marginBottom: 14 },
  detail: { flexDirection: "row", marginBottom: 3 },
  detailLabel: { width: 150, color: "#4b5563" },
  detailValue: { flex: 1 },
  table: { marginTop: 22 },
  row: { flexDirection: "row", paddingVertical: 4, borderBottomWidth: 0.5, borderBottomColor: "#d1d5db" },
  head: { fontWeight: 700, borderBottomWidth: 1, borderBottomColor: "#111827" },
  total: { fontWeight: 700, borderBottomWidth: 0, borderTopWidth: 1, borderTopColor: "#111827" },
  date: { width: "18%" },
  description: { width: "42%", paddingRight: 8 },
  money: { width: "20%", textAlign: "right" },
  note: { marginTop: 18, fontSize: 9, color: "#4b5563" },
  footer: PAGE_FOOTER,
});

/** One table row; the cells are date, description, order amount and commission. */
function row(cells: [string, string, string, string], style?: (typeof styles)[keyof typeof styles]) {
  const [date, description, orderAmount, commission] = cells;
  return h(
    View,
    { style: style ? [styles.row, style] : styles.row, wrap: false },
    h(Text, { style: styles.date }, date),
    h(Text, { style: styles.description }, description),
    h(Text, { style: styles.money }, orderAmount),
    h(Text, { style: styles.money }, commission),
  );
}

function statementDocument(input: PayoutStatementPdfInput) {
  const { columns } = input;
  return h(
    Document,
    { title: input.title, language: input.lang, creator: input.platformName, producer: input.platformName },
    h(
      Page,
      { size: "A4", style: styles.page },
      h(Text, { style: styles.platform }, input.platformName),
      h(Text, { style: styles.title }, input.title),
      ...input.details.map((detail) =>
        h(
          View,
          { style: styles.detail },
          h(Text, { style: styles.detailLabel }, detail.label),
          h(Text, { style: styles.detailValue }, detail.value),
        ),
      ),
      h(
        View,
        { style: styles.table },
        row([columns.date, columns.description, columns.orderAmount, columns.commission], styles.head),
        ...input.lines.map((line) => row([line.date, line.description, line.orderAmount, line.commission])),
        row(["", input.totalLabel, "", input.total], styles.total),
      ),
      h(Text, { style: styles.note }, input.note),
      h(Text, { style: styles.footer, fixed: true }, input.footer),
    ),
  );
}

/** Renders one payout statement to PDF bytes in the calling thread (the render worker). */
export async function renderPayoutStatementDocument(input: PayoutStatementPdfInput): Promise<Buffer> {
  return renderPdf(statementDocument(input));
}
