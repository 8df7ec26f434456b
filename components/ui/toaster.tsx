"use client";

import { useTranslations } from "next-intl";
import { Suspense, useEffect, useState } from "react";
import { Toaster as Sonner } from "sonner";
import { TOAST } from "@/lib/constants";
import { FlashToast } from "./flash-toast";
import { NoticeToast } from "./notice-toast";

/**
 * While a control of the page's header has the focus, toasts start below the header: top-right
 * they would cover the language switch and the avatar menu the member is working with.
 */
function useTopOffset(): number {
  const [top, setTop] = useState<number>(TOAST.marginPx);
  useEffect(() => {
    const update = () => {
      const header = document.activeElement?.closest("header");
      // A header scrolled out of view covers nothing: the usual margin then.
      const bottom = header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) : 0;
      setTop(bottom + TOAST.marginPx);
    };
    document.addEventListener("focusin", update);
    document.addEventListener("focusout", update);
    return () => {
      document.removeEventListener("focusin", update);
      document.removeEventListener("focusout", update);
    };
  }, []);
  return top;
}

/** Toasts: top-right, at most 20, 350 px wide, 16 px margins, 8 px gap, Alt+T focuses. */
export function Toaster() {
  const t = useTranslations("Common");
  const top = useTopOffset();
  // sonner's Toaster starts empty and subscribes in an effect: a toast raised before that is
  // lost. FlashToast comes after it here, so its effect (which may raise the redirect's toast on
  // the first render) always runs after the subscription, in the same commit.
  return (
    <>
      <Sonner
        position="top-right"
        visibleToasts={TOAST.maxVisible}
        offset={{ top, right: TOAST.marginPx, bottom: TOAST.marginPx, left: TOAST.marginPx }}
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
      <FlashToast />
      {/* Reads the address's query: its own Suspense boundary keeps the pages static. */}
      <Suspense fallback={null}>
        <NoticeToast />
      </Suspense>
    </>
  );
}
