"use client";

import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The width of each page's `main` (kept in step with the pages), so the placeholder has the
 * page's shape; a page not listed has max-w-6xl, the dashboards' and most admin pages' width.
 */
const WIDTHS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/referral-management(\/|$)/, "max-w-7xl"],
  [/^\/(profile|personal\/profile|company\/profile|news|admin\/news)(\/|$)/, "max-w-4xl"],
  [/^\/admin\/user-management\/(profile|verify|view)\//, "max-w-5xl"],
  [/^\/(two-factor|(personal|company)-(complete-profile|sign-contract|resign-contract))(\/|$)/, "max-w-3xl"],
  [/^\/(personal|company)-(verify-email|id-upload)(\/|$)/, "max-w-xl"],
];

function mainWidth(pathname: string): string {
  return WIDTHS.find(([pattern]) => pattern.test(pathname))?.[1] ?? "max-w-6xl";
}

/**
 * A member or admin page while it loads, inside its layout: the page's `main` with the page's
 * width and spacing, a panel the size of the page header (PageHeader: a 2xl title, a line
 * below) and one for the content. The main is at least a screen high, so what follows it (the
 * footer) stays below the fold until the page replaces it and nothing in view moves then.
 * Screen readers hear "Loading…" once; the placeholders are hidden from them and stop pulsing
 * for visitors who ask for reduced motion (components/ui/skeleton.tsx).
 */
export function PageSkeleton({ variant }: { variant: "member" | "admin" }) {
  const t = useTranslations("Common");
  const pathname = usePathname() ?? "";
  return (
    <main
      id="main"
      aria-busy="true"
      className={`mx-auto min-h-screen ${mainWidth(pathname)} space-y-6 px-4 py-8 sm:px-6`}
    >
      <p role="status" className="sr-only">
        {t("loading")}
      </p>
      <div aria-hidden="true" className="rounded-2xl bg-white p-6 shadow-xl">
        <Skeleton className="h-8 w-2/3 max-w-sm" />
        <Skeleton className="mt-1 h-6 w-full max-w-lg" />
      </div>
      {variant === "admin" ? (
        // Most admin pages are a table: a row of filters above its rows.
        <div aria-hidden="true" className="space-y-3 rounded-2xl bg-white p-6 shadow-xl">
          <Skeleton className="mb-6 h-10 w-full max-w-md" />
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <Skeleton key={row} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        // Member pages are panels of text and cards.
        <div aria-hidden="true" className="grid gap-6 sm:grid-cols-2">
          {[0, 1].map((panel) => (
            <div key={panel} className="space-y-3 rounded-2xl bg-white p-6 shadow-xl">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ))}
        </div>
      )}
    </main>
  );
}
