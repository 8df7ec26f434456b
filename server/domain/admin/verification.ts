import { and, asc, count, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { users } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { RequestContext } from "../auth/auth-deps";
import { isUuid } from "../ids";
import { lockRow } from "../lock-row";
import type { MailOutbox } from "../mail/outbox";
import { accountActivatedMail, accountRejectedMail, type RedoStep } from "../mail/templates";
import { redoStepColumn } from "../onboarding/find-sent-back-step";
import { queueReferralApprovedNotice } from "../referrals/notify-referrer";
import { awaitingVerification, missingOnboardingSteps, unapprovedMember } from "./awaiting-verification";
import { userFilter, userPage } from "./list-users";
import { replaceUserPermissions } from "./permissions";

export type VerificationDeps = { db: Database; mail: MailOutbox; logger: Logger; publicUrl: string };

/**
 * The verify-users queue, oldest first: by default the members awaiting verification (all four
 * onboarding steps done, the same rule as the dashboard's count); with `onboarding: "all"` also
 * those still onboarding, whose flags show which steps are missing.
 */
export async function listPendingUsers(
  db: Database,
  query: {
    page: number;
    pageSize: number;
    search?: string;
    user_type?: "personal" | "company";
    onboarding?: "complete" | "all";
  },
) {
  const where = and(
    query.onboarding === "all" ? unapprovedMember() : awaitingVerification(),
    // The same search as the user list's (email, names, company).
    userFilter({ search: query.search?.trim() ?? "", user_type: query.user_type }),
  );
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  const total = totals?.total ?? 0;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return userPage(rows, total, query);
}

/** Locks the member's row for the rest of the transaction; refuses what cannot be reviewed. */
async function lockReviewableMember(tx: Database, userId: string): Promise<UserRow> {
  const target = await lockRow(tx, users, userId, "targetUserNotFound");
  if (target.role !== "user") throw new AppError("CONFLICT", "onlyMembersVerifiable");
  if (target.adminVerifiedAt) throw new AppError("CONFLICT", "userAlreadyVerified");
  if (target.status === "suspended") throw new AppError("CONFLICT", "suspendedNotVerifiable");
  return target;
}

/** Approval needs all four onboarding steps: 409 naming the missing ones (flag names). */
function assertOnboardingFinished(target: UserRow) {
  const missing = missingOnboardingSteps(target);
  if (missing.length > 0) throw new AppError("ONBOARDING_INCOMPLETE", undefined, { missing });
}

/**
 * One transaction makes the account active, stamps admin_verified_at and replaces the
 * permission set (unknown names roll everything back); the audit row commits with it. The
 * activation mail goes out after the commit, in the user's language; a mail failure is logged
 * and reported as `emailSent: false`, the verification stands.
 */
export async function verifyUser(
  deps: VerificationDeps,
  actor: Pick<UserRow, "id">,
  userId: string,
  permissionNames: readonly string[],
  context: RequestContext,
): Promise<{ permissions: string[]; emailSent: boolean }> {
  if (!isUuid(userId)) throw new AppError("NOT_FOUND", "targetUserNotFound");
  const { assigned } = await deps.db.transaction(async (tx) => {
    const target = await lockReviewableMember(tx, userId);
    assertOnboardingFinished(target);
    const change = await replaceUserPermissions(tx, userId, permissionNames);
    const now = new Date();
    await tx
      .update(users)
      .set({ status: "active", adminVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
    await recordAuditEvent(tx, {
      action: "admin.user_verified",
      actorUserId: actor.id,
      subjectUserId: userId,
      details: { permissions: change.after, previousPermissions: change.before },
      ip: context.ip,
    });
    await deps.mail.enqueue(
      tx,
      accountActivatedMail(target.email, target.language, new URL("/login", deps.publicUrl).toString()),
    );
    // Whoever invited the member hears of it (unless they turned that off), with the approval.
    await queueReferralApprovedNotice(deps, tx, target);
    return { target, assigned: change.after };
  });
  deps.mail.wake();
  // The mail is in the outbox with the approval; the sender retries it until it goes out.
  return { permissions: assigned, emailSent: true };
}

/**
 * Instead of deleting the account, send it back one step. The step's timestamp is
 * cleared (so that step opens again on the dashboard), the status stays pending, and the reason
 * is mailed in the user's language. The audit keeps the step and the reason's length only: the
 * admin's free text may quote an ID number.
 */
export async function rejectUser(
  deps: VerificationDeps,
  actor: Pick<UserRow, "id">,
  userId: string,
  input: { step: RedoStep; reason: string },
  context: RequestContext,
): Promise<{ emailSent: boolean }> {
  if (!isUuid(userId)) throw new AppError("NOT_FOUND", "targetUserNotFound");
  await deps.db.transaction(async (tx) => {
    const target = await lockReviewableMember(tx, userId);
    await tx
      .update(users)
      .set({ [redoStepColumn[input.step]]: null, sentBackReason: input.reason, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordAuditEvent(tx, {
      action: "admin.user_rejected",
      actorUserId: actor.id,
      subjectUserId: userId,
      details: { step: input.step, reasonLength: input.reason.length },
      ip: context.ip,
    });
    await deps.mail.enqueue(
      tx,
      accountRejectedMail(
        target.email,
        target.language,
        input.step,
        input.reason,
        new URL("/dashboard", deps.publicUrl).toString(),
      ),
    );
  });
  deps.mail.wake();
  return { emailSent: true };
}
