import { and, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { users } from "../../db/schema";
import type { MailOutbox } from "../mail/outbox";
import { referralApprovedMail, referralRegisteredMail } from "../mail/templates";

export type ReferrerNoticeDeps = { mail: MailOutbox; publicUrl: string };

type Invitee = Pick<UserRow, "userType" | "firstName" | "companyName" | "referredByUserId">;

/**
 * How the referrer sees the new member: a person by first name, a company by its name. Never the
 * last name, the email or anything else they entered: the referrer only needs to recognise them.
 */
function inviteeName(invitee: Invitee): string | null {
  const name = invitee.userType === "company" ? invitee.companyName : invitee.firstName;
  return name?.trim() || null;
}

const noticeColumns = {
  email: users.email,
  language: users.language,
  registrations: users.notifyReferralRegistrations,
  approvals: users.notifyReferralApprovals,
};

/**
 * Queues the notice in `tx`, the transaction of the registration or the approval, so it goes out
 * exactly when that commits; the caller wakes the sender afterwards. The choice is read in the
 * same transaction: one turned off a moment before is respected. A suspended or deleted inviter
 * gets nothing.
 */
async function queueReferrerNotice(
  deps: ReferrerNoticeDeps,
  tx: Database,
  invitee: Invitee,
  kind: "registrations" | "approvals",
): Promise<boolean> {
  if (!invitee.referredByUserId) return false;
  const [referrer] = await tx
    .select(noticeColumns)
    .from(users)
    .where(
      and(eq(users.id, invitee.referredByUserId), ne(users.status, "suspended"), isNull(users.deletedAt)),
    )
    .limit(1);
  if (!referrer?.[kind]) return false;
  const urls = {
    referralsUrl: new URL("/referral-management", deps.publicUrl).toString(),
    settingsUrl: new URL("/profile#notifications", deps.publicUrl).toString(),
  };
  const make = kind === "registrations" ? referralRegisteredMail : referralApprovedMail;
  await deps.mail.enqueue(tx, make(referrer.email, referrer.language, inviteeName(invitee), urls));
  return true;
}

/** Someone registered through the referrer's link. */
export const queueReferralRegisteredNotice = (deps: ReferrerNoticeDeps, tx: Database, invitee: Invitee) =>
  queueReferrerNotice(deps, tx, invitee, "registrations");

/** An admin approved someone the referrer invited. */
export const queueReferralApprovedNotice = (deps: ReferrerNoticeDeps, tx: Database, invitee: Invitee) =>
  queueReferrerNotice(deps, tx, invitee, "approvals");
