"use client";

import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useEffect, useState } from "react";
import { TOAST } from "@/lib/constants";
import { onToastWanted, toasterListening } from "@/lib/notify";
import { FlashToast } from "./flash-toast";
import { NoticeToast } from "./notice-toast";
import { type Box, toastTop } from "./toast-placement";

function boxOf(element: Element | null): Box | null {
  if (!element) return null;
  const { top, right, bottom, left } = element.getBoundingClientRect();
  return { top, right, bottom, left };
}

/** Height of the toasts on the screen now, 0 when none is. */
function stackHeight(): number {
  const boxes = [...document.querySelectorAll("[data-sonner-toast]")].map((toast) =>
    toast.getBoundingClientRect(),
  );
  if (boxes.length === 0) return 0;
  return Math.max(...boxes.map((box) => box.bottom)) - Math.min(...boxes.map((box) => box.top));
}

/**
 * Where the toasts start so that they never cover a control (toastTop): measured again when the
 * focus moves, the page scrolls or resizes, the header changes size (the mobile menu opens) and
 * on each new page, at most once a frame.
 */
function useToastTop(): number {
  const pathname = usePathname();
  const [top, setTop] = useState<number>(TOAST.marginPx);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page may bring another header; measure again then.
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const header = document.querySelector("header");
      const active = document.activeElement;
      // The focus on the page itself, on a header control (the toasts are below the header
      // already) or in a toast (Alt+T) needs no room.
      const control =
        active && active !== document.body && !active.closest("header, [data-sonner-toaster]")
          ? active
          : null;
      setTop(
        toastTop({
          viewport: { width: window.innerWidth, height: window.innerHeight },
          header: boxOf(header),
          focused: boxOf(control),
          stackHeight: stackHeight(),
        }),
      );
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    schedule();
    const header = document.querySelector("header");
    const resized = new ResizeObserver(schedule);
    if (header) resized.observe(header);
    document.addEventListener("focusin", schedule);
    document.addEventListener("focusout", schedule);
    window.addEventListener("scroll", schedule, { passive: true, capture: true });
    window.addEventListener("resize", schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      document.removeEventListener("focusin", schedule);
      document.removeEventListener("focusout", schedule);
      window.removeEventListener("scroll", schedule, { capture: true });
      window.removeEventListener("resize", schedule);
    };
  }, [pathname]);
  return top;
}

type SonnerToaster = typeof import("sonner").Toaster;

/** sonner's Toaster, loaded when the first toast is raised (lib/notify), none before. */
function useSonnerWhenWanted(): SonnerToaster | null {
  const [Sonner, setSonner] = useState<SonnerToaster | null>(null);
  useEffect(() => {
    let live = true;
    let asked = false;
    // Called at once when a toast was raised before this effect ran (a child's effect, such as
    // FlashToast's, runs before its parent's).
    const stop = onToastWanted(() => {
      if (asked) return;
      asked = true;
      void import("sonner").then((module) => {
        if (live) setSonner(() => module.Toaster);
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return Sonner;
}

/** Renders nothing; its effect runs after sonner's Toaster (its elder sibling) has subscribed. */
function Listening() {
  useEffect(() => toasterListening(), []);
  return null;
}

/** Toasts: top-right below the header (full width on a phone), never over a control; at most 20, 350 px wide, 16 px margins, 8 px gap, Alt+T focuses. */
export function Toaster() {
  const t = useTranslations("Common");
  const top = useToastTop();
  const Sonner = useSonnerWhenWanted();
  const offset = { top, right: TOAST.marginPx, bottom: TOAST.marginPx, left: TOAST.marginPx };
  // sonner's Toaster starts empty and subscribes in an effect: a toast raised before that would
  // be lost, so lib/notify holds toasts until Listening (after it) says it subscribed.
  return (
    <>
      {Sonner && (
        <>
          <Sonner
            position="top-right"
            visibleToasts={TOAST.maxVisible}
            offset={offset}
            mobileOffset={offset}
            gap={TOAST.gapPx}
            hotkey={["altKey", "KeyT"]}
            containerAriaLabel={t("notifications")}
            richColors
            closeButton
            toastOptions={{
              duration: TOAST.defaultMs,
              style: { maxWidth: TOAST.maxWidthPx },
              closeButtonAriaLabel: t("closeToast"),
            }}
          />
          <Listening />
        </>
      )}
      <FlashToast />
      {/* Reads the address's query: its own Suspense boundary keeps the pages static. */}
      <Suspense fallback={null}>
        <NoticeToast />
      </Suspense>
    </>
  );
}
