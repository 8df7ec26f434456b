import { and, desc, eq } from "drizzle-orm";
import { REDO_STEPS, type RedoStepName, type SentBack } from "../../../lib/schemas/onboarding";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { auditLog } from "../../db/schema";

/** The user column each step sets when done, and a send-back clears. */
export const redoStepColumn = {
  email: "emailVerifiedAt",
  documents: "documentsUploadedAt",
  profile: "profileCompletedAt",
  contract: "contractSignedAt",
} as const satisfies Record<RedoStepName, keyof UserRow>;

const isRedoStep = (value: unknown): value is RedoStepName =>
  typeof value === "string" && (REDO_STEPS as readonly string[]).includes(value);

/**
 * The step an admin last sent the member back to, as long as it is still to do: once the step is
 * done again (its time set after the send-back) or the account is approved, there is nothing to
 * show. Read from the audit row the send-back wrote (admin.user_rejected, indexed by subject and
 * time), which keeps the step; the admin's words are the user row's sentBackReason, written by
 * the same send-back.
 */
export async function findSentBackStep(
  db: Database,
  user: Pick<UserRow, "id" | "adminVerifiedAt" | "sentBackReason" | (typeof redoStepColumn)[RedoStepName]>,
): Promise<SentBack | null> {
  if (user.adminVerifiedAt) return null;
  const [latest] = await db
    .select({ at: auditLog.at, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, "admin.user_rejected")))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  const step = (latest?.details as { step?: unknown } | undefined)?.step;
  if (!latest || !isRedoStep(step)) return null;
  const doneAt = user[redoStepColumn[step]];
  if (doneAt && doneAt >= latest.at) return null;
  return { step, at: latest.at.toISOString(), reason: user.sentBackReason };
}
