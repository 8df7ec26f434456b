import { checkPassword, PASSWORD_MIN_LENGTH } from "../lib/schemas/auth";

/** What the production check reads; a subset of the API's configuration. */
export type ProductionSettings = {
  NODE_ENV: string;
  PUBLIC_URL: string;
  ALLOW_INSECURE_PUBLIC_URL: "true" | "false";
  E2E_SEED_TOKEN?: string;
  ADMIN_PASSWORD?: string;
};

// Browsers treat these as secure contexts and nobody but the machine itself reaches them: the
// address `npm start` prints on a laptop.
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
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
  return problems;
}
