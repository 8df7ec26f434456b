import type { Locale } from "../../../lib/i18n/config";
import type { UserRow } from "../../db/queries/users";
import { AppError } from "../../errors";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import type { RequestContext } from "../auth/auth-deps";
import { mailCode } from "../auth/mail-code";
import { lastCodeSentAt } from "../auth/one-time-codes";
import { lockOwnAccount } from "../lock-own-account";
import type { EmailVerificationDeps } from "./email-verification-deps";

/** A new code at most every 600 s, the same as the client's resend countdown. */
const VERIFICATION_RESEND_SECONDS = 600;

/**
 * Issues a verify_email code and mails it in `lang`, else the user's language. The countdown is
 * read from the last code's creation time under a lock on the user's row, so parallel requests
 * of one user queue and only the first gets a code.
 */
export async function sendVerificationEmail(
  deps: EmailVerificationDeps,
  user: Pick<UserRow, "id" | "email" | "language">,
  input: { lang?: Locale },
  context: RequestContext,
): Promise<{ resendAfterSeconds: number }> {
  await deps.db.transaction(async (tx) => {
    const current = await lockOwnAccount(tx, user.id);
    if (current.emailVerifiedAt) throw new AppError("CONFLICT", "emailAlreadyVerified");

    const now = new Date();
    const last = await lastCodeSentAt(tx, user.id, "verify_email");
    const waitedSeconds = last ? (now.getTime() - last.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (waitedSeconds < VERIFICATION_RESEND_SECONDS) {
      throw new AppError("RATE_LIMITED", "codeRequestTooSoon", {
        retryAfterSeconds: Math.min(
          VERIFICATION_RESEND_SECONDS,
          Math.max(1, Math.ceil(VERIFICATION_RESEND_SECONDS - waitedSeconds)),
        ),
      });
    }
    await mailCode(tx, deps.mail, deps.codeSecret, user, "verify_email", input.lang, now);
  });
  deps.mail.wake();

  await recordOwnAuditEvent(deps.db, user.id, {
    action: "onboarding.verification_email_sent",
    ip: context.ip,
  });
  return { resendAfterSeconds: VERIFICATION_RESEND_SECONDS };
}
