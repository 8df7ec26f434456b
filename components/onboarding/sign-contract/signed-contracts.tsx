"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import { openSignedUrl } from "@/components/api/signed-url";
import { Section } from "@/components/ui/section";
import { linkClass } from "@/components/ui/styles";
import { notify } from "@/lib/notify";
import type { ContractDocument } from "@/lib/schemas/contracts";

/**
 * The member's signed contracts (contractApi.mine), each with its download: the
 * short-lived signed URL the API issued after its ownership check.
 */
export function SignedContracts({
  contracts,
  loadedAt,
  reload,
}: {
  contracts: ContractDocument[];
  loadedAt: number;
  reload: () => Promise<ContractDocument[]>;
}) {
  const t = useTranslations("SignContract");
  const format = useFormatter();
  if (contracts.length === 0) return null;

  const open = (event: MouseEvent<HTMLAnchorElement>, id: string) =>
    openSignedUrl(
      event,
      loadedAt,
      async () => (await reload()).find((contract) => contract.id === id)?.signedUrl,
      () => notify.error(t("templates.downloadFailed")),
    );

  return (
    <Section id="signed-contracts" title={t("signed.heading")} className="space-y-3">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-300">
        {contracts.map((contract) => (
          <li key={contract.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{contract.templateName}</p>
              <p className="text-sm text-slate-700">
                {t("signed.meta", {
                  version: contract.templateVersion,
                  method: contract.method,
                  date: format.dateTime(new Date(contract.signedAt), {
                    dateStyle: "medium",
                    timeStyle: "short",
                  }),
                })}
              </p>
            </div>
            <a
              href={contract.signedUrl}
              className={linkClass}
              aria-label={t("signed.downloadName", { name: contract.templateName })}
              onClick={(event) => void open(event, contract.id)}
            >
              {t("signed.download")}
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
