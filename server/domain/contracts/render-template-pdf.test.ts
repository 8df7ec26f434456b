import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE } from "../../../lib/time-zone";
import { closeContractRenderer } from "../../infra/pdf/render-contract-pdf";
import { configureDisplay } from "../display-settings";
import { renderTemplatePdf } from "./render-template-pdf";
import type { TemplateRow, TemplateVersionRow } from "./template-queries";

afterEach(() => configureDisplay({ timeZone: DEFAULT_TIME_ZONE }));
afterAll(() => closeContractRenderer());

const loaded = (language: "de" | "en") => ({
  template: { name: "Partner Agreement", language } as TemplateRow,
  version: { version: 1, html: "<p>Signed on {{date}}.</p>" } as TemplateVersionRow,
});

const values = {
  name: "Erika Musterfrau",
  first_name: "Erika",
  last_name: "Musterfrau",
  company: "",
  email: "erika@example.com",
  address: "Hauptstraße 1, 10115 Berlin, Germany",
};

const pdfText = async (pdf: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(
    /\s+/g,
    " ",
  );

// 23:30 UTC on 13 March is 00:30 on 14 March in Berlin (winter time, UTC+1).
const signedAt = new Date("2025-03-13T23:30:00Z");

describe("renderTemplatePdf: the contract's date", () => {
  it("is the day of the signature in the configured zone (Europe/Berlin by default), in the text and by the signature", async () => {
    const text = await pdfText(await renderTemplatePdf(loaded("en"), values, { date: signedAt }));
    expect(text).toContain("Signed on 14 March 2025.");
    expect(text).toContain("Signature · Date: 14 March 2025");
    const german = await pdfText(await renderTemplatePdf(loaded("de"), values, { date: signedAt }));
    expect(german).toContain("Unterschrift · Datum: 14. März 2025");
  });

  it("follows APP_TIME_ZONE when another zone is configured", async () => {
    configureDisplay({ timeZone: "UTC" });
    const text = await pdfText(await renderTemplatePdf(loaded("en"), values, { date: signedAt }));
    expect(text).toContain("Signature · Date: 13 March 2025");
  });
});
