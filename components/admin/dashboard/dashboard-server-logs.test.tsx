import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { withWebLogs } from "@/web/server-logs";
import { DashboardServerLogs } from "./dashboard-server-logs";

// What the page gets: the API's lines (newest first) merged with the web tier's.
const { logs } = withWebLogs(
  {
    logs: [
      {
        time: "2030-01-02T03:04:07.000Z",
        level: "info",
        tier: "api",
        message: "request",
        method: "GET",
        route: "/api/admin/server-status",
        status: 200,
        ms: 4,
      },
      { time: "2030-01-02T03:04:05.000Z", level: "warn", tier: "api", message: "slow query" },
    ],
  },
  [
    {
      time: "2030-01-02T03:04:06.000Z",
      level: "info",
      tier: "web",
      message: "request",
      method: "GET",
      route: "/admin/dashboard",
      status: 200,
      ms: 31,
    },
    { time: "2030-01-02T03:04:04.000Z", level: "error", tier: "web", message: "request failed: Error 123" },
  ],
);

const render = (locale: "en" | "de") =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "de" ? de : en} timeZone="Europe/Berlin">
      <DashboardServerLogs logs={logs} instance="host:42" />
    </NextIntlClientProvider>,
  );

/** Each body row's cells as text. */
function rows(html: string): string[][] {
  const body = html.slice(html.indexOf("<tbody"));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map(([, row]) =>
    [...(row ?? "").matchAll(/<td[^>]*>(.*?)<\/td>/g)].map(([, cell]) =>
      (cell ?? "").replace(/<[^>]+>/g, ""),
    ),
  );
}

describe("DashboardServerLogs", () => {
  it("shows the lines of both tiers newest first, each with its tier in a column of its own", () => {
    const html = render("en");
    expect(html).toMatch(/<th[^>]*>Tier<\/th>/);
    expect(rows(html)).toEqual([
      [
        "2030-01-02T03:04:07.000Z",
        "API",
        "info",
        "GET",
        "/api/admin/server-status",
        "200",
        "4 ms",
        "request",
      ],
      ["2030-01-02T03:04:06.000Z", "Web", "info", "GET", "/admin/dashboard", "200", "31 ms", "request"],
      ["2030-01-02T03:04:05.000Z", "API", "warn", "", "", "", "", "slow query"],
      ["2030-01-02T03:04:04.000Z", "Web", "error", "", "", "", "", "request failed: Error 123"],
    ]);
    expect(html).toContain("and of the web server that showed this page");
  });

  it("names the column and the tiers in German", () => {
    const html = render("de");
    expect(html).toMatch(/<th[^>]*>Ebene<\/th>/);
    expect(rows(html).map((row) => row[1])).toEqual(["API", "Web", "API", "Web"]);
    expect(html).toContain("und des Webservers, der diese Seite ausgeliefert hat");
  });
});
