import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { AccountSession } from "../../../lib/schemas/account-security";
import type { Database } from "../../db";
import { authSessions } from "../../db/schema";
import { AppError } from "../../errors";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import { isUuid } from "../ids";
import type { AuthDeps } from "./auth-deps";
import { describeUserAgent } from "./device";
import { revokeUserSessions } from "./revoke-sessions";
import { shortenIp } from "./shorten-ip";

/** More live sessions than this are unusual; the list shows the most recently used ones. */
const SESSIONS_SHOWN = 50;

/**
 * The member's live sessions, this one first, then by last use: not revoked, not past their
 * absolute lifetime, and still able to refresh (inside the idle limit). The address is shortened
 * and the user agent reduced to browser and system: the full strings stay in the database.
 */
export async function listAccountSessions(
  deps: AuthDeps,
  userId: string,
  currentSessionId: string,
): Promise<AccountSession[]> {
  const rows = await deps.db
    .select({
      id: authSessions.id,
      createdAt: authSessions.createdAt,
      lastUsedAt: authSessions.lastUsedAt,
      ip: authSessions.ip,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
        or(
          eq(authSessions.id, currentSessionId),
          gt(authSessions.lastSeenAt, sql`now() - make_interval(secs => ${deps.config.sessionIdleSeconds})`),
        ),
      ),
    )
    .orderBy(sql`${authSessions.id} = ${currentSessionId} desc`, desc(authSessions.lastUsedAt))
    .limit(SESSIONS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ip: shortenIp(row.ip),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/**
 * Ends one of the member's own sessions. Another member's session, a made-up id and one already
 * ended all answer the same 404: the answer never tells whether an id exists.
 */
export async function revokeAccountSession(
  db: Database,
  input: { userId: string; sessionId: string; ip: string | null },
): Promise<void> {
  const notFound = new AppError("NOT_FOUND", "sessionNotFound");
  if (!isUuid(input.sessionId)) throw notFound;
  const [revoked] = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: "revoked_by_user" })
    .where(
      and(
        eq(authSessions.id, input.sessionId.toLowerCase()),
        eq(authSessions.userId, input.userId),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ id: authSessions.id });
  if (!revoked) throw notFound;
  await recordOwnAuditEvent(db, input.userId, {
    action: "auth.session_revoked",
    details: { sessionId: revoked.id },
    ip: input.ip,
  });
}

/** "Sign out everywhere else": every session of the member but the one asking. */
export async function revokeOtherAccountSessions(
  db: Database,
  input: { userId: string; keepSessionId: string; ip: string | null },
): Promise<number> {
  const count = await revokeUserSessions(db, input.userId, "revoked_by_user", {
    keepSessionId: input.keepSessionId,
  });
  await recordOwnAuditEvent(db, input.userId, {
    action: "auth.other_sessions_revoked",
    details: { count },
    ip: input.ip,
  });
  return count;
}
