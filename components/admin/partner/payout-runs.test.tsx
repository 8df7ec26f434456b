import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ApiErrorInfo } from "@/lib/api/problem";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import type { PayoutRun } from "./payout-run-card";
import { PayoutRuns } from "./payout-runs";
import { usePayoutFailure } from "./use-payout-failure";

const render = (locale: "en" | "de", node: ReactNode) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "de" ? de : en} timeZone="Europe/Berlin">
      {node}
    </NextIntlClientProvider>,
  );

const run = (overrides: Partial<PayoutRun>): PayoutRun => ({
  id: "r1",
  status: "prepared",
  messageId: "PAYOUT-20261207-AAAA1111",
  totalCents: 600_000,
  itemCount: 3,
  executionDate: "2026-12-07",
  createdAt: "2026-12-07T09:15:00.000Z",
  executedAt: null,
  cancelledAt: null,
  ...overrides,
});
const runs = [
  run({}),
  run({
    id: "r2",
    status: "executed",
    messageId: "PAYOUT-20261101-BBBB2222",
    totalCents: 12_345,
    itemCount: 1,
    executionDate: "2026-11-01",
    createdAt: "2026-11-01T08:00:00.000Z",
    executedAt: "2026-11-03T08:00:00.000Z",
  }),
  run({
    id: "r3",
    status: "cancelled",
    messageId: "PAYOUT-20261001-CCCC3333",
    totalCents: 5_000,
    itemCount: 1,
    executionDate: "2026-10-01",
    createdAt: "2026-10-01T08:00:00.000Z",
    cancelledAt: "2026-10-02T08:00:00.000Z",
  }),
];
const count = (html: string, text: string) => html.split(text).length - 1;

describe("the payout runs section", () => {
  it("says when there is no run yet, and offers to prepare one", () => {
    const html = render("en", <PayoutRuns initial={{ ok: true, data: { payouts: [] } }} />);
    expect(html).toContain("Payout runs");
    expect(html).toContain("No payout runs yet.");
    expect(html).toContain("Prepare payout run");
    expect(html).not.toContain("Download SEPA file");
  });

  it("lists the runs with status, dates, transfers and total in euros; only a prepared run can be acted on", () => {
    const html = render("en", <PayoutRuns initial={{ ok: true, data: { payouts: runs } }} />);
    expect(html).toMatch(/Payout run of Dec 7, 2026, 10:15\sAM/);
    expect(html).toContain("PAYOUT-20261207-AAAA1111");
    expect(html).toContain("€6,000.00");
    expect(html).toContain("€123.45");
    expect(html).toContain("€50.00");
    expect(html).toContain('<time dateTime="2026-12-07">Dec 7, 2026</time>');
    for (const status of ["Prepared", "Executed", "Cancelled"]) expect(html).toContain(`>${status}</span>`);
    expect(html).toContain("Executed on");
    expect(html).toContain("Cancelled on");
    expect(count(html, ">Download SEPA file<")).toBe(1);
    expect(count(html, ">Mark as executed<")).toBe(1);
    expect(count(html, ">Cancel run<")).toBe(1);
    expect(count(html, "Not paid yet.")).toBe(1);
    expect(count(html, ">Show transfers<")).toBe(3);
    expect(count(html, 'aria-expanded="false"')).toBe(3);
  });

  it("speaks German with German amounts and dates", () => {
    const html = render("de", <PayoutRuns initial={{ ok: true, data: { payouts: runs } }} />);
    expect(html).toContain("Auszahlungsläufe");
    expect(html).toContain("Auszahlungslauf vom 07.12.2026, 10:15");
    expect(html).toMatch(/6\.000,00\s€/);
    expect(html).toContain("Vorbereitet");
    expect(html).toContain("Storniert am");
    expect(html).toContain("SEPA-Datei herunterladen");
    expect(html).toContain("Als ausgeführt markieren");
  });

  it("says why the runs could not be loaded, with a retry", () => {
    const failed = { ok: false as const, error: { status: 0, code: "NETWORK", message: "" } };
    const html = render("en", <PayoutRuns initial={failed} />);
    expect(html).toContain("The payout runs could not be loaded. Network error. Please try again.");
    expect(html).toContain("Try again");
  });
});

function Failure({ error }: { error: ApiErrorInfo }) {
  return <p>{usePayoutFailure()(error)}</p>;
}

describe("a payout call's failure", () => {
  it.each([
    ["en", "NOTHING_TO_PAY", "No member is owed the payout minimum."],
    ["en", "PAYOUTS_NOT_CONFIGURED", "Payouts are off: the platform&#x27;s bank account is not configured."],
    ["de", "PAYOUT_NOT_OPEN", "Diese Auszahlung ist nicht mehr offen."],
  ] as const)("%s: %s in the page's language, not the API's sentence", (locale, code, text) => {
    const error = { status: 409, code, message: "English sentence of the API" };
    expect(render(locale, <Failure error={error} />)).toBe(`<p>${text}</p>`);
  });

  it("says that only super admins may act, for a 403", () => {
    const error = { status: 403, code: "FORBIDDEN", message: "Only super admins" };
    expect(render("en", <Failure error={error} />)).toBe("<p>Only super admins can manage this.</p>");
  });

  it.each([
    ["payoutRunAlreadyCancelled", 409, "PAYOUT_NOT_OPEN", "Dieser Auszahlungslauf wurde bereits storniert."],
    [
      "partnerSuperAdminOnly",
      403,
      "FORBIDDEN",
      "Nur Super-Admins können Shop-Schlüssel und Provisionen verwalten.",
    ],
  ] as const)("words a refusal by its reason %s in the page's language", (reason, status, code, text) => {
    const error = { status, code, reason, message: "English sentence of the API" };
    expect(render("de", <Failure error={error} />)).toBe(`<p>${text}</p>`);
  });
});
