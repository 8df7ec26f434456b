import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { TokenResponse } from "../../../lib/schemas/auth";
import type { Database } from "../../db";
import { preparedPerDatabase, preparedStatement } from "../../db/prepared";
import {
  listUserPermissionNames,
  permissionNamesFrom,
  toSessionUser,
  type UserRow,
} from "../../db/queries/users";
import { authSessions, refreshTokens, users } from "../../db/schema";
import { createOpaqueToken, hashOpaqueToken } from "../../infra/tokens";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { deviceKey } from "./device";
import { resolveDevice } from "./device-token";
import type { LoginMethod } from "./login-challenge";
import { isNewBrowser, newBrowserCondition, newBrowserNotice } from "./new-browser";

/** The successor of a refresh token: derived, so the grace window can hand out the same one. */
export function deriveChildToken(secret: string, parentToken: string): string {
  return crypto.createHmac("sha256", secret).update(`refresh-child:${parentToken}`).digest("base64url");
}

function refreshTokenExpiry(deps: AuthDeps, session: { expiresAt: Date }, from = new Date()): Date {
  const idleEnd = from.getTime() + deps.config.sessionIdleSeconds * 1000;
  return new Date(Math.min(idleEnd, session.expiresAt.getTime()));
}

/** The answer of every sign-in and refresh: a signed access token beside the refresh token. */
async function tokenResponse(
  deps: AuthDeps,
  user: UserRow,
  session: { id: string; expiresAt: Date },
  refreshToken: string,
  permissionNames: string[],
  now = new Date(),
  deviceToken?: string,
): Promise<TokenResponse> {
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
    refreshTokenExpiresAt: refreshTokenExpiry(deps, session, now).toISOString(),
    user: toSessionUser(user, permissionNames),
    ...(deviceToken ? { deviceToken } : {}),
  };
}

/** Access token plus the user as the browser sees it, for a session that is already valid. */
export async function issueTokens(
  deps: AuthDeps,
  db: Database,
  user: UserRow,
  session: { id: string; expiresAt: Date },
  refreshToken: string,
  deviceToken?: string,
): Promise<TokenResponse> {
  const permissionNames = await listUserPermissionNames(db, user.id);
  return tokenResponse(deps, user, session, refreshToken, permissionNames, new Date(), deviceToken);
}

/** How a session was started: the first step, and whether a second factor was proved. */
export type SessionStart = { method: LoginMethod; secondFactor: boolean };

/**
 * Starts a session after a successful login (an emailed code, or any login with a second
 * factor). A sign-in from a new browser queues its notice in the same transaction
 * (new-browser.ts).
 */
export async function createSession(
  deps: AuthDeps,
  user: UserRow,
  context: RequestContext,
  start: SessionStart,
): Promise<TokenResponse> {
  const refreshToken = createOpaqueToken();
  const key = deviceKey(context.userAgent);
  const device = resolveDevice(deps.config.totpSecretKey, context.deviceToken);
  let noticeQueued = false;
  const tokens = await deps.db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    if (await isNewBrowser(database, user.id, device.idHash)) {
      await deps.mail.enqueue(database, newBrowserNotice(deps, user, context, new Date()));
      noticeQueued = true;
    }
    const [session] = await tx
      .insert(authSessions)
      .values({
        userId: user.id,
        expiresAt: new Date(Date.now() + deps.config.sessionAbsoluteSeconds * 1000),
        ip: context.ip,
        userAgent: context.userAgent?.slice(0, 512) ?? null,
        deviceKey: key,
        deviceIdHash: device.idHash,
        signInMethod: start.method,
        secondFactorAt: start.secondFactor ? new Date() : null,
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
    return issueTokens(deps, database, updated ?? user, session, refreshToken, device.token);
  });
  if (noticeQueued) deps.mail.wake();
  return tokens;
}

const value = (name: string) => sql.placeholder(name);

