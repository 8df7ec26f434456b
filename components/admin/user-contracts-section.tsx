"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { adminMemberContractsResponseSchema } from "@/lib/schemas/contracts";
import { useAdminDay } from "./use-admin-date";
import { useAdminResource } from "./use-admin-resource";
import { sectionClass, sectionHeadingClass } from "./user-detail-sections";

/**
 * The member's signed contracts as evidence (GET /api/admin/user/{id}/contracts): every
 * signature with its template version, so a re-signed contract shows both versions, and the
 * contracts the member still has to sign again.
 */
export function UserContractsSection({ userId }: { userId: string }) {
  const t = useTranslations("AdminUser.contracts");
  const day = useAdminDay();
  const headingId = useId();
  const { load } = useAdminResource(
    `/api/admin/user/${encodeURIComponent(userId)}/contracts`,
    adminMemberContractsResponseSchema,
    (reason) => t("loadFailed", { reason }),
  );
  return (
    <section aria-labelledby={headingId} aria-busy={load.state === "loading"} className={sectionClass}>
      <h2 id={headingId} className={sectionHeadingClass}>
        {t("heading")}
      </h2>
      {load.state === "loading" && <p className="mt-3 text-slate-700">{t("loading")}</p>}
      {load.state === "failed" && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {load.message}
        </p>
      )}
      {load.state === "ready" && (
        <>
          {load.data.resign.length > 0 && (
            <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
              <p className="font-semibold">{t("resignHeading")}</p>
              <ul className="mt-1 list-disc pl-5">
                {load.data.resign.map((template) => (
                  <li key={template.id}>
                    {t("resignItem", {
                      name: template.name,
                      signed: template.signedVersion,
                      version: template.version,
                    })}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {load.data.signatures.length === 0 ? (
            <p className="mt-3 text-slate-700">{t("empty")}</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full min-w-[32rem] text-left text-sm">
                <caption className="sr-only">{t("heading")}</caption>
                <thead className="border-b border-slate-300 text-slate-700">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t("template")}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t("version")}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t("method")}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      {t("signedAt")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {load.data.signatures.map((signature) => {
                    const signedOn = day(signature.signedAt);
                    return (
                      <tr key={signature.id}>
                        <td className="py-2 pr-4 break-words text-slate-900">{signature.templateName}</td>
                        <td className="py-2 pr-4 text-slate-900">
                          {t("versionValue", { version: signature.templateVersion })}
                        </td>
                        <td className="py-2 pr-4 text-slate-900">
                          {t("methodValue", { method: signature.method })}
                        </td>
                        <td className="py-2 text-slate-900">
                          {signedOn && <time dateTime={signedOn.iso}>{signedOn.text}</time>}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
