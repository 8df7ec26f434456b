import type { Locale } from "../../../lib/i18n/config";
import type { MailAttachmentRef } from "../../db/schema";
import { displaySettings } from "../display-settings";
import { appNameIn, translatorsOf } from "../translators";
import type { OutgoingMail } from "./outbox";

// Every mail exists in English and German; the user's language picks one.
// The texts live in messages/*.json `Mail`, next to the app's own, so translators see them.

const translatorFor = translatorsOf("Mail");

type MailTranslator = ReturnType<typeof translatorFor>;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

type MailContent = {
  kind: OutgoingMail["kind"];
  subject: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  /** Why the member gets this mail, shown in the footer. */
  reason: string;
};

/** The operator's privacy policy and imprint, those configured (display-settings.ts). */
function legalLinks(t: MailTranslator): { href: string; label: string }[] {
  const { privacyUrl, imprintUrl } = displaySettings();
  return [
    ...(privacyUrl ? [{ href: privacyUrl, label: t("layout.privacyPolicy") }] : []),
    ...(imprintUrl ? [{ href: imprintUrl, label: t("layout.imprint") }] : []),
  ];
}

/**
 * One layout for every mail: a header with the product name, the paragraphs, an optional button
 * with its address spelled out for clients that block links, and a footer that says why the
 * member got the mail and links the privacy policy and the imprint when they are configured.
 * Inline styles and tables, as mail clients ignore style sheets. Every value is escaped: some
 * come from members and admins (a rejection reason, a name).
 */
function renderMail(to: string, locale: Locale, content: MailContent): OutgoingMail {
  const appName = appNameIn(locale);
  const t = translatorFor(locale);
  const footerNote = t("layout.footerNote", { appName });
  const legal = legalLinks(t);
  const { paragraphs, link } = content;
  const text = [
    appName,
    "",
    [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join("\n\n"),
    "",
    "--",
    content.reason,
    footerNote,
    ...legal.map((item) => `${item.label}: ${item.href}`),
  ].join("\n");
  const body = [
    ...paragraphs.map(
      (paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`,
    ),
    ...(link
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(link.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;color:#475569;line-height:1.5">${escapeHtml(t("layout.linkFallback"))}<br><a href="${escapeHtml(link.href)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(link.href)}</a></p>`,
        ]
      : []),
  ].join("\n");
  const legalAnchors = legal.map(
    (item) => `<a href="${escapeHtml(item.href)}" style="color:#1e40af">${escapeHtml(item.label)}</a>`,
  );
  const legalHtml =
    legalAnchors.length > 0 ? `<p style="margin:8px 0 0">${legalAnchors.join(" · ")}</p>\n` : "";
  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;color:#0f172a;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e2e8f0;font-size:18px;font-weight:700;color:#1e3a8a">${escapeHtml(appName)}</td></tr>
<tr><td style="padding:28px">
${body}
</td></tr>
<tr><td style="padding:20px 28px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569;line-height:1.5">
<p style="margin:0 0 8px">${escapeHtml(content.reason)}</p>
<p style="margin:0">${escapeHtml(footerNote)}</p>
${legalHtml}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { kind: content.kind, language: locale, to, subject: content.subject, text, html };
}

const appNameOf = (locale: Locale) => ({ appName: appNameIn(locale) });

function build(
  to: string,
  locale: Locale,
  make: (t: MailTranslator, values: { appName: string }) => MailContent,
): OutgoingMail {
  return renderMail(to, locale, make(translatorFor(locale), appNameOf(locale)));
}

export function passwordResetMail(to: string, locale: Locale, link: string, minutes: number): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "password_reset",
    subject: t("passwordReset.subject"),
    paragraphs: [t("passwordReset.intro"), t("passwordReset.validity", { minutes })],
    link: { href: link, label: t("passwordReset.action") },
    reason: t("passwordReset.reason", values),
  }));
}

export function loginCodeMail(to: string, locale: Locale, code: string, minutes: number): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "login_code",
    subject: t("loginCode.subject"),
    paragraphs: [t("loginCode.code", { code }), t("loginCode.validity", { minutes })],
    reason: t("loginCode.reason", values),
  }));
}

