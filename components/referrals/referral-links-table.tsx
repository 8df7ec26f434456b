"use client";

import { useLocale, useTranslations } from "next-intl";
import { Fragment, useEffect, useId, useMemo, useRef, useState } from "react";
import type { ReferralLink } from "@/lib/schemas/referrals";
import { StatusBadge } from "./status-badge";

export const secondaryButtonClass =
  "inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-slate-400 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-600";
const dangerButtonClass =
  "inline-flex items-center justify-center whitespace-nowrap rounded-md border border-red-700 bg-white px-2.5 py-1 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800";
const confirmButtonClass =
  "inline-flex items-center justify-center whitespace-nowrap rounded-md bg-red-700 px-2.5 py-1 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-900 aria-disabled:cursor-wait aria-disabled:bg-slate-600";

const COLUMNS = ["link", "label", "status", "created", "expires", "usage", "actions"] as const;

/** Spec §4: inactive and deactivated links are greyed and can be neither copied nor deactivated. */
const isUsable = (link: ReferralLink) => link.status === "active" || link.status === "pending";

/** Keeps the host and the token's end, which tell links apart; the full URL is in title and sr text. */
function shortenLink(url: string): string {
  const bare = url.replace(/^https?:\/\//, "");
  return bare.length > 34 ? `${bare.slice(0, 22)}…${bare.slice(-10)}` : bare;
}

type DateFormatter = (iso: string) => string;

/**
 * Spec §2/§4 table of the caller's links. On narrow screens the table scrolls inside its own
 * focusable region, so the page itself never scrolls sideways.
 */
export function ReferralLinksTable({
  links,
  onCopy,
  onDeactivate,
}: {
  links: ReferralLink[];
  onCopy: (link: string) => void;
  onDeactivate: (link: ReferralLink) => Promise<boolean>;
}) {
  const t = useTranslations("Referrals.table");
  const locale = useLocale();
  // Formatted in the browser's time zone: the rows only ever render in the browser.
  const formatDate = useMemo<DateFormatter>(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    return (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : format.format(date);
    };
  }, [locale]);

  return (
    <section
      aria-label={t("region")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="mt-4 max-w-full overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <table className="w-full min-w-[60rem] border-collapse text-left text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <ReferralLinkRow
              key={link.id}
              link={link}
              formatDate={formatDate}
              onCopy={onCopy}
              onDeactivate={onDeactivate}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

type FocusTarget = "confirm" | "deactivate" | "registrations";
type QrState = { state: "loading" } | { state: "ready"; src: string } | { state: "failed" };

function ReferralLinkRow({
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
  const [qr, setQr] = useState<QrState>({ state: "loading" });
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

  // A QR code only for links that can still be used to register (spec §4 via the brief).
  const showQr = qrOpen && link.status === "active";
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

  const askToDeactivate = () => {
    focusNext.current = "confirm";
    setConfirming(true);
  };
  const cancelDeactivation = () => {
    focusNext.current = "deactivate";
    setConfirming(false);
  };
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
          {link.label ? (
            <span id={labelId}>{link.label}</span>
          ) : (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">{t("noLabel")}</span>
            </>
          )}
        </td>
        <td className="px-3 py-3">
          <StatusBadge status={link.status} />
        </td>
        <td className="px-3 py-3 whitespace-nowrap">
          <time dateTime={link.created}>{formatDate(link.created)}</time>
        </td>
        <td className="px-3 py-3 whitespace-nowrap">
          {link.expires ? <time dateTime={link.expires}>{formatDate(link.expires)}</time> : t("never")}
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
        <td className="min-w-[17rem] px-3 py-3">
          <div className="flex flex-wrap items-center gap-2">
            {usable && !confirming && (
              <>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  aria-describedby={describedBy}
                  onClick={() => onCopy(link.link)}
                >
                  {tReferrals("copy")}
                </button>
                <button
                  ref={deactivateRef}
                  type="button"
                  className={dangerButtonClass}
                  aria-describedby={describedBy}
                  onClick={askToDeactivate}
                >
                  {t("deactivate")}
                </button>
              </>
            )}
            {usable && confirming && (
              <fieldset className="space-y-2">
                <legend className="text-slate-900">{t("confirmDeactivate")}</legend>
                <div className="flex flex-wrap items-center gap-2">
                  <button
                    ref={confirmRef}
                    type="button"
                    className={confirmButtonClass}
                    aria-disabled={deactivating || undefined}
                    aria-describedby={describedBy}
                    onClick={confirmDeactivation}
                  >
                    {deactivating ? t("deactivating") : t("confirmYes")}
                  </button>
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    disabled={deactivating}
                    onClick={cancelDeactivation}
                  >
                    {t("cancel")}
                  </button>
                </div>
              </fieldset>
            )}
            {link.status === "active" && (
              <button
                type="button"
                className={secondaryButtonClass}
                aria-expanded={qrOpen}
                aria-controls={qrOpen ? qrId : undefined}
                aria-describedby={describedBy}
                onClick={() => setQrOpen((open) => !open)}
              >
                {qrOpen ? t("hideQr") : t("showQr")}
              </button>
            )}
            <button
              ref={registrationsRef}
              type="button"
              className={secondaryButtonClass}
              aria-expanded={registrationsOpen}
              aria-controls={registrationsOpen ? registrationsId : undefined}
              aria-describedby={describedBy}
              onClick={() => setRegistrationsOpen((open) => !open)}
            >
              {t("registrations", { count: registrationCount })}
            </button>
          </div>
        </td>
      </tr>
      {(showQr || registrationsOpen) && (
        <tr className={rowClass}>
          <td colSpan={COLUMNS.length} className="px-3 pb-4">
            <div className="flex flex-wrap items-start gap-6">
              {showQr && (
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
              {registrationsOpen && (
                <div id={registrationsId} className="min-w-0 flex-1">
                  {registrationCount === 0 ? (
                    <p>{t("noRegistrations")}</p>
                  ) : (
                    <ul
                      aria-label={t("registrations", { count: registrationCount })}
                      className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-slate-800"
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
                          <time dateTime={registration.date}>{formatDate(registration.date)}</time>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
