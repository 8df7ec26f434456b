"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { linkClass } from "@/components/ui/styles";
import { adminUserApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import type { InviteTree } from "@/lib/schemas/referral-tree";
import { inviteTreeSchema } from "../admin-schemas.lazy";
import { useAdminResource } from "../shared/use-admin-resource";
import { DetailSection, LoadState } from "../shared/user-detail-sections";

type Person = { id: string; name: string | null; email: string };
type Invitees = InviteTree["invited"]["members"][number]["invited"];

const viewPath = (id: string) => `/admin/user-management/view/${encodeURIComponent(id)}`;

function PersonLink({ person }: { person: Person }) {
  return (
    <Link href={viewPath(person.id)} className={`${linkClass} break-words`}>
      {person.name ?? person.email}
    </Link>
  );
}

/** One invitee: their name linked to their view, the email, when they joined, approved or not. */
function InviteeLine({ invitee }: { invitee: Invitees["members"][number] }) {
  const t = useTranslations("AdminUser.invites");
  const format = useFormatter();
  return (
    <>
      <PersonLink person={invitee} />
      {invitee.name && <span className="break-all text-slate-700"> · {invitee.email}</span>}
      <span className="block text-sm text-slate-700">
        {t("joined", { date: format.dateTime(new Date(invitee.joined), { dateStyle: "medium" }) })}
        {" · "}
        {invitee.approved ? t("approved") : t("notApproved")}
      </span>
    </>
  );
}

/** 'and 12 more' below a list the API capped. */
function More({ shown, total }: { shown: number; total: number }) {
  const t = useTranslations("AdminUser.invites");
  if (total <= shown) return null;
  return <p className="mt-1 text-sm text-slate-700">{t("more", { count: total - shown })}</p>;
}

/**
 * Who invited the member (the link's owner and its label) and whom they invited, two levels
 * deep, each linked to that member's view. Loaded with the page; fetched here when it was not.
 */
export function UserInvitesSection({ userId, initial }: { userId: string; initial?: InviteTree }) {
  const t = useTranslations("AdminUser.invites");
  const format = useFormatter();
  const { load } = useAdminResource(
    apiPath(adminUserApi.referrals, { id: userId }),
    inviteTreeSchema,
    (reason) => t("loadFailed", { reason }),
    initial,
  );

  return (
    <DetailSection heading={t("heading")} busy={load.state === "loading"}>
      <LoadState load={load} loadingText={t("loading")} notFoundText={t("unavailable")} />
      {load.state === "ready" && (
        <>
          <h3 className="mt-4 text-base font-semibold text-slate-900">{t("invitedBy")}</h3>
          {load.data.invitedBy ? (
            <p className="mt-1 text-slate-900">
              {load.data.invitedBy.member ? (
                <PersonLink person={load.data.invitedBy.member} />
              ) : (
                <span className="italic">{t("deletedMember")}</span>
              )}
              <span className="block text-sm text-slate-700">
                {load.data.invitedBy.linkLabel
                  ? t("throughLink", { label: load.data.invitedBy.linkLabel })
                  : t("throughUnlabelledLink")}
                {" · "}
                {t("joined", {
                  date: format.dateTime(new Date(load.data.invitedBy.joined), { dateStyle: "medium" }),
                })}
              </span>
            </p>
          ) : (
            <p className="mt-1 text-slate-700">{t("notInvited")}</p>
          )}

          <h3 className="mt-5 text-base font-semibold text-slate-900">
            {t("invited", { count: load.data.invited.total })}
          </h3>
          {load.data.invited.total === 0 ? (
            <p className="mt-1 text-slate-700">{t("invitedNobody")}</p>
          ) : (
            <>
              <ul aria-label={t("invitedList")} className="mt-2 space-y-3">
                {load.data.invited.members.map((member) => (
                  <li key={member.id} className="rounded-lg border border-slate-200 p-3">
                    <InviteeLine invitee={member} />
                    {member.invited.total > 0 && (
                      <div className="mt-2 border-l-2 border-slate-200 pl-3">
                        <p className="text-sm font-medium text-slate-800">
                          {t("theirInvitees", { count: member.invited.total })}
                        </p>
                        <ul
                          aria-label={t("theirInviteesOf", { name: member.name ?? member.email })}
                          className="mt-1 space-y-2"
                        >
                          {member.invited.members.map((second) => (
                            <li key={second.id}>
                              <InviteeLine invitee={second} />
                            </li>
                          ))}
                        </ul>
                        <More shown={member.invited.members.length} total={member.invited.total} />
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              <More shown={load.data.invited.members.length} total={load.data.invited.total} />
            </>
          )}
        </>
      )}
    </DetailSection>
  );
}
