"use client";

import { useTranslations } from "next-intl";
import { Fragment, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { NoValue } from "@/components/ui/table";
import type { ReferralLink } from "@/lib/schemas/referrals";
import { isUsable, linkBadge } from "./link-status";
import { ReferralLinkDetails } from "./referral-link-details";
import { StatusBadge } from "./status-badge";

export const COLUMNS = [
  "link",
  "label",
  "status",
  "created",
  "expires",
  "usage",
  "opened",
  "actions",
] as const;

export type DateFormatter = (iso: string) => { short: string; full: string };

/** Keeps the host and the token's end, which tell links apart; the full URL is in title and sr text. */
function shortenLink(url: string): string {
  const bare = url.replace(/^https?:\/\//, "");
  return bare.length > 34 ? `${bare.slice(0, 22)}…${bare.slice(-10)}` : bare;
}

function DateCell({ iso, formatDate }: { iso: string; formatDate: DateFormatter }) {
  const { short, full } = formatDate(iso);
  return (
    <time dateTime={iso} title={full}>
      {short}
    </time>
  );
}

type FocusTarget = "confirm" | "deactivate" | "registrations";

/** One link: its facts, and the actions on one line (deactivation asks first, in place). */
export function ReferralLinkRow({
  link,
  formatDate,
  onCopy,
  onDeactivate,
}: {
  link: ReferralLink;
  formatDate: DateFormatter;
  onCopy: (link: string) => void;
  onDeactivate: (link: ReferralLink) => Promise<boolean>;
}) {
  const t = useTranslations("Referrals.table");
  const tReferrals = useTranslations("Referrals");
  const id = useId();
  const usable = isUsable(link);
  const [confirming, setConfirming] = useState(false);
  const [deactivating, setDeactivating] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const [registrationsOpen, setRegistrationsOpen] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deactivateRef = useRef<HTMLButtonElement>(null);
  const registrationsRef = useRef<HTMLButtonElement>(null);
  // The button that had focus may be gone after a render; say where focus goes next.
  const focusNext = useRef<FocusTarget | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const refs = { confirm: confirmRef, deactivate: deactivateRef, registrations: registrationsRef };
    refs[target].current?.focus();
  });

  // A QR code only for links that can still be used to register.
  const showQr = qrOpen && link.status === "active";
  const confirmDeactivation = async () => {
    if (deactivating) return;
    setDeactivating(true);
    const done = await onDeactivate(link);
    // After success the row is greyed and its actions are gone; the registrations toggle stays.
    focusNext.current = done ? "registrations" : "deactivate";
    setDeactivating(false);
    setConfirming(false);
  };

  const headerId = `${id}-link`;
  const labelId = `${id}-label`;
  const qrId = `${id}-qr`;
  const registrationsId = `${id}-registrations`;
  // Buttons repeat in every row; a description says which link each one acts on.
  const describedBy = link.label ? labelId : headerId;
  const rowClass = usable ? "bg-white text-slate-800" : "bg-slate-100 text-slate-700";
  const registrationCount = link.registrations.length;
  const action = { size: "sm", "aria-describedby": describedBy } as const;

  return (
    <Fragment>
      <tr className={`border-t border-slate-200 align-top ${rowClass}`}>
        <th id={headerId} scope="row" className="px-3 py-3 font-mono text-xs font-normal">
          <span aria-hidden="true" title={link.link}>
            {shortenLink(link.link)}
          </span>
          <span className="sr-only">{link.link}</span>
        </th>
        <td className="px-3 py-3 break-words">
          {link.label ? <span id={labelId}>{link.label}</span> : <NoValue label={t("noLabel")} />}
        </td>
        <td className="px-3 py-3">
          <StatusBadge status={linkBadge(link)} />
        </td>
        <td className="px-3 py-3 whitespace-nowrap">
          <DateCell iso={link.created} formatDate={formatDate} />
        </td>
        <td className="px-3 py-3 whitespace-nowrap">
          {link.expires ? <DateCell iso={link.expires} formatDate={formatDate} /> : t("never")}
        </td>
        <td className="px-3 py-3 whitespace-nowrap tabular-nums">
          {link.isUnlimited ? (
            <>
              <span aria-hidden="true">{link.usageDisplay}</span>
              <span className="sr-only">{t("unlimited")}</span>
            </>
          ) : (
            link.usageDisplay
          )}
        </td>
        <td className="px-3 py-3 whitespace-nowrap tabular-nums">{link.funnel.opened}</td>
        <td className="px-3 py-3">
          {usable && confirming ? (
            <fieldset className="space-y-2">
              <legend className="text-slate-900">{t("confirmDeactivate")}</legend>
              <div className="flex items-center gap-2">
                <Button
                  {...action}
                  ref={confirmRef}
                  variant="danger"
                  loading={deactivating}
                  onClick={confirmDeactivation}
                >
                  {deactivating ? t("deactivating") : t("confirmYes")}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={deactivating}
                  onClick={() => {
                    focusNext.current = "deactivate";
                    setConfirming(false);
                  }}
                >
                  {t("cancel")}
                </Button>
              </div>
            </fieldset>
          ) : (
            <div className="flex items-center gap-2">
              {usable && (
                <>
                  <Button {...action} variant="secondary" onClick={() => onCopy(link.link)}>
                    {tReferrals("copy")}
                  </Button>
                  <Button
                    {...action}
                    ref={deactivateRef}
                    variant="secondary"
                    onClick={() => {
                      focusNext.current = "confirm";
                      setConfirming(true);
                    }}
                  >
                    {t("deactivate")}
                  </Button>
                </>
              )}
              {link.status === "active" && (
                <Button
                  {...action}
                  variant="secondary"
                  aria-expanded={qrOpen}
                  aria-controls={qrOpen ? qrId : undefined}
                  onClick={() => setQrOpen((open) => !open)}
                >
                  {qrOpen ? t("hideQr") : t("showQr")}
                </Button>
              )}
              <Button
                {...action}
                ref={registrationsRef}
                variant="secondary"
                aria-expanded={registrationsOpen}
                aria-controls={registrationsOpen ? registrationsId : undefined}
                onClick={() => setRegistrationsOpen((open) => !open)}
              >
                {t("registrations", { count: registrationCount })}
              </Button>
            </div>
          )}
        </td>
      </tr>
      {(showQr || registrationsOpen) && (
        <tr className={rowClass}>
          <td colSpan={COLUMNS.length} className="px-3 pb-4">
            <ReferralLinkDetails
              link={link}
              qrId={showQr ? qrId : null}
              registrationsId={registrationsOpen ? registrationsId : null}
              formatDate={formatDate}
            />
          </td>
        </tr>
      )}
    </Fragment>
  );
}
