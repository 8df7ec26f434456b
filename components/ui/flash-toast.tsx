"use client";

import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { textOr } from "@/components/i18n/dynamic-text";
import { notify } from "@/lib/notify";
import { FLASH_COOKIE, parseFlash } from "@/web/flash";

/** Shows the toast a redirect carried (proxy.ts guards) once, then forgets it. */
export function FlashToast() {
  const t = useTranslations();
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a redirect lands on a new path; look again then.
  useEffect(() => {
    const raw = document.cookie
      .split("; ")
      .find((part) => part.startsWith(`${FLASH_COOKIE}=`))
      ?.slice(FLASH_COOKIE.length + 1);
    const flash = parseFlash(raw);
    if (!raw) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the flash cookie is read once and dropped here.
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    // A key the catalogue does not have (an old cookie) shows nothing.
    const text = flash ? textOr(t, flash.key, "", flash.values) : "";
    if (text) notify.error(text);
  }, [pathname, t]);
  return null;
}
