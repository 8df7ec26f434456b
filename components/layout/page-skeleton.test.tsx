import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import MemberLoading from "@/app/(member)/loading";
import AdminLoading from "@/app/admin/loading";
import de from "@/messages/de.json";
import en from "@/messages/en.json";

let pathname = "/dashboard";
vi.mock("next/navigation", () => ({ usePathname: () => pathname }));

const render = (locale: "en" | "de", path: string, Loading: () => React.ReactNode) => {
  pathname = path;
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "de" ? de : en} timeZone="Europe/Berlin">
      <Loading />
    </NextIntlClientProvider>,
  );
};

describe("the member and admin loading states", () => {
  it("are the page's busy main landmark with a status that says Loading… in English and German", () => {
    for (const Loading of [MemberLoading, AdminLoading]) {
      const english = render("en", "/dashboard", Loading);
      expect(english).toMatch(/^<main id="main" aria-busy="true" class="[^"]*min-h-screen/);
      expect(english).toContain('<p role="status" class="sr-only">Loading…</p>');
      expect(render("de", "/dashboard", Loading)).toContain(
        '<p role="status" class="sr-only">Wird geladen…</p>',
      );
    }
  });

  it("hide the placeholders from screen readers and stop their pulse for reduced motion", () => {
    const html = render("en", "/admin/user-management", AdminLoading);
    const placeholders = html.match(/<div aria-hidden="true" class="animate-pulse[^"]*"/g) ?? [];
    expect(placeholders.length).toBeGreaterThan(3);
    for (const placeholder of placeholders) expect(placeholder).toContain("motion-reduce:animate-none");
    // Nothing but the status is left for assistive technology to read.
    expect(html.replace(/<[^>]+>/g, "")).toBe("Loading…");
  });

  it("take the width of the page that is loading", () => {
    const width = (path: string, Loading = MemberLoading) =>
      /max-w-\w+/.exec(render("en", path, Loading).match(/^<main[^>]*>/)?.[0] ?? "")?.[0];
    expect(width("/dashboard")).toBe("max-w-6xl");
    expect(width("/referral-management")).toBe("max-w-7xl");
    expect(width("/profile")).toBe("max-w-4xl");
    expect(width("/two-factor")).toBe("max-w-3xl");
    expect(width("/company-complete-profile")).toBe("max-w-3xl");
    expect(width("/personal-id-upload")).toBe("max-w-xl");
    expect(width("/admin/dashboard", AdminLoading)).toBe("max-w-6xl");
    expect(width("/admin/news", AdminLoading)).toBe("max-w-4xl");
    expect(width("/admin/user-management/view/3f1c", AdminLoading)).toBe("max-w-5xl");
  });
});
