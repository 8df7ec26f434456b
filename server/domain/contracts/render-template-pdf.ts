import { AppError } from "../../errors";
import { renderContractPdf } from "../../infra/pdf/render-contract-pdf";
import { type RenderObserver, RenderQueueFullError } from "../../infra/pdf/render-queue";
import { displaySettings } from "../display-settings";
import { type PlaceholderValues, prepareTemplateHtml } from "./template-html";
import type { TemplateRow, TemplateVersionRow } from "./template-queries";

/**
 * A contract date as the template's language writes it ("14. März 2025", "14 March 2025"), on the
 * day it is in the installation's zone: a signature just after midnight there is dated that day.
 */
function formatContractDate(lang: "de" | "en", date: Date): string {
  return new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", {
    dateStyle: "long",
    timeZone: displaySettings().timeZone,
  }).format(date);
}

/** When the contract is dated, the images on it, and who hears of the render (the app's metrics). */
export type RenderOptions = {
  date: Date;
  signature?: Buffer | null;
  stamp?: Buffer | null;
  observer?: RenderObserver;
};

/**
 * One template version as a PDF: its stored HTML sanitized again (a row written by anything
 * else is just as harmless: no script, no URL that would be fetched), the placeholders filled with escaped values,
 * and the signature and stamp as PNG bytes (nothing is fetched). With every render slot busy
 * and the line full, 503 with the seconds to wait, instead of holding the request.
 */
export async function renderTemplatePdf(
  loaded: { template: TemplateRow; version: TemplateVersionRow },
  values: Omit<PlaceholderValues, "date">,
  options: RenderOptions,
): Promise<Buffer> {
  const lang = loaded.template.language;
  const date = formatContractDate(lang, options.date);
  try {
    return await renderContractPdf(
      {
        lang,
        title: loaded.template.name,
        version: loaded.version.version,
        html: prepareTemplateHtml(loaded.version.html, { ...values, date }),
        signerName: values.name,
        date,
        signature: options.signature ?? null,
        stamp: options.stamp ?? null,
      },
      options.observer,
    );
  } catch (error) {
    if (!(error instanceof RenderQueueFullError)) throw error;
    throw new AppError("SERVICE_UNAVAILABLE", "contractRenderBusy", {
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
}

/** The file name a contract PDF is offered under ("Partner Agreement v2.pdf"). */
export function contractPdfFileName(templateName: string, version: number): string {
  return `${templateName} v${version}.pdf`;
}
