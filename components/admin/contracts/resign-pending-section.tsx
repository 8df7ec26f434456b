"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { Card } from "@/components/ui/card";
import { linkClass } from "@/components/ui/styles";
import type { ResignPending } from "@/lib/schemas/contracts";
import { resignPendingResponseSchema } from "../admin-schemas.lazy";
import { RetryAlert } from "../shared/admin-card";
import { DASHBOARD_PATHS } from "../shared/dashboard-paths";
import { DayCell, SectionTable } from "../shared/section-table";
import { useAdminResource } from "../shared/use-admin-resource";

/**
 * Contract versions published as "members must sign again" and the members who have not signed
 * them yet (adminVerificationApi.resignPending). `initial` is the server's answer for the
 * first render (without it, as after a failed server call, the browser asks); loaded again when
 * `refreshKey` changes (a saved version may ask for signatures).
 */
export function ResignPendingSection({
  initial,
  refreshKey,
}: {
  initial?: ResignPending;
  refreshKey: number;
}) {
  const t = useTranslations("AdminContracts.resign");
  const id = useId();
  const { load, reload } = useAdminResource(
    DASHBOARD_PATHS.resignPending,
    resignPendingResponseSchema,
    (reason) => t("loadFailed", { reason }),
    initial,
  );
  // The first load is the hook's own; a later key asks again.
  const firstKey = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey !== firstKey.current) reload();
  }, [refreshKey, reload]);
  const headingId = `${id}-heading`;
  return (
    <Card
      as="section"
      aria-labelledby={headingId}
      aria-busy={load.state === "loading"}
      padding="compact"
      className="min-w-0"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
      {load.state === "loading" && (
        <p role="status" className="mt-3 text-slate-700">
          {t("loading")}
        </p>
      )}
      {(load.state === "failed" || load.state === "notFound") && (
        <RetryAlert
          message={load.state === "failed" ? load.message : t("loadFailed", { reason: "404" })}
          onRetry={reload}
        />
      )}
      {load.state === "ready" &&
        (load.data.templates.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("empty")}</p>
        ) : (
          <div className="mt-3 space-y-5">
            {load.data.templates.map((template) => (
              <TemplatePending key={template.templateId} template={template} />
            ))}
          </div>
        ))}
    </Card>
  );
}

function TemplatePending({ template }: { template: ResignPending["templates"][number] }) {
  const t = useTranslations("AdminContracts.resign");
  const tValues = useTranslations("AdminContracts.values");
  const id = useId();
  const hidden = template.pendingCount - template.pending.length;
  return (
    <section aria-labelledby={`${id}-name`} className="rounded-xl border border-slate-300 p-4">
      <h3 id={`${id}-name`} className="font-semibold text-slate-900">
        {t("templateHeading", {
          name: template.name,
          lang: tValues(`lang.${template.lang}`),
          version: template.requiredVersion,
        })}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {t("counts", { pending: template.pendingCount, resigned: template.resignedCount })}
      </p>
      {template.pending.length > 0 && (
        <SectionTable
          caption={t("caption", { name: template.name })}
          columns={[t("member"), t("signedVersion"), t("signedAt")]}
          after={hidden > 0 && <p className="mt-2 text-sm text-slate-700">{t("more", { count: hidden })}</p>}
        >
          {template.pending.map((member) => (
            <tr key={member.userId}>
              <td className="py-2 pr-4">
                <Link
                  href={`/admin/user-management/view/${encodeURIComponent(member.userId)}`}
                  className={linkClass}
                >
                  {member.name ?? member.email}
                </Link>
                {member.name && <span className="block break-all text-slate-700">{member.email}</span>}
              </td>
              <td className="py-2 pr-4 text-slate-900">
                {t("versionValue", { version: member.signedVersion })}
              </td>
              <DayCell value={member.signedAt} />
            </tr>
          ))}
        </SectionTable>
      )}
    </section>
  );
}
