import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiProblem } from "@/lib/api/problem";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { useAdminApiErrorMessage, useAdminFailureMessage, useAdminRefusalOr } from "./use-admin-error-text";

const render = (locale: "en" | "de", node: ReactNode) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "de" ? de : en} timeZone="Europe/Berlin">
      {node}
    </NextIntlClientProvider>,
  );

const refusal = (status: number, code: string, reason?: string) =>
  ApiProblem.fromBody(status, { error: { code, message: "English sentence of the API", reason } });

function RefusalOr({ error }: { error: unknown }) {
  return <p>{useAdminRefusalOr()(error, "fallback")}</p>;
}

function ErrorMessage({ error }: { error: ApiProblem }) {
  return <p>{useAdminApiErrorMessage()(error, "fallback")}</p>;
}

function FailureMessage({ failureKey }: { failureKey: string }) {
  return <p>{useAdminFailureMessage()(failureKey, "fallback")}</p>;
}

describe("an admin screen's refusal text", () => {
  it("words the reason the API named in the page's language, an admin one or a member one", () => {
    expect(
      render("de", <RefusalOr error={refusal(403, "FORBIDDEN", "lastSuperAdminNotSuspendable")} />),
    ).toBe("<p>Der letzte Super-Admin kann nicht gesperrt werden.</p>");
    expect(render("en", <ErrorMessage error={refusal(409, "CONFLICT", "userAlreadyVerified")} />)).toBe(
      "<p>User is already verified.</p>",
    );
    expect(render("de", <ErrorMessage error={refusal(403, "FORBIDDEN", "referralActionDenied")} />)).toBe(
      "<p>Sie haben keine Berechtigung, diese Aktion auszuführen.</p>",
    );
  });

  it("words a refusal without a reason by its code, and keeps the fallback where the API gave no answer", () => {
    expect(render("de", <RefusalOr error={refusal(409, "CONFLICT")} />)).toBe(
      `<p>${de.ApiErrors.CONFLICT}</p>`,
    );
    expect(render("de", <RefusalOr error={ApiProblem.network()} />)).toBe("<p>fallback</p>");
    expect(render("de", <RefusalOr error={ApiProblem.fromBody(502, "Bad gateway")} />)).toBe(
      "<p>fallback</p>",
    );
    expect(render("de", <RefusalOr error={new Error("boom")} />)).toBe("<p>fallback</p>");
  });

  it("words a kept key in the page's language while rendering, else the fallback", () => {
    expect(render("de", <FailureMessage failureKey="duplicatePermission" />)).toBe(
      "<p>Eine Berechtigung mit diesem Namen existiert bereits.</p>",
    );
    expect(render("en", <FailureMessage failureKey="CONFLICT" />)).toBe(`<p>${en.ApiErrors.CONFLICT}</p>`);
    expect(render("de", <FailureMessage failureKey="" />)).toBe("<p>fallback</p>");
    expect(render("de", <FailureMessage failureKey="HTTP_502" />)).toBe("<p>fallback</p>");
  });
});
