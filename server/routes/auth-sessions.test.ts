import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, authSessions, refreshTokens, users } from "../db/schema";
import { createUser, loginOk, me, post, refresh } from "../testing/auth-api";
import { createTestApp, type TestApp, testAuthConfig } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const sessionExpired = {
  error: { code: "SESSION_EXPIRED", message: "Session expired. Please sign in again." },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

function sessionsOf(app: TestApp, userId: string) {
  return app.deps.database.db
    .select({
      id: authSessions.id,
      revokedAt: authSessions.revokedAt,
      revokedReason: authSessions.revokedReason,
    })
    .from(authSessions)
    .where(eq(authSessions.userId, userId));
}

function refreshTokensOf(app: TestApp, userId: string) {
  return app.deps.database.db
    .select({ token: refreshTokens })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(authSessions.userId, userId));
}

describe("refresh rotation with reuse detection", () => {
  // No grace window, so that every replay counts as one.
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ auth: { refreshGraceSeconds: 0 } });
  });
  afterAll(() => strict.close());

  it("rotates on every refresh; replaying the first token revokes the session, newest token included", async () => {
    const user = await createUser(strict.deps.database.db);
    const first = await loginOk(strict.app, user.email, user.password);
    const otherDevice = await loginOk(strict.app, user.email, user.password);

    const chain = [first.refreshToken];
    let latestAccessToken = first.accessToken;
    for (let rotation = 0; rotation < 3; rotation++) {
      const answer = await refresh(strict.app, chain.at(-1) ?? "");
      expect(answer.status).toBe(200);
      chain.push(answer.body.refreshToken ?? "");
      latestAccessToken = answer.body.accessToken ?? "";
    }
    expect(new Set(chain).size).toBe(4);
    expect((await me(strict.app, latestAccessToken)).status).toBe(200);

    const replay = await refresh(strict.app, first.refreshToken);
    const newest = await refresh(strict.app, chain[3] ?? "");

    expect(replay).toMatchObject({ status: 401, body: sessionExpired });
    expect(newest).toMatchObject({ status: 401, body: sessionExpired });
    for (const token of chain.slice(1, 3)) expect((await refresh(strict.app, token)).status).toBe(401);
    expect((await me(strict.app, latestAccessToken)).status).toBe(401);
    // Only the stolen chain ends; the user's other device stays signed in.
    expect((await refresh(strict.app, otherDevice.refreshToken)).status).toBe(200);
    const audit = await strict.deps.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, "auth.refresh_reuse_detected")));
    expect(audit).toHaveLength(1);
  });
});

describe("grace window for parallel refreshes", () => {
  it("answers 50 parallel refreshes with one token alike, leaving one live session with one current token", async () => {
    const user = await createUser(db());
    const { refreshToken } = await loginOk(t.app, user.email, user.password);

    const answers = await Promise.all(Array.from({ length: 50 }, () => refresh(t.app, refreshToken)));

    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const succeeded = answers.filter((answer) => answer.status === 200);
    expect(succeeded.length).toBeGreaterThan(0);
    const children = new Set(succeeded.map((answer) => answer.body.refreshToken));
    expect(children.size).toBe(1);
    const [child = ""] = children;
    expect(child).not.toBe(refreshToken);
    expect((await me(t.app, succeeded[0]?.body.accessToken)).status).toBe(200);

    const sessions = await sessionsOf(t, user.id);
    expect(sessions.filter((session) => session.revokedAt === null)).toHaveLength(1);
    const current = (await refreshTokensOf(t, user.id)).filter((row) => row.token.rotatedAt === null);
    expect(current.map((row) => row.token.tokenHash)).toEqual([sha256(child)]);
  });

  it("gives a replay of the parent within the window the child already issued, and the child still works", async () => {
    const user = await createUser(db());
    const { refreshToken } = await loginOk(t.app, user.email, user.password);
    const first = await refresh(t.app, refreshToken);

    const replay = await refresh(t.app, refreshToken);

    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body.refreshToken).toBe(first.body.refreshToken);
    const next = await refresh(t.app, first.body.refreshToken ?? "");
    expect(next.status).toBe(200);
    expect(next.body.refreshToken).not.toBe(first.body.refreshToken);
    expect((await sessionsOf(t, user.id)).filter((session) => session.revokedAt === null)).toHaveLength(1);
  });
});

describe("refresh tokens of 128+ random bits, stored only as SHA-256 hashes", () => {
  it("issues long random tokens and keeps nothing but their hashes", async () => {
    const user = await createUser(db());
    const a = await loginOk(t.app, user.email, user.password);
    const b = await loginOk(t.app, user.email, user.password);
    const rotated = (await refresh(t.app, a.refreshToken)).body.refreshToken ?? "";
    const issued = [a.refreshToken, b.refreshToken, rotated];

    for (const token of issued) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    }
    expect(new Set(issued).size).toBe(3);
    const stored = await refreshTokensOf(t, user.id);
    const everything = JSON.stringify(stored);
    for (const token of issued) expect(everything).not.toContain(token);
    expect(stored.map((row) => row.token.tokenHash).sort()).toEqual(issued.map(sha256).sort());
  });
});

