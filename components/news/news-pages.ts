import { memberNewsQuerySchema } from "@/lib/schemas/news";

/** Items on one page of the news archive (the API allows up to 20). */
export const NEWS_ARCHIVE_PAGE_SIZE = 10;

const pageQuerySchema = memberNewsQuerySchema.pick({ page: true });

/**
 * The archive's page from the URL's `?page`, checked by the API's own rule: anything it would
 * refuse (missing, not a whole number, out of bounds, given twice) is the first page.
 */
export function archivePageFrom(value: string | string[] | undefined): number {
  const parsed = pageQuerySchema.safeParse({ page: typeof value === "string" ? value : undefined });
  return parsed.success ? parsed.data.page : 1;
}

/**
 * Where the archive's previous and next links lead: null at either end. A page past the last
 * (a stale bookmark) offers the last page with items as its previous one.
 */
export function archivePages({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return {
    pageCount,
    previous: page > 1 ? Math.min(page - 1, pageCount) : null,
    next: page < pageCount ? page + 1 : null,
  };
}

/** A previous or next link of PageLinks to `page`: none where there is no such page. */
export function pageLink(page: number | null, href: (page: number) => string, label: string) {
  return page === null ? null : { href: href(page), label };
}
