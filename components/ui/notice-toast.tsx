"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { textOr } from "@/components/i18n/dynamic-text";
import { notify } from "@/lib/notify";
import { readNotice } from "@/web/notices";

/**
 * Shows the toast a server-side redirect named in `?notice=…` once, then takes the parameter
 * out of the address (replacing the history entry), so a reload, a bookmark or Back does not
 * show it again.
 */
export function NoticeToast() {
  const t = useTranslations();
  const notice = useSearchParams().get("notice");
  useEffect(() => {
    if (notice === null) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("notice");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    const message = readNotice(notice);
    const text = message ? textOr(t, message.key, "", message.values) : "";
    if (text) notify.error(text);
  }, [notice, t]);
  return null;
}
