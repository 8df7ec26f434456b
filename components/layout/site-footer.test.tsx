import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { SiteFooter } from "./site-footer";

const render = (locale: "en" | "de", props: Parameters<typeof SiteFooter>[0]) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "de" ? de : en} timeZone="Europe/Berlin">
      <SiteFooter {...props} />
    </NextIntlClientProvider>,
  );

describe("SiteFooter", () => {
  it("links the privacy policy and the imprint in a named footer navigation", () => {
    const html = render("en", {
      privacyUrl: "https://operator.example/privacy",
      imprintUrl: "https://operator.example/imprint",
    });
    expect(html).toMatch(/^<footer[^>]*><nav aria-label="Legal information">/);
    expect(html).toMatch(/<a href="https:\/\/operator.example\/privacy"[^>]*>Privacy policy<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/operator.example\/imprint"[^>]*>Imprint<\/a>/);
  });

  it("names them in German", () => {
    const html = render("de", {
      privacyUrl: "https://operator.example/datenschutz",
      imprintUrl: "https://operator.example/impressum",
    });
    expect(html).toContain('aria-label="Rechtliche Hinweise"');
    expect(html).toMatch(/>Datenschutzerklärung<\/a>/);
    expect(html).toMatch(/>Impressum<\/a>/);
  });

  it("shows only what is configured, and nothing at all when neither is", () => {
    const imprintOnly = render("en", { imprintUrl: "https://operator.example/imprint" });
    expect(imprintOnly).toContain(">Imprint</a>");
    expect(imprintOnly).not.toContain("Privacy policy");
    expect(render("en", {})).toBe("");
  });
});