/** The code stays out of the subject: subjects show in notifications and mail logs. */
export function emailVerificationCodeMail(
  to: string,
  locale: Locale,
  code: string,
  minutes: number,
): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "email_verification",
    subject: t("emailVerification.subject"),
    paragraphs: [t("emailVerification.code", { code }), t("emailVerification.validity", { minutes })],
    reason: t("emailVerification.reason", values),
  }));
}

/** Sent once an admin has verified the account: the member can now use the platform. */
export function accountActivatedMail(to: string, locale: Locale, loginUrl: string): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "account_activated",
    subject: t("accountActivated.subject"),
    paragraphs: [t("accountActivated.reviewed"), t("accountActivated.ready")],
    link: { href: loginUrl, label: t("accountActivated.action") },
    reason: t("accountActivated.reason", values),
  }));
}

export type RedoStep = "email" | "documents" | "profile" | "contract";

/**
 * Sent when an admin sends the account back one step instead of approving it. The reason is the
 * admin's own text; it goes into the body only (escaped in the HTML part).
 */
export function accountRejectedMail(
  to: string,
  locale: Locale,
  step: RedoStep,
  reason: string,
  dashboardUrl: string,
): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "account_rejected",
    subject: t("accountRejected.subject"),
    paragraphs: [
      t("accountRejected.redo", { action: t(`accountRejected.steps.${step}`) }),
      t("accountRejected.reasonLine", { reason }),
      t("accountRejected.next"),
    ],
    link: { href: dashboardUrl, label: t("accountRejected.action") },
    reason: t("accountRejected.reason", values),
  }));
}

/**
 * Sent to the member whenever the bank details of an approved account change, so a takeover
 * that redirects payouts does not go unnoticed. Only the last 4 characters of the new IBAN:
 * the mail may be read on a shared screen.
 */
export function bankDetailsChangedMail(
  to: string,
  locale: Locale,
  ibanEnding: string,
  profileUrl: string,
): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "bank_details_changed",
    subject: t("bankDetailsChanged.subject"),
    paragraphs: [t("bankDetailsChanged.changed", { ibanEnding }), t("bankDetailsChanged.review")],
    link: { href: profileUrl, label: t("bankDetailsChanged.action") },
    reason: t("bankDetailsChanged.reason", values),
  }));
}

export type SignInDetails = { browser: string; os: string; ip: string; at: Date };

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Jan 15, 2026, 00:30 GMT+1", "15. Jan. 2026, 00:30 MEZ": a moment in the installation's zone,
 * with the zone named, as the reader may be somewhere else. One formatter per language and zone
 * for the life of the process: building one costs more than the rest of a sign-in notice.
 */
function formatMoment(locale: Locale, at: Date): string {
  const { timeZone } = displaySettings();
  const key = `${locale} ${timeZone}`;
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
      timeZone,
    });
    momentFormats.set(key, format);
  }
  return format.format(at);
}

/**
 * The values of a sign-in line: the time written in the member's language and the installation's
 * zone, and what the device parser could not tell ("Unknown") said in the member's language.
 */
function signInValues(t: MailTranslator, locale: Locale, details: SignInDetails) {
  return {
    ...details,
    at: formatMoment(locale, details.at),
    browser: details.browser === "Unknown" ? t("device.unknown") : details.browser,
    os: details.os === "Unknown" ? t("device.unknownSystem") : details.os,
  };
}

/**
 * Sent when a member signs in from a browser and system none of their recent sessions used, so
 * a stolen password in use elsewhere does not go unnoticed. The address is shown shortened, as
 * in the list of sessions: enough to recognise, not a full address in a mailbox.
 */
export function newBrowserSignInMail(
  to: string,
  locale: Locale,
  details: SignInDetails,
  profileUrl: string,
): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "new_browser_sign_in",
    subject: t("newBrowserSignIn.subject"),
    paragraphs: [
      t("newBrowserSignIn.intro"),
      t("newBrowserSignIn.details", signInValues(t, locale, details)),
      t("newBrowserSignIn.ifYou"),
      t("newBrowserSignIn.ifNotYou"),
    ],
    link: { href: profileUrl, label: t("newBrowserSignIn.action") },
    reason: t("newBrowserSignIn.reason", values),
  }));
}

