import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { CommissionPlanSection } from "./commission-plan";
import { ShopKeys } from "./shop-keys";

const render = (locale: "en" | "de", node: ReactNode) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "de" ? de : en} timeZone="Europe/Berlin">
      {node}
    </NextIntlClientProvider>,
  );

const noPlan = { personalPercent: 0, companyPercent: 0, minimumOrderCents: 0, updatedAt: null };
const plan = {
  personalPercent: 12.5,
  companyPercent: 10,
  minimumOrderCents: 1000,
  updatedAt: "2026-12-01T10:00:00.000Z",
};
/** The value the first HTML gives the field labelled `label` (before any script runs). */
const value = (html: string, label: string) => {
  const id = html.split(`>${label}<`)[0]?.match(/<label for="([^"]+)"[^>]*$/)?.[1];
  const input = id ? html.match(new RegExp(`<input[^>]*\\bid="${id}"[^>]*>`))?.[0] : undefined;
  return input?.match(/\bvalue="([^"]*)"/)?.[1];
};

describe("the commission plan section", () => {
  it("says that members earn nothing while no plan was ever set", () => {
    const html = render("en", <CommissionPlanSection initial={{ ok: true, data: noPlan }} />);
    expect(html).toContain("No plan set yet: members earn nothing.");
    expect(html).not.toContain("Last changed");
    expect(value(html, "Minimum order (€)")).toBe("0.00");
  });

  it("shows the plan in force with the page's decimal mark, and when it changed", () => {
    const english = render("en", <CommissionPlanSection initial={{ ok: true, data: plan }} />);
    expect(english).toContain("Last changed on Dec 1, 2026.");
    expect(english).not.toContain("No plan set yet");
    expect(value(english, "Rate for personal accounts (%)")).toBe("12.5");
    expect(value(english, "Rate for company accounts (%)")).toBe("10");
    expect(value(english, "Minimum order (€)")).toBe("10.00");

    const german = render("de", <CommissionPlanSection initial={{ ok: true, data: plan }} />);
    expect(german).toContain("Zuletzt geändert am 01.12.2026.");
    expect(value(german, "Satz für Privatkonten (%)")).toBe("12,5");
    expect(value(german, "Mindestbestellwert (€)")).toBe("10,00");
  });

  it("tells an admin who is refused that only super admins manage it, in their language", () => {
    const refused = { ok: false as const, error: { status: 403, code: "FORBIDDEN", message: "Only super…" } };
    expect(render("de", <CommissionPlanSection initial={refused} />)).toContain(
      "Der Provisionsplan konnte nicht geladen werden. Nur Super-Admins können dies verwalten.",
    );
  });
});

describe("the shop keys section", () => {
  it("says when there is no key yet", () => {
    const html = render("en", <ShopKeys initial={{ ok: true, data: { keys: [] } }} />);
    expect(html).toContain("No shop keys yet.");
    expect(html).toContain("Create key");
  });

  it("lists keys by their first characters, and only live ones can be revoked", () => {
    const keys = [
      {
        id: "k1",
        name: "Live shop",
        prefix: "pps_abcdef",
        createdAt: "2026-12-01T10:00:00.000Z",
        lastUsedAt: null,
        revokedAt: null,
      },
      {
        id: "k2",
        name: "Old shop",
        prefix: "pps_123456",
        createdAt: "2026-11-01T10:00:00.000Z",
        lastUsedAt: "2026-11-15T10:00:00.000Z",
        revokedAt: "2026-11-20T10:00:00.000Z",
      },
    ];
    const html = render("en", <ShopKeys initial={{ ok: true, data: { keys } }} />);
    expect(html).toContain("pps_abcdef…");
    expect(html).toContain("pps_123456…");
    expect(html).toContain('aria-label="Revoke: Live shop (pps_abcdef…)"');
    expect(html).not.toContain("Revoke: Old shop");
    expect(html).toContain("Never");
    expect(html).toContain("Nov 20, 2026");
    const german = render("de", <ShopKeys initial={{ ok: true, data: { keys } }} />);
    expect(german).toContain("Widerrufen am");
    expect(german).toContain("20.11.2026");
  });

  it("says why the list could not be loaded, with a retry", () => {
    const failed = { ok: false as const, error: { status: 0, code: "NETWORK", message: "" } };
    const html = render("en", <ShopKeys initial={failed} />);
    expect(html).toContain("The shop keys could not be loaded. Network error. Please try again.");
    expect(html).toContain("Try again");
  });
});
