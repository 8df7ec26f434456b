"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
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
    if (message && t.has(message.key as never))
      notify.error(t(message.key as never, message.values as never));
  }, [notice, t]);
  return null;
}