/** Sent after a member changed the password in the profile: a takeover that does so is seen. */
export function passwordChangedMail(
  to: string,
  locale: Locale,
  details: SignInDetails,
  resetUrl: string,
): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "password_changed",
    subject: t("passwordChanged.subject"),
    paragraphs: [
      t("passwordChanged.changed", signInValues(t, locale, details)),
      t("passwordChanged.otherSessions"),
      t("passwordChanged.ifNotYou"),
    ],
    link: { href: resetUrl, label: t("passwordChanged.action") },
    reason: t("passwordChanged.reason", values),
  }));
}

/**
 * Sent once per uploaded ID when it expires within 30 days, so the member uploads a new one in
 * time. The date is written as the member's language writes dates; it is a calendar day
 * (YYYY-MM-DD), written as such in UTC so no zone moves it to the day before or after.
 */
export function idExpiringMail(
  to: string,
  locale: Locale,
  expiryDate: string,
  uploadUrl: string,
): OutgoingMail {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${expiryDate}T00:00:00Z`),
  );
  return build(to, locale, (t, values) => ({
    kind: "id_expiring",
    subject: t("idExpiring.subject"),
    paragraphs: [t("idExpiring.expires", { date }), t("idExpiring.upload"), t("idExpiring.stays")],
    link: { href: uploadUrl, label: t("idExpiring.action") },
    reason: t("idExpiring.reason", values),
  }));
}

/** Sent to each member a payout run paid, when a super admin marks the run as executed. */
export function payoutExecutedMail(
  to: string,
  locale: Locale,
  amountCents: number,
  ibanEnd: string,
  earningsUrl: string,
  /** The member's statement PDF, already in object storage; the mail says it is attached. */
  statement?: MailAttachmentRef,
): OutgoingMail {
  const amount = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(
    amountCents / 100,
  );
  const mail = build(to, locale, (t, values) => ({
    kind: "payout_executed",
    subject: t("payoutExecuted.subject", { amount }),
    paragraphs: [
      t("payoutExecuted.paid", { amount, ibanEnd }),
      ...(statement ? [t("payoutExecuted.attached")] : []),
      t("payoutExecuted.statement"),
    ],
    link: { href: earningsUrl, label: t("payoutExecuted.action") },
    reason: t("payoutExecuted.reason", values),
  }));
  return statement ? { ...mail, attachments: [statement] } : mail;
}

/**
 * Sent to members who signed an earlier version of a contract when a version is published as
 * "members must sign again". The contract's name is the admin's text (escaped in the HTML part).
 */
export function contractResignMail(
  to: string,
  locale: Locale,
  contractName: string,
  resignUrl: string,
): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "contract_resign",
    subject: t("contractResign.subject"),
    paragraphs: [t("contractResign.changed", { name: contractName }), t("contractResign.keep")],
    link: { href: resignUrl, label: t("contractResign.action") },
    reason: t("contractResign.reason", values),
  }));
}

/** Where a referrer follows their invitees, and where they turn these notices off. */
export type ReferralNoticeUrls = { referralsUrl: string; settingsUrl: string };

/**
 * The two notices about someone a member invited: they registered, or an admin approved them.
 * The new member is named by first name (a company by its name) and nothing else: the referrer
 * is not entitled to their email or details. Unlike security notices, the member can turn each
 * kind off; the footer says where.
 */
function referralNoticeMail(
  to: string,
  locale: Locale,
  kind: "referral_registered" | "referral_approved",
  name: string | null,
  urls: ReferralNoticeUrls,
): OutgoingMail {
  const key = kind === "referral_registered" ? "referralRegistered" : "referralApproved";
  return build(to, locale, (t, values) => ({
    kind,
    subject: t(`${key}.subject`),
    paragraphs: [
      t(`${key}.body`, { ...values, hasName: name ? "yes" : "no", name: name ?? "" }),
      t(`${key}.next`),
    ],
    link: { href: urls.referralsUrl, label: t("referralNotice.action") },
    reason: `${t(`${key}.reason`, values)} ${t("referralNotice.turnOff", { url: urls.settingsUrl })}`,
  }));
}

export const referralRegisteredMail = (
  to: string,
  locale: Locale,
  name: string | null,
  urls: ReferralNoticeUrls,
) => referralNoticeMail(to, locale, "referral_registered", name, urls);

export const referralApprovedMail = (
  to: string,
  locale: Locale,
  name: string | null,
  urls: ReferralNoticeUrls,
) => referralNoticeMail(to, locale, "referral_approved", name, urls);

/**
 * The security notices: one layout, always sent (a member cannot turn them off), each naming
 * what changed, when and from where, and what to do when it was not the member. `details` is the
 * browser and network that made the change, absent when an admin made it.
 */
export type SecurityEvent =
  | { kind: "two_factor_enabled" }
  | { kind: "two_factor_disabled" }
  | { kind: "recovery_codes_renewed" }
  | { kind: "recovery_code_used"; left: number }
  | { kind: "password_reset_completed" }
  | { kind: "two_factor_reset_by_admin"; reason: string }
  | { kind: "two_factor_required" }
  | { kind: "second_factor_guesses"; lockedMinutes: number }
  | { kind: "email_changed" }
  | { kind: "data_exported" };

const securityKeys = {
  two_factor_enabled: "twoFactorEnabled",
  two_factor_disabled: "twoFactorDisabled",
  recovery_codes_renewed: "recoveryCodesRenewed",
  recovery_code_used: "recoveryCodeUsed",
  password_reset_completed: "passwordResetCompleted",
  two_factor_reset_by_admin: "twoFactorReset",
  two_factor_required: "twoFactorRequired",
  second_factor_guesses: "secondFactorGuesses",
  email_changed: "emailChanged",
  data_exported: "dataExported",
} as const;

export function securityEventMail(
  to: string,
  locale: Locale,
  event: SecurityEvent,
  details: SignInDetails | null,
  actionUrl: string,
): OutgoingMail {
  return build(to, locale, (t, values) => {
    const key = securityKeys[event.kind];
    const main =
      event.kind === "recovery_code_used"
        ? t("security.recoveryCodeUsed.body", { left: event.left })
        : event.kind === "two_factor_reset_by_admin"
          ? t("security.twoFactorReset.body", { reason: event.reason })
          : event.kind === "second_factor_guesses"
            ? t("security.secondFactorGuesses.body", { minutes: event.lockedMinutes })
            : t(`security.${key}.body`);
    return {
      kind: event.kind,
      subject: t(`security.${key}.subject`),
      paragraphs: [
        main,
        ...(details ? [t("security.where", signInValues(t, locale, details))] : []),
        t(`security.${key}.next`),
      ],
      link: { href: actionUrl, label: t(`security.${key}.action`) },
      reason: t("security.reason", values),
    };
  });
}

/**
 * The code that makes the new address the login email, sent to that address. The code stays out
 * of the subject: subjects show in notifications and mail logs.
 */
export function emailChangeCodeMail(to: string, locale: Locale, code: string, minutes: number): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "email_change_code",
    subject: t("emailChangeCode.subject"),
    paragraphs: [t("emailChangeCode.code", { code }), t("emailChangeCode.validity", { minutes })],
    reason: t("emailChangeCode.reason", values),
  }));
}

/**
 * Sent instead of the code when the new address already has an account: the page answers alike
 * either way (no oracle), and only the owner of the address learns that it is taken.
 */
export function emailChangeTakenMail(to: string, locale: Locale, loginUrl: string): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "email_change_taken",
    subject: t("emailChangeTaken.subject"),
    paragraphs: [t("emailChangeTaken.taken"), t("emailChangeTaken.ifNotYou")],
    link: { href: loginUrl, label: t("emailChangeTaken.action") },
    reason: t("emailChangeTaken.reason", values),
  }));
}

/** The last mail to a deleted account's address, queued before the address is erased; no link: the account is gone. */
export function accountDeletedMail(to: string, locale: Locale): OutgoingMail {
  return build(to, locale, (t, values) => ({
    kind: "account_deleted",
    subject: t("accountDeleted.subject"),
    paragraphs: [t("accountDeleted.deleted"), t("accountDeleted.kept"), t("accountDeleted.ifNotYou")],
    reason: t("accountDeleted.reason", values),
  }));
}
