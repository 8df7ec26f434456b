import type { Locale } from "../../../lib/i18n/config";
import type { MailMessage } from "../../infra/mail/types";

// Every mail exists in English and German (ARCHITECTURE.md); the user's language picks one.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function render(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join("\n\n");
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join("\n");
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, locale: Locale, link: string, minutes: number): MailMessage {
  if (locale === "de") {
    return render(
      to,
      "Passwort zurücksetzen",
      [
        "Sie haben angefordert, Ihr Passwort zurückzusetzen.",
        `Der Link ist ${minutes} Minuten gültig und kann einmal verwendet werden. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail.`,
      ],
      { href: link, label: "Neues Passwort festlegen" },
    );
  }
  return render(
    to,
    "Reset your password",
    [
      "You asked to reset your password.",
      `The link is valid for ${minutes} minutes and works once. If this was not you, ignore this email.`,
    ],
    { href: link, label: "Set a new password" },
  );
}

export function loginCodeMail(to: string, locale: Locale, code: string, minutes: number): MailMessage {
  if (locale === "de") {
    return render(to, "Ihr Anmeldecode", [
      `Ihr Anmeldecode lautet ${code}.`,
      `Er ist ${minutes} Minuten gültig. Wenn Sie sich nicht anmelden wollten, ignorieren Sie diese E-Mail.`,
    ]);
  }
  return render(to, "Your login code", [
    `Your login code is ${code}.`,
    `It is valid for ${minutes} minutes. If you did not try to log in, ignore this email.`,
  ]);
}

/** The code stays out of the subject: subjects show in notifications and mail logs (SECURITY.md 32). */
export function emailVerificationCodeMail(
  to: string,
  locale: Locale,
  code: string,
  minutes: number,
): MailMessage {
  if (locale === "de") {
    return render(to, "Bestätigen Sie Ihre E-Mail-Adresse", [
      `Ihr Bestätigungscode lautet ${code}.`,
      `Er ist ${minutes} Minuten gültig. Wenn Sie kein Konto bei uns angelegt haben, ignorieren Sie diese E-Mail.`,
    ]);
  }
  return render(to, "Confirm your email address", [
    `Your verification code is ${code}.`,
    `It is valid for ${minutes} minutes. If you did not create an account with us, ignore this email.`,
  ]);
}

/** Sent once an admin has verified the account (issue 6): the member can now use the platform. */
export function accountActivatedMail(to: string, locale: Locale, loginUrl: string): MailMessage {
  if (locale === "de") {
    return render(
      to,
      "Ihr Konto ist aktiv",
      [
        "Gute Nachrichten: Wir haben Ihre Angaben geprüft und Ihr Konto freigeschaltet.",
        "Sie können sich ab sofort anmelden und alle Funktionen nutzen, die Ihnen freigegeben wurden.",
      ],
      { href: loginUrl, label: "Jetzt anmelden" },
    );
  }
  return render(
    to,
    "Your account is active",
    [
      "Good news: we have reviewed your details and activated your account.",
      "You can now sign in and use every feature that has been enabled for you.",
    ],
    { href: loginUrl, label: "Sign in now" },
  );
}

export type RedoStep = "email" | "documents" | "profile" | "contract";

const redoStepLabels: Record<Locale, Record<RedoStep, string>> = {
  en: {
    email: "verify your email address",
    documents: "upload your ID documents",
    profile: "complete your profile",
    contract: "sign your contract",
  },
  de: {
    email: "Ihre E-Mail-Adresse bestätigen",
    documents: "Ihre Ausweisdokumente hochladen",
    profile: "Ihr Profil vervollständigen",
    contract: "Ihren Vertrag unterschreiben",
  },
};

/**
 * Sent when an admin sends the account back one step instead of approving it (issue 6). The
 * reason is the admin's own text; it goes into the body only (escaped in the HTML part).
 */
export function accountRejectedMail(
  to: string,
  locale: Locale,
  step: RedoStep,
  reason: string,
  dashboardUrl: string,
): MailMessage {
  const action = redoStepLabels[locale][step];
  if (locale === "de") {
    return render(
      to,
      "Bitte ergänzen Sie Ihre Angaben",
      [
        `Wir konnten Ihr Konto noch nicht freischalten. Bitte ${action} erneut.`,
        `Begründung: ${reason}`,
        "Sobald Sie diesen Schritt erledigt haben, prüfen wir Ihr Konto erneut.",
      ],
      { href: dashboardUrl, label: "Zum Dashboard" },
    );
  }
  return render(
    to,
    "Please update your details",
    [
      `We could not activate your account yet. Please ${action} again.`,
      `Reason: ${reason}`,
      "Once you have done this step, we will review your account again.",
    ],
    { href: dashboardUrl, label: "Go to your dashboard" },
  );
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
): MailMessage {
  if (locale === "de") {
    return render(
      to,
      "Ihre Bankverbindung wurde geändert",
      [
        `Die Bankverbindung Ihres Kontos wurde soeben geändert. Die neue IBAN endet auf ${ibanEnding}.`,
        "Die Änderung wird von unserem Team geprüft. Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und kontaktieren Sie uns.",
      ],
      { href: profileUrl, label: "Profil ansehen" },
    );
  }
  return render(
    to,
    "Your bank details were changed",
    [
      `The bank details of your account were just changed. The new IBAN ends in ${ibanEnding}.`,
      "Our team will review the change. If this was not you, change your password right away and contact us.",
    ],
    { href: profileUrl, label: "View your profile" },
  );
}
