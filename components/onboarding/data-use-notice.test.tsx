import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { DataUseNotice } from "./data-use-notice";

const render = (locale: "en" | "de", props: Parameters<typeof DataUseNotice>[0]) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "de" ? de : en} timeZone="Europe/Berlin">
      <DataUseNotice {...props} />
    </NextIntlClientProvider>,
  );

describe("DataUseNotice", () => {
  it("says at the ID step why the ID is needed and how long it is kept, linking the privacy policy", () => {
    const html = render("en", {
      topic: "id",
      accountType: "personal",
      privacyUrl: "https://operator.example/privacy",
    });
    expect(html).toContain("to verify your identity, which is required before partner payouts");
    expect(html).toContain(
      "images replaced by a new upload are deleted 90 days after the admin&#x27;s review",
    );
    expect(html).toContain("only the evidence of signed contracts is kept, for 10 years");
    expect(html).toMatch(/<a href="https:\/\/operator.example\/privacy"[^>]*>privacy policy<\/a>/);
  });

  it("says at the bank step what the bank details are for, in German with Sie", () => {
    const html = render("de", {
      topic: "bank",
      accountType: "company",
      privacyUrl: "https://operator.example/datenschutz",
    });
    expect(html).toContain("Ihre Bankverbindung brauchen wir für Ihre Partnerauszahlungen");
    expect(html).toContain("solange Ihr Konto besteht");
    expect(html).toMatch(/<a href="https:\/\/operator.example\/datenschutz"[^>]*>Datenschutzerklärung<\/a>/);
  });

  it("links nothing when no privacy policy is configured", () => {
    const html = render("en", { topic: "id", accountType: "company" });
    expect(html).toContain("the identity of your company&#x27;s contact person");
    expect(html).not.toContain("<a");
    expect(html).not.toContain("privacy policy");
  });
});
