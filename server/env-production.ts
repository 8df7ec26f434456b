import { checkPassword, PASSWORD_MIN_LENGTH } from "../lib/password-policy";

/** What the production check reads; a subset of the API's configuration. */
export type ProductionSettings = {
  NODE_ENV: string;
  PUBLIC_URL: string;
  ALLOW_INSECURE_PUBLIC_URL: "true" | "false";
  E2E_SEED_TOKEN?: string;
  ADMIN_PASSWORD?: string;
  SMTP_URL?: string;
  MAIL_TRANSPORT?: "smtp" | "files";
  MAIL_FROM: string;
};

// Browsers treat these as secure contexts and nobody but the machine itself reaches them: the
// address `npm start` prints on a laptop.
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The domain of a sender such as `Partners <partners@example.com>` or `partners@example.com`. */
function senderDomain(from: string): string {
  const address = /<([^>]*)>\s*$/.exec(from)?.[1] ?? from;
  return address
    .slice(address.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
}

/**
 * With NODE_ENV=production, settings that would make a deployment unsafe, as one sentence each
 * naming the variable and the way out. Empty when there are none (or when not in production).
 */
export function productionProblems(settings: ProductionSettings): string[] {
  if (settings.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  const publicUrl = new URL(settings.PUBLIC_URL);
  if (
    publicUrl.protocol !== "https:" &&
    !isLoopbackHost(publicUrl.hostname) &&
    settings.ALLOW_INSECURE_PUBLIC_URL !== "true"
  ) {
    problems.push(
      `PUBLIC_URL is ${publicUrl.origin}: the public address must use https://, or session cookies ` +
        "and sign-in links travel in plain text (ALLOW_INSECURE_PUBLIC_URL=true permits http on a closed test network)",
    );
  }
  if (settings.E2E_SEED_TOKEN) {
    problems.push(
      "E2E_SEED_TOKEN is set: it opens routes that create users at will and is for end-to-end tests only; unset it",
    );
  }
  if (settings.ADMIN_PASSWORD && !Object.values(checkPassword(settings.ADMIN_PASSWORD)).every(Boolean)) {
    problems.push(
      `ADMIN_PASSWORD does not meet the password policy (at least ${PASSWORD_MIN_LENGTH} characters with a ` +
        "lower-case and an upper-case letter, a digit and a special character); choose a stronger one or leave " +
        "it unset to have one generated",
    );
  }
  // Mail: a site only this machine reaches (the address `npm start` prints on a laptop) may keep
  // the default, files in $DATA_DIR/mail from no-reply@localhost; nobody else could follow its links.
  if (!isLoopbackHost(publicUrl.hostname)) {
    if (!settings.SMTP_URL && settings.MAIL_TRANSPORT !== "files") {
      problems.push(
        "SMTP_URL is unset, so every mail (sign-in codes, password resets) would only be written as a file " +
          "to $DATA_DIR/mail and reach nobody; set SMTP_URL, or MAIL_TRANSPORT=files if mail as files is intended",
      );
    }
    const domain = senderDomain(settings.MAIL_FROM);
    if (domain === "localhost" || domain.endsWith(".localhost")) {
      problems.push(
        `MAIL_FROM is ${settings.MAIL_FROM}: mail servers refuse or junk a sender at localhost and replies go ` +
          "nowhere; set MAIL_FROM to an address of your own domain, e.g. Partners <partners@example.com>",
      );
    }
  }
  return problems;
}
