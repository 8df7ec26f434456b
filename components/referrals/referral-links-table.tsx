"use client";

import { useLocale, useTimeZone, useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableHead, Th } from "@/components/ui/table";
import type { ReferralLink } from "@/lib/schemas/referrals";
import { clampPage, LINKS_PER_PAGE } from "./link-status";
import { COLUMNS, type DateFormatter, ReferralLinkRow } from "./referral-link-row";

/**
 * The caller's links, newest first, a page of ten at a time (paged here: the API sends them
 * all, and an owner has tens, not thousands). Dates in the page's language; the short form in
 * the cell, date and time in its title.
 */
export function ReferralLinksTable({
  links,
  onCopy,
  onDeactivate,
}: {
  links: ReferralLink[];
  onCopy: (link: string) => void;
  onDeactivate: (link: ReferralLink) => Promise<boolean>;
}) {
  const t = useTranslations("Referrals.table");
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [asked, setAsked] = useState(1);
  const regionRef = useRef<HTMLDivElement>(null);
  const page = clampPage(asked, links.length);
  const pageCount = Math.max(1, Math.ceil(links.length / LINKS_PER_PAGE));
  const shown = links.slice((page - 1) * LINKS_PER_PAGE, page * LINKS_PER_PAGE);

  // In the installation's zone (APP_TIME_ZONE), as every time the pages show.
  const formatDate = useMemo<DateFormatter>(() => {
    const short = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone });
    const full = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
    return (iso) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return { short: iso, full: iso };
      return { short: short.format(date), full: full.format(date) };
    };
  }, [locale, timeZone]);

  const goTo = (next: number) => {
    setAsked(next);
    // The rows change under the pager; the table's start is where reading goes on.
    regionRef.current?.querySelector<HTMLElement>("section")?.focus();
  };

  return (
    <div ref={regionRef}>
      <Table
        caption={t("caption")}
        regionLabel={t("region")}
        captionHidden
        className="w-full text-left text-sm"
      >
        <TableHead>
          <tr>
            {COLUMNS.map((column) => (
              <Th key={column}>{t(column)}</Th>
            ))}
          </tr>
        </TableHead>
        <TableBody>
          {shown.map((link) => (
            <ReferralLinkRow
              key={link.id}
              link={link}
              formatDate={formatDate}
              onCopy={onCopy}
              onDeactivate={onDeactivate}
            />
          ))}
        </TableBody>
      </Table>
      {pageCount > 1 && (
        <nav aria-label={t("pagination")} className="mt-3 flex items-center justify-between gap-3">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {t("previous")}
          </Button>
          <p aria-live="polite" className="text-sm text-slate-700">
            {t("pageOf", { page, pageCount })}
          </p>
          <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => goTo(page + 1)}>
            {t("next")}
          </Button>
        </nav>
      )}
    </div>
  );
}
