import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import type { MailOutbox } from "../mail/outbox";
import { type SecurityEvent, securityEventMail } from "../mail/templates";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { signInDetails } from "./new-browser";

/** Where each notice's button leads: what the owner does when the change was not theirs. */
const actionPaths: Record<SecurityEvent["kind"], string> = {
  two_factor_enabled: "/profile",
  two_factor_disabled: "/profile",
  recovery_codes_renewed: "/profile",
  recovery_code_used: "/profile",
  password_reset_completed: "/password-reset",
  two_factor_reset_by_admin: "/login",
  two_factor_required: "/two-factor",
  second_factor_guesses: "/profile",
  email_changed: "/login",
  data_exported: "/profile#security",
};

/** What sends the notices outside the sign-in code: the outbox and the site's address. */
export type Notifier = { mail: MailOutbox; publicUrl: string };

/**
 * Queues the owner's notice of a security event in their language, in `db` (pass the transaction
 * of the change, so the change and its notice commit together; then call `deps.mail.wake()`).
 * `context` is the browser that made the change; null when an admin or the system did.
 */
export async function queueSecurityNotice(
  deps: Notifier | Pick<AuthDeps, "mail" | "config">,
  db: Database,
  user: Pick<UserRow, "email" | "language">,
  event: SecurityEvent,
  context: RequestContext | null,
): Promise<void> {
  await deps.mail.enqueue(
    db,
    securityEventMail(
      user.email,
      user.language,
      event,
      context ? signInDetails(context, new Date()) : null,
      new URL(actionPaths[event.kind], "config" in deps ? deps.config.publicUrl : deps.publicUrl).toString(),
    ),
  );
}
