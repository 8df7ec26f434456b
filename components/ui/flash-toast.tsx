"use client";

import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
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
    if (flash && t.has(flash.key as never)) notify.error(t(flash.key as never, flash.values as never));
  }, [pathname, t]);
  return null;
}
