import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { TokenResponse } from "../../../lib/schemas/auth";
import type { Database } from "../../db";
import { listUserPermissionNames, toSessionUser, type UserRow } from "../../db/queries/users";
import { authSessions, refreshTokens, users } from "../../db/schema";
import { createOpaqueToken, hashOpaqueToken } from "../../infra/tokens";
import type { AuthDeps, RequestContext } from "./auth-deps";

/** The successor of a refresh token: derived, so the grace window can hand out the same one. */
export function deriveChildToken(secret: string, parentToken: string): string {
  return crypto.createHmac("sha256", secret).update(`refresh-child:${parentToken}`).digest("base64url");
}

export function refreshTokenExpiry(deps: AuthDeps, session: { expiresAt: Date }, from = new Date()): Date {
  const idleEnd = from.getTime() + deps.config.sessionIdleSeconds * 1000;
  return new Date(Math.min(idleEnd, session.expiresAt.getTime()));
}

/** Access token plus the user as the browser sees it, for a session that is already valid. */
export async function issueTokens(
  deps: AuthDeps,
  db: Database,
  user: UserRow,
  session: { id: string; expiresAt: Date },
  refreshToken: string,
): Promise<TokenResponse> {
  const permissionNames = await listUserPermissionNames(db, user.id);
  const access = await deps.tokens.signAccessToken({
    sub: user.id,
    sid: session.id,
    role: user.role,
    userType: user.userType,
    permissions: permissionNames,
  });
  return {
    accessToken: access.token,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
    refreshToken,
    refreshTokenExpiresAt: refreshTokenExpiry(deps, session).toISOString(),
    user: toSessionUser(user, permissionNames),
  };
}

/** Starts a session after a successful login (password or email code). */
export async function createSession(
  deps: AuthDeps,
  user: UserRow,
  context: RequestContext,
): Promise<TokenResponse> {
  const refreshToken = createOpaqueToken();
  return deps.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(authSessions)
      .values({
        userId: user.id,
        expiresAt: new Date(Date.now() + deps.config.sessionAbsoluteSeconds * 1000),
        ip: context.ip,
        userAgent: context.userAgent?.slice(0, 512) ?? null,
      })
      .returning({ id: authSessions.id, expiresAt: authSessions.expiresAt });
    if (!session) throw new Error("session insert returned nothing");
    await tx
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: hashOpaqueToken(refreshToken) });
    const [updated] = await tx
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return issueTokens(deps, tx as unknown as Database, updated ?? user, session, refreshToken);
  });
}