/** The statement of startPasswordSession, prepared once per database (planned once per connection). */
const startPasswordSessionStatement = preparedPerDatabase((db) =>
  preparedStatement<{ permissions: unknown; notices: number }>(
    db,
    "start_password_session",
    sql`
    with locked as (
      select key from rate_limits where key in (${value("clearKey")}, ${value("releaseKey")})
      order by key = ${value("clearKey")} desc
      for update
    ), cleared as (
      delete from rate_limits where key = ${value("clearKey")} and key in (select key from locked)
    ), released as (
      update rate_limits set count = greatest(count - 1, 0)
      where key = ${value("releaseKey")} and window_ends_at > now() and key in (select key from locked)
    ), new_session as (
      insert into auth_sessions (id, user_id, expires_at, ip, user_agent, device_key, device_id_hash, sign_in_method)
      values (${value("sessionId")}, ${value("userId")}, ${value("expiresAt")}, ${value("ip")}, ${value("userAgent")}, ${value("deviceKey")}, ${value("deviceIdHash")}, 'password')
    ), new_refresh_token as (
      insert into refresh_tokens (session_id, token_hash) values (${value("sessionId")}, ${value("refreshTokenHash")})
    ), last_login as (
      update users set last_login_at = ${value("now")} where id = ${value("userId")}
    ), audit as (
      insert into audit_log (action, subject_user_id, details, ip)
      values ('auth.login', ${value("userId")}, ${value("auditDetails")}::jsonb, ${value("ip")})
    ), notice as (
      insert into mail_outbox (kind, recipient, language, subject, text, html)
      select ${value("noticeKind")}, ${value("noticeTo")}, ${value("noticeLanguage")}, ${value("noticeSubject")}, ${value("noticeText")}, ${value("noticeHtml")}
      where ${newBrowserCondition(value("userId"), value("deviceIdHash"))}
      returning id
    )
    select coalesce(json_agg(p.name order by p.name), '[]'::json) as permissions,
      (select count(*) from notice)::int as notices
    from user_permissions up join permissions p on p.id = up.permission_id
    where up.user_id = ${value("userId")} and p.is_active
  `,
  ),
);

/**
 * Starts a session after a password login in one statement, one round trip instead of eight:
 * the account's failure count is cleared and the IP's attempt given back (keys as stored, see
 * limitKey), the session, its refresh token, the last login and the audit row are written, and
 * the permissions for the access token are read. A named statement: PostgreSQL parses and plans
 * it once per connection. A statement is atomic, as the transaction it
 * replaces was; the ids are made here, so no part waits for another's RETURNING. The two
 * rate-limit rows are locked first, account before IP, the order in which the attempt was
 * counted (the CTEs themselves run in no set order): two logins sharing both keys wait for each
 * other instead of deadlocking. A sign-in from a new browser queues its notice in the same
 * statement: the mail is rendered beforehand and inserted only when the condition holds, and the
 * condition reads the sessions as they were before this one (a statement sees its own snapshot).
 */
export async function startPasswordSession(
  deps: AuthDeps,
  user: UserRow,
  context: RequestContext,
  limits: { clearKey: string; releaseKey: string },
): Promise<TokenResponse> {
  const refreshToken = createOpaqueToken();
  const now = new Date();
  const session = {
    id: crypto.randomUUID(),
    expiresAt: new Date(now.getTime() + deps.config.sessionAbsoluteSeconds * 1000),
  };
  const ip = context.ip ?? null;
  const key = deviceKey(context.userAgent);
  const device = resolveDevice(deps.config.totpSecretKey, context.deviceToken);
  const notice = newBrowserNotice(deps, user, context, now);
  const [row] = await startPasswordSessionStatement(deps.db).execute({
    clearKey: limits.clearKey,
    releaseKey: limits.releaseKey,
    sessionId: session.id,
    userId: user.id,
    expiresAt: session.expiresAt.toISOString(),
    ip,
    userAgent: context.userAgent?.slice(0, 512) ?? null,
    deviceKey: key,
    deviceIdHash: device.idHash,
    refreshTokenHash: hashOpaqueToken(refreshToken),
    now: now.toISOString(),
    auditDetails: JSON.stringify({ method: "password" }),
    noticeKind: notice.kind,
    noticeTo: notice.to,
    noticeLanguage: notice.language,
    noticeSubject: notice.subject,
    noticeText: notice.text,
    noticeHtml: notice.html ?? null,
  });
  if (Number(row?.notices ?? 0) > 0) deps.mail.wake();
  const permissionNames = permissionNamesFrom(row?.permissions);
  return tokenResponse(
    deps,
    { ...user, lastLoginAt: now },
    session,
    refreshToken,
    permissionNames,
    now,
    device.token,
  );
}
