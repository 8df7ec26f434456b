import { count, desc, eq, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db";
import { auditLog, users } from "../../db/schema";

const actor = alias(users, "audit_actor");
const subject = alias(users, "audit_subject");

/** Entries where the user acted or was acted upon. */
const about = (userId: string): SQL =>
  or(eq(auditLog.subjectUserId, userId), eq(auditLog.actorUserId, userId)) as SQL;

/** The audit log, newest first, overall or about one user (SECURITY.md 32: details hold no secrets). */
export async function listAuditEntries(
  db: Database,
  query: { userId?: string; page: number; pageSize: number },
) {
  const where = query.userId ? about(query.userId) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      details: auditLog.details,
      actorId: auditLog.actorUserId,
      actorEmail: actor.email,
      subjectId: auditLog.subjectUserId,
      subjectEmail: subject.email,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(subject, eq(subject.id, auditLog.subjectUserId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actor: { id: row.actorId, email: row.actorEmail },
      subject: { id: row.subjectId, email: row.subjectEmail },
      details: (row.details ?? {}) as Record<string, unknown>,
    })),
    total: totalRow?.total ?? 0,
  };
}
