"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { ShopKey } from "@/lib/schemas/partner";
import { useAdminDay } from "../shared/use-admin-date";

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-semibold";

/**
 * The keys as the API lists them (live ones first) as cards that stay readable at 390 px: the
 * name, whether it is live, the first characters of the key (never the key), when it was made,
 * last used and revoked, and a live key's revoke button.
 */
export function ShopKeyList({ keys, onRevoke }: { keys: ShopKey[]; onRevoke: (key: ShopKey) => void }) {
  const t = useTranslations("AdminPartner.keys");
  const day = useAdminDay();
  const when = (value: string | null) => {
    const date = day(value);
    return date && <time dateTime={date.iso}>{date.text}</time>;
  };
  return (
    <ul className="mt-4 space-y-3" aria-label={t("listLabel")}>
      {keys.map((key) => (
        <li key={key.id} className="rounded-xl border border-slate-200 p-4" data-shop-key-id={key.id}>
          <article aria-labelledby={`shop-key-${key.id}`}>
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={`shop-key-${key.id}`} className="font-semibold break-words text-slate-900">
                {key.name}
              </h3>
              <span
                className={`${badge} ${key.revokedAt ? "bg-slate-100 text-slate-800" : "bg-green-100 text-green-900"}`}
              >
                {t(key.revokedAt ? "revoked" : "live")}
              </span>
            </div>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-700">{t("prefix")}</dt>
              <dd className="font-mono break-all text-slate-900">{key.prefix}…</dd>
              <dt className="text-slate-700">{t("createdAt")}</dt>
              <dd className="text-slate-900">{when(key.createdAt)}</dd>
              <dt className="text-slate-700">{t("lastUsed")}</dt>
              <dd className="text-slate-900">{when(key.lastUsedAt) ?? t("neverUsed")}</dd>
              {key.revokedAt && (
                <>
                  <dt className="text-slate-700">{t("revokedAt")}</dt>
                  <dd className="text-slate-900">{when(key.revokedAt)}</dd>
                </>
              )}
            </dl>
            {!key.revokedAt && (
              <div className="mt-3">
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => onRevoke(key)}
                  aria-label={t("revokeLabel", { name: key.name, prefix: key.prefix })}
                >
                  {t("revoke")}
                </Button>
              </div>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
