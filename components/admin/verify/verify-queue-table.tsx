"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { Table, TableBody, TableColumns, Td } from "@/components/ui/table";
import { displayName, initials } from "@/lib/display-name";
import { missingSteps } from "@/lib/onboarding-flags";
import type { AdminUser } from "@/lib/schemas/admin";
import { namedUser } from "../shared/admin-user";
import { useAdminDay } from "../shared/use-admin-date";

const COLUMNS = ["user", "type", "status", "role", "created", "lastLogin", "actions"] as const;

/**
 * The users waiting for approval, each with a link to their verification page. A member still
 * onboarding (listed only behind the toggle) is marked incomplete, with the steps missing.
 */
export function VerifyQueueTable({ users }: { users: AdminUser[] }) {
  const t = useTranslations("AdminUser.queue");
  const tInfo = useTranslations("AdminUser.info");
  const day = useAdminDay();
  const when = (value: string | null) => {
    const formatted = day(value);
    return formatted ? <time dateTime={formatted.iso}>{formatted.text}</time> : tInfo("never");
  };
  return (
    <Table caption={t("caption")} captionHidden regionLabel={t("region")} minWidth="min-w-[52rem]">
      <TableColumns keys={COLUMNS} label={(column) => t(`columns.${column}`)} />
      <TableBody>
        {users.map((user) => {
          const named = namedUser(user);
          const name = displayName(named, tInfo("noName"));
          const missing = missingSteps(user);
          return (
            <tr key={user.id} className="align-middle text-slate-800">
              <th scope="row" className="px-3 py-3 text-left font-normal">
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
                  >
                    {initials(named)}
                  </span>
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{name}</span>
                    <span className="block break-all text-slate-700">{user.email}</span>
                    {missing.length > 0 && (
                      <span className="mt-1 block rounded-md bg-amber-50 px-2 py-1 text-amber-950">
                        <span className="font-semibold">{t("incomplete")}</span>{" "}
                        {t("missing", {
                          steps: missing.map((step) => tInfo(`steps.${step}`)).join(", "),
                        })}
                      </span>
                    )}
                  </span>
                </div>
              </th>
              <Td>{tInfo("types", { type: user.user_type })}</Td>
              <Td>{tInfo("statuses", { status: user.status })}</Td>
              <Td>{tInfo("roles", { role: user.role })}</Td>
              <Td className="whitespace-nowrap">{when(user.created_at)}</Td>
              <Td className="whitespace-nowrap">{when(user.last_login_at)}</Td>
              <Td>
                <Link
                  href={`/admin/user-management/verify/${encodeURIComponent(user.id)}`}
                  className={buttonClass({ variant: "secondary", size: "sm" })}
                >
                  {t("verify")}
                  <span className="sr-only"> {name}</span>
                </Link>
              </Td>
            </tr>
          );
        })}
      </TableBody>
    </Table>
  );
}
