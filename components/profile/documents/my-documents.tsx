"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { type MouseEvent, useState } from "react";
import { api } from "@/components/api/client";
import { openSignedUrl } from "@/components/api/signed-url";
import { textOr } from "@/components/i18n/dynamic-text";
import { contractListResponseSchema, ownIdDocumentsSchema } from "@/components/profile/profile-schemas.lazy";
import { linkClass } from "@/components/ui/styles";
import { contractApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import { onboardingApi } from "@/lib/api/onboarding";
import { notify } from "@/lib/notify";
import type { ContractDocument } from "@/lib/schemas/contracts";
import type { OwnIdDocument } from "@/lib/schemas/id-upload";

type Lists = { documents: OwnIdDocument[] | null; contracts: ContractDocument[] | null };

/**
 * My documents: the ID on file (type, expiry, when uploaded, each side to view) with the way to
 * replace it, and every signed contract (version, date, the evidence hash, download). The lists
 * come with the page; a download link older than its 5 minutes is fetched anew on the click.
 */
export function MyDocuments({ initial, userType }: { initial: Lists; userType: "personal" | "company" }) {
  const t = useTranslations("MyDocuments");
  const tTypes = useTranslations("IdUpload.types");
  const format = useFormatter();
  const [lists, setLists] = useState(initial);
  const [loadedAt, setLoadedAt] = useState(() => Date.now());

  const reload = async (): Promise<Lists> => {
    const [documents, contracts] = await Promise.all([
      api.get(apiPath(onboardingApi.myDocuments), ownIdDocumentsSchema),
      api.get(apiPath(contractApi.mine), contractListResponseSchema),
    ]);
    const fresh = { documents: documents.documents, contracts: contracts.contracts };
    setLists(fresh);
    setLoadedAt(Date.now());
    return fresh;
  };

  const open = (event: MouseEvent<HTMLAnchorElement>, pick: (fresh: Lists) => string | undefined) =>
    openSignedUrl(
      event,
      loadedAt,
      async () => pick(await reload()),
      () => notify.error(t("downloadFailed")),
    );

  // Calendar dates (YYYY-MM-DD) have no time of day: shown as the same day everywhere.
  const calendarDate = (value: string) =>
    format.dateTime(new Date(`${value.slice(0, 10)}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  const moment = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" });

  const documents = lists.documents;
  const first = documents?.[0];
  return (
    <div className="mt-3 space-y-6">
      <div>
        <h3 className="text-lg font-semibold text-slate-900">{t("idHeading")}</h3>
        {documents === null ? (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-red-800">
            {t("idLoadError")}
          </p>
        ) : !first ? (
          <p className="mt-2 text-slate-700">{t("noId")}</p>
        ) : (
          <>
            <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-3">
              <Row label={t("idType")}>{first.idType ? textOr(tTypes, first.idType, "—") : "—"}</Row>
              <Row label={t("expires")}>{first.expiryDate ? calendarDate(first.expiryDate) : "—"}</Row>
              <Row label={t("uploaded")}>{moment(first.uploadedAt)}</Row>
            </dl>
            <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
              {documents.map((document) => (
                <li key={document.id}>
                  <a
                    href={document.signedUrl}
                    className={linkClass}
                    target="_blank"
                    rel="noopener"
                    onClick={(event) =>
                      void open(
                        event,
                        (fresh) => fresh.documents?.find((item) => item.id === document.id)?.signedUrl,
                      )
                    }
                  >
                    {t("viewSide", { side: document.side ?? "front" })}
                    <span className="sr-only"> {t("newTab")}</span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="mt-3">
          <Link href={`/${userType}-id-upload`} className={linkClass}>
            {first ? t("replaceId") : t("uploadId")}
          </Link>
        </p>
      </div>

      <div>
        <h3 className="text-lg font-semibold text-slate-900">{t("contractsHeading")}</h3>
        {lists.contracts === null ? (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-red-800">
            {t("contractsLoadError")}
          </p>
        ) : lists.contracts.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("noContracts")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-300">
            {lists.contracts.map((contract) => (
              <li key={contract.id} className="flex flex-wrap items-start justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{contract.templateName}</p>
                  <p className="text-sm text-slate-700">
                    {t("contractMeta", {
                      version: contract.templateVersion,
                      date: moment(contract.signedAt),
                    })}
                  </p>
                  <p className="text-sm text-slate-700">
                    {t("evidence")} <code className="break-all text-slate-900">{contract.sha256}</code>
                  </p>
                </div>
                <a
                  href={contract.signedUrl}
                  className={linkClass}
                  aria-label={t("downloadName", { name: contract.templateName })}
                  onClick={(event) =>
                    void open(
                      event,
                      (fresh) => fresh.contracts?.find((item) => item.id === contract.id)?.signedUrl,
                    )
                  }
                >
                  {t("download")}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