describe("idle and absolute session lifetimes", () => {
  const setSession = (refreshToken: string, values: Partial<typeof authSessions.$inferInsert>) =>
    db()
      .update(authSessions)
      .set(values)
      .where(
        eq(
          authSessions.id,
          db()
            .select({ id: refreshTokens.sessionId })
            .from(refreshTokens)
            .where(eq(refreshTokens.tokenHash, sha256(refreshToken))),
        ),
      );

  it("ends a session left idle longer than the idle lifetime, while an active one goes on", async () => {
    const user = await createUser(db());
    const idle = await loginOk(t.app, user.email, user.password);
    const active = await loginOk(t.app, user.email, user.password);
    const idleSeconds = testAuthConfig.sessionIdleSeconds;
    await setSession(idle.refreshToken, { lastSeenAt: new Date(Date.now() - (idleSeconds + 60) * 1000) });
    // Almost idle: a refresh now keeps it alive and moves the idle deadline.
    await setSession(active.refreshToken, { lastSeenAt: new Date(Date.now() - (idleSeconds - 60) * 1000) });

    expect(await refresh(t.app, idle.refreshToken)).toMatchObject({ status: 401, body: sessionExpired });
    const kept = await refresh(t.app, active.refreshToken);
    expect(kept.status).toBe(200);
    expect((await refresh(t.app, kept.body.refreshToken ?? "")).status).toBe(200);
  });

  it("ends a session past its absolute lifetime however recently it was used", async () => {
    const user = await createUser(db());
    const session = await loginOk(t.app, user.email, user.password);
    await setSession(session.refreshToken, {
      expiresAt: new Date(Date.now() - 1000),
      lastSeenAt: new Date(),
    });

    expect(await refresh(t.app, session.refreshToken)).toMatchObject({ status: 401, body: sessionExpired });
    expect((await me(t.app, session.accessToken)).status).toBe(401);
  });

  describe("with 1-second lifetimes, in real time", () => {
    let idleApp: TestApp;
    let absoluteApp: TestApp;
    beforeAll(async () => {
      [idleApp, absoluteApp] = await Promise.all([
        createTestApp({ auth: { sessionIdleSeconds: 1 } }),
        createTestApp({ auth: { sessionAbsoluteSeconds: 1 } }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([idleApp.close(), absoluteApp.close()]);
    });

    it("refuses a refresh 1.5 s after login when the idle lifetime is 1 s", async () => {
      const user = await createUser(idleApp.deps.database.db);
      const session = await loginOk(idleApp.app, user.email, user.password);
      await sleep(1500);

      expect(await refresh(idleApp.app, session.refreshToken)).toMatchObject({
        status: 401,
        body: sessionExpired,
      });
    });

    it("refuses a refresh 1.5 s after login when the absolute lifetime is 1 s, and says so up front", async () => {
      const user = await createUser(absoluteApp.deps.database.db);
      const loggedInAt = Date.now();
      const session = await loginOk(absoluteApp.app, user.email, user.password);
      expect(Date.parse(session.refreshTokenExpiresAt)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(Date.parse(session.refreshTokenExpiresAt)).toBeGreaterThan(loggedInAt);
      await sleep(1500);

      expect(await refresh(absoluteApp.app, session.refreshToken)).toMatchObject({
        status: 401,
        body: sessionExpired,
      });
      expect((await me(absoluteApp.app, session.accessToken)).status).toBe(401);
    });
  });
});

describe("logout, suspension and deletion end sessions on the server", () => {
  it("revokes the logged-out session, its refresh and its access token, and no other", async () => {
    const user = await createUser(db());
    const leaving = await loginOk(t.app, user.email, user.password);
    const staying = await loginOk(t.app, user.email, user.password);

    const logout = await post(t.app, "/api/auth/logout", { refreshToken: leaving.refreshToken });

    expect(logout).toMatchObject({ status: 200, body: { success: true } });
    expect(await refresh(t.app, leaving.refreshToken)).toMatchObject({ status: 401, body: sessionExpired });
    expect((await me(t.app, leaving.accessToken)).status).toBe(401);
    expect((await me(t.app, staying.accessToken)).status).toBe(200);
    expect((await refresh(t.app, staying.refreshToken)).status).toBe(200);
    // Logging out twice, or with a token the server does not know, is still a success.
    expect((await post(t.app, "/api/auth/logout", { refreshToken: leaving.refreshToken })).status).toBe(200);
    expect((await post(t.app, "/api/auth/logout", { refreshToken: "unknown-token" })).status).toBe(200);
  });

  it("refuses a suspended user's login, refresh and access token", async () => {
    const user = await createUser(db());
    const session = await loginOk(t.app, user.email, user.password);
    await db().update(users).set({ status: "suspended" }).where(eq(users.id, user.id));

    const loginAgain = await post(t.app, "/api/auth/login", { email: user.email, password: user.password });
    const meAnswer = await me(t.app, session.accessToken);
    const refreshAnswer = await refresh(t.app, session.refreshToken);

    expect(loginAgain).toMatchObject({ status: 403, body: { error: { code: "ACCOUNT_SUSPENDED" } } });
    expect([401, 403]).toContain(meAnswer.status);
    expect([401, 403]).toContain(refreshAnswer.status);
    expect(refreshAnswer.body.accessToken).toBeUndefined();
    // A wrong password tells a suspended account nothing new.
    const wrong = await post(t.app, "/api/auth/login", { email: user.email, password: "Wrong-password-1!" });
    expect(wrong).toMatchObject({ status: 401, body: { error: { code: "INVALID_CREDENTIALS" } } });
  });

  it("ends every session of a deleted user", async () => {
    const user = await createUser(db());
    const session = await loginOk(t.app, user.email, user.password);

    await db().delete(users).where(eq(users.id, user.id));

    expect((await refresh(t.app, session.refreshToken)).status).toBe(401);
    expect((await me(t.app, session.accessToken)).status).toBe(401);
    expect(
      await db()
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.userId, user.id), isNull(authSessions.revokedAt))),
    ).toEqual([]);
  });
});
