import { and, eq, isNull } from "drizzle-orm";
import type { TokenResponse } from "../../../lib/schemas/auth";
import { findUserById } from "../../db/queries/users";
import { authSessions, refreshTokens } from "../../db/schema";
import { AppError } from "../../errors";
import { hashOpaqueToken } from "../../infra/tokens";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { deriveChildToken, issueTokens } from "./create-session";
import { revokeSession } from "./revoke-sessions";

const sessionExpired = () => new AppError("SESSION_EXPIRED");

/**
 * Rotates a refresh token:
 * - a current token is rotated into a child, exactly once even under parallel calls;
 * - a token rotated less than the grace window ago gets that same child again (parallel tabs);
 * - an older rotated token is a replay: the whole session is revoked.
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string,
  context: RequestContext,
): Promise<TokenResponse> {
  const { db } = deps;
  const [found] = await db
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)))
    .limit(1);
  if (!found) throw sessionExpired();
  const { token, session } = found;

  const now = Date.now();
  const idleLimit = session.lastSeenAt.getTime() + deps.config.sessionIdleSeconds * 1000;
  const ended = Boolean(session.revokedAt) || session.expiresAt.getTime() <= now || idleLimit <= now;

  const user = await findUserById(db, session.userId);
  if (!user) throw sessionExpired();
  // A suspension ends the session too; the holder of its refresh token is told why.
  if (user.status === "suspended") {
    if (!ended) await revokeSession(db, session.id, "suspended");
    throw new AppError("ACCOUNT_SUSPENDED");
  }
  if (ended) throw sessionExpired();

  const childToken = deriveChildToken(deps.config.refreshDerivationSecret, refreshToken);

  if (!token.rotatedAt) {
    const rotated = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ rotatedAt: new Date() })
        .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.rotatedAt)))
        .returning({ id: refreshTokens.id });
      if (!claimed) return false;
      await tx
        .insert(refreshTokens)
        .values({ sessionId: session.id, tokenHash: hashOpaqueToken(childToken), parentId: token.id });
      const usedAt = new Date();
      await tx
        .update(authSessions)
        .set({ lastSeenAt: usedAt, lastUsedAt: usedAt })
        .where(eq(authSessions.id, session.id));
      return true;
    });
    if (rotated) return issueTokens(deps, db, user, session, childToken);
  }

  // Rotated already: by a parallel request a moment ago (grace), or long ago (a replay).
  const [current] = await db
    .select({ rotatedAt: refreshTokens.rotatedAt, revokedAt: authSessions.revokedAt })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.id, token.id));
  const rotatedAt = current?.rotatedAt?.getTime() ?? 0;
  if (!current?.revokedAt && now - rotatedAt <= deps.config.refreshGraceSeconds * 1000) {
    return issueTokens(deps, db, user, session, childToken);
  }

  await revokeSession(db, session.id, "refresh_token_reuse");
  await recordAuditEvent(db, {
    action: "auth.refresh_reuse_detected",
    subjectUserId: user.id,
    details: { sessionId: session.id },
    ip: context.ip,
  });
  deps.logger.warn({ userId: user.id, sessionId: session.id }, "refresh token reuse: session revoked");
  throw sessionExpired();
}
