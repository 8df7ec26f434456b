"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { linkClass } from "@/components/ui/styles";
import { type MediaItem, shortenFileName } from "./media-items";
import { MediaViewer } from "./media-viewer";
import type { Load } from "./use-admin-resource";
import { LoadSection } from "./user-detail-sections";

const mediaButtonClass =
  "flex w-full min-w-0 flex-col items-stretch gap-2 rounded-xl border border-slate-300 bg-white p-2 text-left text-sm text-slate-900 hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/**
 * Media: the ID images (opening the media viewer, front → back → other) and the
 * contracts; PDFs and other files open in a new tab. Names over 24 characters are shortened,
 * the full name stays in the description and the tooltip.
 */
export function UserMediaSection({ media }: { media: Load<MediaItem[]> }) {
  const t = useTranslations("AdminUser.media");
  const [viewing, setViewing] = useState<number | null>(null);
  const items = media.state === "ready" ? media.data : [];
  const images = items.filter((item) => item.kind === "image" && item.src);

  return (
    <LoadSection
      heading={t("heading")}
      load={media}
      loadingText={t("loading")}
      empty={(media.state === "notFound" || (media.state === "ready" && items.length === 0)) && t("empty")}
    >
      {items.length > 0 && (
        <ul className="mt-3 grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id} className="min-w-0">
              <MediaTile item={item} onOpen={() => setViewing(images.indexOf(item))} />
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && images.length > 0 && (
        <MediaViewer
          items={images}
          index={Math.min(viewing, images.length - 1)}
          onIndexChange={setViewing}
          onClose={() => setViewing(null)}
        />
      )}
    </LoadSection>
  );
}

function MediaTile({ item, onOpen }: { item: MediaItem; onOpen: () => void }) {
  const t = useTranslations("AdminUser.media");
  const descriptionId = useId();
  const label = item.group === "contract" ? t("contract") : t(`side.${item.side}`);
  const shortName = shortenFileName(item.name);
  const description = (
    <span id={descriptionId} className="sr-only">
      {item.name}
    </span>
  );
  const caption = (
    <span className="min-w-0">
      <span className="block font-semibold">{label}</span>
      {item.superseded && <span className="block text-amber-900">{t("superseded")}</span>}
      <span className="block truncate text-slate-700" title={item.name}>
        {shortName}
      </span>
    </span>
  );

  if (!item.src) {
    return (
      <div className="rounded-xl border border-slate-300 p-2 text-sm">
        {caption}
        <span className="block text-slate-700">{t("unavailable")}</span>
      </div>
    );
  }
  if (item.kind === "image") {
    return (
      <button type="button" className={mediaButtonClass} onClick={onOpen} aria-describedby={descriptionId}>
        {/* biome-ignore lint/performance/noImgElement: signed same-origin file URLs, not static assets for next/image. */}
        <img src={item.src} alt="" className="h-32 w-full rounded-lg bg-slate-100 object-contain" />
        {caption}
        <span className="text-brand-800 underline">{t("open")}</span>
        {description}
      </button>
    );
  }
  return (
    <div className="rounded-xl border border-slate-300 p-2 text-sm">
      {caption}
      <a
        href={item.src}
        target="_blank"
        rel="noopener noreferrer"
        className={`${linkClass} mt-1 inline-block`}
        aria-describedby={descriptionId}
      >
        {item.kind === "pdf" ? t("openPdf") : t("download")}
        <span className="sr-only"> {t("newTab")}</span>
      </a>
      {description}
    </div>
  );
}
