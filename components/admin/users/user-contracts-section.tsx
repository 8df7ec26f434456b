"use client";

import { useTranslations } from "next-intl";
import { adminUserApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import type { AdminMemberContracts } from "@/lib/schemas/contracts";
import { adminMemberContractsResponseSchema } from "../admin-schemas.lazy";
import { DayCell, SectionTable } from "../shared/section-table";
import { useAdminResource } from "../shared/use-admin-resource";
import { LoadSection } from "../shared/user-detail-sections";

/**
 * The member's signed contracts as evidence (adminUserApi.contracts): every
 * signature with its template version, so a re-signed contract shows both versions, and the
 * contracts the member still has to sign again.
 */
export function UserContractsSection({
  userId,
  initial,
}: {
  userId: string;
  initial?: AdminMemberContracts;
}) {
  const t = useTranslations("AdminUser.contracts");
  const { load } = useAdminResource(
    apiPath(adminUserApi.contracts, { id: userId }),
    adminMemberContractsResponseSchema,
    (reason) => t("loadFailed", { reason }),
    initial,
  );
  return (
    <LoadSection heading={t("heading")} load={load} loadingText={t("loading")}>
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
            <SectionTable
              caption={t("heading")}
              columns={[t("template"), t("version"), t("method"), t("signedAt")]}
            >
              {load.data.signatures.map((signature) => (
                <tr key={signature.id}>
                  <td className="py-2 pr-4 break-words text-slate-900">{signature.templateName}</td>
                  <td className="py-2 pr-4 text-slate-900">
                    {t("versionValue", { version: signature.templateVersion })}
                  </td>
                  <td className="py-2 pr-4 text-slate-900">
                    {t("methodValue", { method: signature.method })}
                  </td>
                  <DayCell value={signature.signedAt} />
                </tr>
              ))}
            </SectionTable>
          )}
        </>
      )}
    </LoadSection>
  );
}
