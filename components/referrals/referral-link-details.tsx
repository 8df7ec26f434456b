"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { ReferralLink } from "@/lib/schemas/referrals";
import { FunnelChart } from "./funnel-chart";
import type { DateFormatter } from "./referral-link-row";

type QrState = { state: "loading" } | { state: "ready"; src: string } | { state: "failed" };

/** The row's second line: the link's QR code and who registered through it, when asked for. */
export function ReferralLinkDetails({
  link,
  qrId,
  registrationsId,
  formatDate,
}: {
  link: ReferralLink;
  /** The QR code's id while it is shown, else null. */
  qrId: string | null;
  /** The registrations list's id while it is shown, else null. */
  registrationsId: string | null;
  formatDate: DateFormatter;
}) {
  const t = useTranslations("Referrals.table");
  const tFunnel = useTranslations("Referrals.funnel");
  const [qr, setQr] = useState<QrState>({ state: "loading" });
  const showQr = qrId !== null;

  useEffect(() => {
    if (!showQr) return;
    let cancelled = false;
    // Loaded on first use: most visits never open a QR code.
    import("qrcode")
      .then(({ toDataURL }) => toDataURL(link.link, { width: 200, margin: 1, errorCorrectionLevel: "M" }))
      .then((src) => !cancelled && setQr({ state: "ready", src }))
      .catch(() => !cancelled && setQr({ state: "failed" }));
    return () => {
      cancelled = true;
    };
  }, [showQr, link.link]);

  const registrationCount = link.registrations.length;
  return (
    <div className="flex flex-wrap items-start gap-6">
      {qrId && (
        <div id={qrId} className="rounded-lg border border-slate-200 bg-white p-2">
          {qr.state === "ready" ? (
            // biome-ignore lint/performance/noImgElement: a data: URL made in the browser; next/image adds nothing.
            <img src={qr.src} width={200} height={200} alt={t("qrAlt", { link: link.link })} />
          ) : (
            <p role="status" className="flex size-[200px] items-center justify-center text-center">
              {qr.state === "failed" ? t("qrFailed") : t("qrLoading")}
            </p>
          )}
        </div>
      )}
      {registrationsId && (
        <div id={registrationsId} className="min-w-0 flex-1">
          {/* Narrow: the row spans the whole table, which is wider than a phone's screen. */}
          <FunnelChart funnel={link.funnel} label={tFunnel("ofLink")} className="max-w-lg" />
          {registrationCount === 0 ? (
            <p className="mt-3">{t("noRegistrations")}</p>
          ) : (
            <ul
              aria-label={t("registrations", { count: registrationCount })}
              className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-slate-800"
            >
              {link.registrations.map((registration, index) => (
                <li
                  // Names may repeat and may be null; the list never reorders.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                  key={index}
                  className="flex flex-wrap gap-x-4 gap-y-1 px-3 py-2"
                >
                  <span className={registration.name ? "font-medium" : "italic"}>
                    {registration.name ?? t("deletedMember")}
                  </span>
                  <span>{t("registrationType", { type: registration.type })}</span>
                  <time dateTime={registration.date} title={formatDate(registration.date).full}>
                    {formatDate(registration.date).short}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
