"use client";

import { useTranslations } from "next-intl";
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from "react";
import type { MediaItem } from "./media-items";
import { useAnimatedDialog } from "./use-animated-dialog";

// Zoom from 100% to 400% in steps of 0.2. Counting steps (0…15) instead of adding
// 0.2 to a float keeps the levels exact (1.2, not 1.2000000000000002).
const ZOOM_STEP = 0.2;
const MAX_ZOOM_STEPS = 15;
const PAN_KEY_STEP_PX = 40;
const MEDIA_VIEWER_FADE_MS = 200;

const viewerButtonClass =
  "inline-flex min-h-10 items-center justify-center rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:border-slate-300 aria-disabled:bg-slate-50 aria-disabled:text-slate-600";

type Offset = { x: number; y: number };

/**
 * Media viewer: a modal for the ID images (front, back, other), at most 90vw × 92vh,
 * fading in and out in 200 ms. Zoom 100–400% in 0.2 steps, pan by dragging (pointer events)
 * or with the arrow keys on the focused image, reset; a new image starts unzoomed.
 */
export function MediaViewer({
  items,
  index,
  onIndexChange,
  onClose,
}: {
  items: MediaItem[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const t = useTranslations("AdminUser.viewer");
  const tSide = useTranslations("AdminUser.media.side");
  const titleId = useId();
  const { dialogProps, requestClose } = useAnimatedDialog({
    fadeMs: MEDIA_VIEWER_FADE_MS,
    onClosed: onClose,
  });
  const [zoomSteps, setZoomSteps] = useState(0);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; startX: number; startY: number; origin: Offset } | null>(null);

  const item = items[index];
  const zoom = 1 + zoomSteps * ZOOM_STEP;
  const zoomed = zoomSteps > 0;

  // Zoom and pan reset when the image changes.
  const src = item?.src;
  useEffect(() => {
    void src;
    setZoomSteps(0);
    setOffset({ x: 0, y: 0 });
    drag.current = null;
  }, [src]);

  if (!item) return null;

  const reset = () => {
    setZoomSteps(0);
    setOffset({ x: 0, y: 0 });
  };
  const changeZoom = (delta: number) => {
    const next = Math.min(MAX_ZOOM_STEPS, Math.max(0, zoomSteps + delta));
    setZoomSteps(next);
    if (next === 0) setOffset({ x: 0, y: 0 });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!zoomed || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      origin: offset,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    setOffset({
      x: current.origin.x + event.clientX - current.startX,
      y: current.origin.y + event.clientY - current.startY,
    });
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };
  // Dragging needs a keyboard equivalent (WCAG 2.1.1): arrows move the zoomed image.
  const onStageKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: PAN_KEY_STEP_PX, y: 0 },
      ArrowRight: { x: -PAN_KEY_STEP_PX, y: 0 },
      ArrowUp: { x: 0, y: PAN_KEY_STEP_PX },
      ArrowDown: { x: 0, y: -PAN_KEY_STEP_PX },
    };
    const move = moves[event.key];
    if (!move || !zoomed) return;
    event.preventDefault();
    setOffset((current) => ({ x: current.x + move.x, y: current.y + move.y }));
  };

  const label = tSide(item.side);
  const position = t("position", { current: index + 1, total: items.length });

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className={`${dialogProps.className} m-auto hidden max-h-[92vh] w-[90vw] max-w-[90vw] flex-col overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl open:flex backdrop:bg-slate-950/75 sm:w-auto sm:min-w-[32rem]`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate text-lg font-semibold" title={item.name}>
            {t("title", { side: label })}
          </h2>
          <p className="text-sm text-slate-700">
            {position} · <span className="break-all">{item.name}</span>
          </p>
        </div>
        <button type="button" className={viewerButtonClass} onClick={requestClose}>
          {t("close")}
        </button>
      </div>

      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the image must be focusable so the arrow keys can pan it (WCAG 2.1.1).
        tabIndex={0}
        aria-label={t("stageLabel")}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onStageKeyDown}
        className={`relative flex min-h-0 flex-1 touch-none items-center justify-center overflow-hidden bg-slate-100 select-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 ${zoomed ? "cursor-grab active:cursor-grabbing" : ""}`}
      >
        {item.src ? (
          // biome-ignore lint/performance/noImgElement: signed same-origin file URLs, not static assets for next/image.
          <img
            src={item.src}
            alt={t("alt", { side: label, name: item.name })}
            draggable={false}
            className="max-h-[calc(92vh-10rem)] max-w-full object-contain"
            style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
          />
        ) : (
          <p className="p-8 text-slate-700">{t("unavailable")}</p>
        )}
      </section>

      {/* aria-disabled, not disabled: a button reaching its bound keeps the focus inside the dialog. */}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3">
        <div className="flex gap-2">
          <button
            type="button"
            className={viewerButtonClass}
            aria-disabled={index === 0}
            onClick={() => index > 0 && onIndexChange(index - 1)}
          >
            {t("previous")}
          </button>
          <button
            type="button"
            className={viewerButtonClass}
            aria-disabled={index >= items.length - 1}
            onClick={() => index < items.length - 1 && onIndexChange(index + 1)}
          >
            {t("next")}
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={viewerButtonClass}
            aria-disabled={zoomSteps === 0}
            onClick={() => changeZoom(-1)}
          >
            {t("zoomOut")}
          </button>
          <output
            aria-live="polite"
            className="min-w-[4.5rem] text-center text-sm font-semibold tabular-nums"
          >
            {t("zoomLevel", { percent: Math.round(zoom * 100) })}
          </output>
          <button
            type="button"
            className={viewerButtonClass}
            aria-disabled={zoomSteps === MAX_ZOOM_STEPS}
            onClick={() => changeZoom(1)}
          >
            {t("zoomIn")}
          </button>
          <button
            type="button"
            className={viewerButtonClass}
            aria-disabled={!zoomed && offset.x === 0 && offset.y === 0}
            onClick={reset}
          >
            {t("reset")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
