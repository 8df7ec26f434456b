import type { Database } from "../../db";
import { auditLog } from "../../db/schema";

export type AuditEvent = {
  action: string;
  actorUserId?: string | null;
  subjectUserId?: string | null;
  /** Facts only: never a password, token, code, IBAN or ID number. */
  details?: Record<string, unknown>;
  ip?: string | null;
};

export async function recordAuditEvent(db: Database, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    action: event.action,
    actorUserId: event.actorUserId ?? null,
    subjectUserId: event.subjectUserId ?? null,
    details: event.details ?? {},
    ip: event.ip ?? null,
  });
}

/** An event a user caused on their own account: they are both its actor and its subject. */
export async function recordOwnAuditEvent(
  db: Database,
  userId: string,
  event: Omit<AuditEvent, "actorUserId" | "subjectUserId">,
): Promise<void> {
  await recordAuditEvent(db, { ...event, actorUserId: userId, subjectUserId: userId });
}
