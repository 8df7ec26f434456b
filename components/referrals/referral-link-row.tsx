"use client";

import { useTranslations } from "next-intl";
import { Fragment, useEffect, useId, useRef, useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
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

/** One link: its facts, and the actions on one line (deactivation asks first, in a dialog). */
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
  const [qrOpen, setQrOpen] = useState(false);
  const [registrationsOpen, setRegistrationsOpen] = useState(false);
  const registrationsRef = useRef<HTMLButtonElement>(null);
  // After a deactivation the row's actions are gone, the dialog's opener with them: focus goes to
  // the registrations toggle, which stays (a cancelled dialog returns it to Deactivate itself).
  const focusRegistrations = useRef(false);

  useEffect(() => {
    if (!focusRegistrations.current) return;
    focusRegistrations.current = false;
    registrationsRef.current?.focus();
  });

  // A QR code only for links that can still be used to register.
  const showQr = qrOpen && link.status === "active";
  // A failure is said in a toast by the parent; the dialog closes either way.
  const confirmDeactivation = async () => {
    focusRegistrations.current = await onDeactivate(link);
    setConfirming(false);
    return null;
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
          <div className="flex items-center gap-2">
            {usable && (
              <>
                <Button {...action} variant="secondary" onClick={() => onCopy(link.link)}>
                  {tReferrals("copy")}
                </Button>
                <Button {...action} variant="secondary" onClick={() => setConfirming(true)}>
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
          {usable && confirming && (
            <AlertDialog
              title={t("confirmDeactivate")}
              cancelLabel={t("cancel")}
              confirmLabel={t("confirmYes")}
              busyLabel={t("deactivating")}
              onCancel={() => setConfirming(false)}
              onConfirm={confirmDeactivation}
            >
              <p className="break-all">{link.link}</p>
            </AlertDialog>
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
