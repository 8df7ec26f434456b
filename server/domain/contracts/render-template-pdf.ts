import { renderContractPdf } from "../../infra/pdf/render-contract-pdf";
import { type PlaceholderValues, prepareTemplateHtml } from "./template-html";
import type { TemplateRow, TemplateVersionRow } from "./template-queries";

/** A contract date as the template's language writes it ("14. März 2025", "14 March 2025"). */
export function formatContractDate(lang: "de" | "en", date: Date): string {
  return new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", {
    dateStyle: "long",
    timeZone: "Europe/Berlin",
  }).format(date);
}

/**
 * One template version as a PDF: its stored HTML sanitized again (a row written by anything
 * else is just as harmless, SECURITY.md 29-30), the placeholders filled with escaped values,
 * and the signature and stamp as PNG bytes (nothing is fetched).
 */
export function renderTemplatePdf(
  loaded: { template: TemplateRow; version: TemplateVersionRow },
  values: Omit<PlaceholderValues, "date">,
  options: { date: Date; signature?: Buffer | null; stamp?: Buffer | null },
): Promise<Buffer> {
  const lang = loaded.template.language;
  const date = formatContractDate(lang, options.date);
  return renderContractPdf({
    lang,
    title: loaded.template.name,
    version: loaded.version.version,
    html: prepareTemplateHtml(loaded.version.html, { ...values, date }),
    signerName: values.name,
    date,
    signature: options.signature ?? null,
    stamp: options.stamp ?? null,
  });
}

/** The file name a contract PDF is offered under ("Partner Agreement v2.pdf"). */
export function contractPdfFileName(templateName: string, version: number): string {
  return `${templateName} v${version}.pdf`;
}
