import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { metricsSummarySchema } from "@/lib/schemas/admin";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { DashboardServerMetrics } from "./dashboard-server-metrics";

const busy: z.infer<typeof metricsSummarySchema> = {
  since: "2030-01-02T03:04:05.000Z",
  requests: 12_345,
  requestP95Ms: 87,
  serverErrors: 2,
  signInFailures: 7,
  rateLimitRefusals: 3,
  jobFailures: 1,
  mailOutbox: { pending: 4, oldestPendingSeconds: 3 * 3600 + 125 },
};

const render = (locale: "en" | "de", metrics = busy) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "de" ? de : en} timeZone="Europe/Berlin">
      <DashboardServerMetrics metrics={metrics} />
    </NextIntlClientProvider>,
  );

/** Each term with its description, as text. */
function facts(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(([, term, value]) => [term, value]),
  );
}

describe("DashboardServerMetrics", () => {
  it("names every figure in English, with its unit", () => {
    const html = render("en");
    expect(html).toContain('aria-labelledby="server-metrics-heading"');
    expect(html).toContain("Since this instance started");
    expect(html).toContain("Jan 2, 2030");
    expect(facts(html)).toEqual({
      "Requests answered": "12,345",
      "Response time (95th percentile)": "87 ms",
      "Server errors (5xx)": "2",
      "Failed sign-ins": "7",
      "Refused for too many requests": "3",
      "Failed background job runs": "1",
      "Mails waiting to be sent": "4",
      "Oldest unsent mail": "3 h 2 min",
    });
  });

  it("says the same in German, formally", () => {
    const html = render("de");
    expect(html).toContain("Seit dem Start dieser Instanz");
    expect(facts(html)).toMatchObject({
      "Beantwortete Anfragen": "12.345",
      "Antwortzeit (95. Perzentil)": "87 ms",
      "Mails, die auf den Versand warten": "4",
      "Älteste nicht versandte Mail": "3 Std. 2 Min.",
    });
  });

  it("says when there is nothing yet, and when the database does not answer", () => {
    const quiet = render("en", {
      ...busy,
      requests: 0,
      requestP95Ms: null,
      mailOutbox: { pending: 0, oldestPendingSeconds: 0 },
    });
    expect(facts(quiet)).toMatchObject({
      "Response time (95th percentile)": "No requests yet",
      "Oldest unsent mail": "None waiting",
    });
    const unknown = render("de", { ...busy, mailOutbox: { pending: null, oldestPendingSeconds: null } });
    expect(facts(unknown)).toMatchObject({
      "Mails, die auf den Versand warten": "Unbekannt (Datenbank antwortet nicht)",
      "Älteste nicht versandte Mail": "Unbekannt (Datenbank antwortet nicht)",
    });
  });
});
