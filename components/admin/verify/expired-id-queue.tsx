"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { adminVerificationApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import type { ApiLoad } from "@/lib/api/problem";
import { displayName } from "@/lib/display-name";
import type { ExpiredId } from "@/lib/schemas/id-expiry";
import { expiredIdListSchema } from "../admin-schemas.lazy";
import { AdminCard } from "../shared/admin-card";
import { namedUser } from "../shared/admin-user";
import { useRefreshableCard } from "../shared/use-refreshable";

type ExpiredIdList = { members: ExpiredId[] };

/**
 * Members whose ID has expired and who need to upload a new one, each with the reason ("ID
 * expired on …") and a link to their details. Their dashboard asks them for the upload; an
 * approved account stays usable meanwhile. A new upload takes the member off this list, and
 * after approval it comes back as a change to review (the section below).
 */
export function ExpiredIdQueue({ initial }: { initial: ApiLoad<ExpiredIdList> }) {
  const t = useTranslations("AdminUser.expiredIds");
  const tInfo = useTranslations("AdminUser.info");
  const format = useFormatter();
  const { data, loading, failure } = useRefreshableCard(
    apiPath(adminVerificationApi.expiredIds),
    expiredIdListSchema,
    initial,
    (reason) => t("loadFailed", { reason }),
  );

  return (
    <AdminCard
      headingId="expired-ids-heading"
      heading={t("heading")}
      hint={t("subtitle")}
      loading={loading}
      failure={failure}
      empty={data?.members.length === 0 && t("empty")}
    >
      {data && data.members.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-300">
          {data.members.map(({ user, expiry_date }) => {
            const name = displayName(namedUser(user), tInfo("noName"));
            // A calendar day: formatted in UTC, so no time zone moves it to the day before.
            const date = format.dateTime(new Date(`${expiry_date}T00:00:00Z`), {
              dateStyle: "medium",
              timeZone: "UTC",
            });
            return (
              <li
                key={user.id}
                className="flex flex-wrap items-center justify-between gap-3 p-4"
                data-testid="expired-id"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{name}</p>
                  <p className="break-all text-sm text-slate-700">{user.email}</p>
                  <p className="mt-1 text-sm text-red-800">
                    {t.rich("reason", {
                      date,
                      time: (chunks) => <time dateTime={expiry_date}>{chunks}</time>,
                    })}
                  </p>
                  <p className="text-sm text-slate-700">
                    {tInfo("types", { type: user.user_type })} ·{" "}
                    {t("approval", { approved: String(user.approved) })}
                  </p>
                </div>
                <Link
                  href={`/admin/user-management/view/${encodeURIComponent(user.id)}`}
                  className={buttonClass({ variant: "secondary", size: "sm" })}
                >
                  {t("view")}
                  <span className="sr-only"> ({name})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </AdminCard>
  );
}
