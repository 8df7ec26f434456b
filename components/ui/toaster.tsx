"use client";

import { useTranslations } from "next-intl";
import { Toaster as Sonner } from "sonner";
import { TOAST } from "@/lib/constants";
import { FlashToast } from "./flash-toast";

/** Spec §9 toasts: top-right, at most 20, 350 px wide, 16 px margins, 8 px gap, Alt+T focuses. */
export function Toaster() {
  const t = useTranslations("Common");
  // sonner's Toaster starts empty and subscribes in an effect: a toast raised before that is
  // lost. FlashToast comes after it here, so its effect (which may raise the redirect's toast on
  // the first render) always runs after the subscription, in the same commit.
  return (
    <>
      <Sonner
        position="top-right"
        visibleToasts={TOAST.maxVisible}
        offset={TOAST.marginPx}
        gap={TOAST.gapPx}
        hotkey={["altKey", "KeyT"]}
        containerAriaLabel={t("notifications")}
        richColors
        closeButton
        toastOptions={{ duration: TOAST.defaultMs, style: { maxWidth: TOAST.maxWidthPx } }}
      />
      <FlashToast />
    </>
  );
}
