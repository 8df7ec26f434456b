import { and, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db";
import { authSessions } from "../../db/schema";

export async function revokeSession(db: Database, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  reason: string,
  keepSessionId?: string,
): Promise<void> {
  const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(authSessions.id, keepSessionId));
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...conditions));
}
