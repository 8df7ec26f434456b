"use client";

import { useFormatter, useTranslations } from "next-intl";
import { NEWS_BODY_CLASS } from "@/components/dashboard/news-body";
import { Button } from "@/components/ui/button";
import type { AdminNewsItem } from "@/lib/schemas/news";

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-semibold";

/** The items as cards (they stay readable at 390 px), each with its state and its actions. */
export function NewsList({
  items,
  busyId,
  onEdit,
  onTogglePublished,
  onDelete,
}: {
  items: AdminNewsItem[];
  busyId: string | null;
  onEdit: (item: AdminNewsItem, opener: HTMLElement) => void;
  onTogglePublished: (item: AdminNewsItem) => void;
  onDelete: (item: AdminNewsItem) => void;
}) {
  const t = useTranslations("AdminNews");
  const format = useFormatter();
  return (
    <ul className="space-y-4" aria-label={t("listLabel")}>
      {items.map((item) => (
        <li key={item.id} className="rounded-xl border border-slate-200 p-4" data-news-id={item.id}>
          <article aria-labelledby={`admin-news-${item.id}`}>
            <div className="flex flex-wrap items-center gap-2">
              <span className={`${badge} bg-slate-100 text-slate-800`}>{t(`language.${item.language}`)}</span>
              <span
                className={`${badge} ${item.published ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
              >
                {t(`state.${item.published ? "published" : "draft"}`)}
              </span>
              {item.sample && <span className={`${badge} bg-purple-100 text-purple-900`}>{t("sample")}</span>}
              <time dateTime={item.date} className="text-sm text-slate-600">
                {format.dateTime(new Date(`${item.date}T00:00:00Z`), {
                  dateStyle: "medium",
                  timeZone: "UTC",
                })}
              </time>
            </div>
            <h3 id={`admin-news-${item.id}`} className="mt-2 font-semibold break-words text-slate-900">
              {item.title}
            </h3>
            {item.sample && <p className="mt-1 text-sm text-slate-700">{t("sampleHint")}</p>}
            <div
              className={`mt-2 max-h-40 overflow-hidden text-sm ${NEWS_BODY_CLASS}`}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API's allowlist
              dangerouslySetInnerHTML={{ __html: item.html }}
            />
            {item.link && <p className="mt-1 text-sm break-all text-slate-700">{item.link}</p>}
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={(event) => onEdit(item, event.currentTarget)}
                aria-label={t("editLabel", { title: item.title })}
              >
                {t("edit")}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                loading={busyId === item.id}
                onClick={() => onTogglePublished(item)}
                aria-label={t(item.published ? "unpublishLabel" : "publishLabel", { title: item.title })}
              >
                {t(item.published ? "unpublish" : "publish")}
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => onDelete(item)}
                aria-label={t("deleteLabel", { title: item.title })}
              >
                {t("delete")}
              </Button>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
