import { and, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db";
import { authSessions } from "../../db/schema";

export async function revokeSession(db: Database, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/**
 * Ends every live session of a user, except `keepSessionId` when given, as revoked at `at`
 * (default: now); returns how many it ended.
 */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  reason: string,
  options: { keepSessionId?: string; at?: Date } = {},
): Promise<number> {
  const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
  if (options.keepSessionId) conditions.push(ne(authSessions.id, options.keepSessionId));
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: options.at ?? new Date(), revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: authSessions.id });
  return ended.length;
}
