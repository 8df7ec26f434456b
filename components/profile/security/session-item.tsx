"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useCallback } from "react";
import { Button } from "@/components/ui/button";
import type { AccountSession } from "@/lib/schemas/account-security";

/** "Firefox on Linux", with what the API could not tell said in the page's language. */
export function useDeviceName() {
  const t = useTranslations("ProfileSecurity.sessions");
  return useCallback(
    (session: Pick<AccountSession, "browser" | "os">) =>
      t("device", {
        browser: session.browser === "Unknown" ? t("unknownBrowser") : session.browser,
        os: session.os === "Unknown" ? t("unknownSystem") : session.os,
      }),
    [t],
  );
}

/** One signed-in browser: what it is, where from, since when, and a way to sign it out. */
export function SessionItem({ session, onRevoke }: { session: AccountSession; onRevoke: () => void }) {
  const t = useTranslations("ProfileSecurity.sessions");
  const format = useFormatter();
  const deviceName = useDeviceName();
  const when = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" });
  const device = deviceName(session);
  const lastActive = when(session.lastUsedAt);
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 p-4"
      data-testid="session-item"
      data-current={session.current}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{device}</span>
          {session.current && (
            <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">
              {t("thisBrowser")}
            </span>
          )}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-slate-600">{t("network")}</dt>
          <dd className="break-all text-slate-900">{session.ip ?? t("networkUnknown")}</dd>
          <dt className="text-slate-600">{t("signedIn")}</dt>
          <dd className="text-slate-900">{when(session.createdAt)}</dd>
          <dt className="text-slate-600">{t("lastActive")}</dt>
          <dd className="text-slate-900">{lastActive}</dd>
        </dl>
      </div>
      {!session.current && (
        <Button
          variant="danger"
          size="sm"
          onClick={onRevoke}
          aria-label={t("revokeLabel", { device, lastActive })}
        >
          {t("revoke")}
        </Button>
      )}
    </li>
  );
}
