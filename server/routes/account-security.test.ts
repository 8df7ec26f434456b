import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountSession } from "../../lib/schemas/account-security";
import { authSessions, mailOutbox, users } from "../db/schema";
import { deviceKey } from "../domain/auth/device";
import {
  call,
  codeFrom,
  createUser,
  login,
  me,
  post,
  refresh,
  strongPassword,
  type TestUser,
  uniqueIp,
} from "../testing/auth-api";
import { readOutbox, waitForMail } from "../testing/eml";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CHROME_WINDOWS_NEWER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

type Tokens = { accessToken: string; refreshToken: string };

/**
 * Each member's browsers keep their device cookie as a browser would: one per browser family
 * and system, so an updated browser still holds the cookie of its earlier version.
 */
const deviceCookies = new Map<string, string>();
const browserOf = (user: TestUser, userAgent: string) => `${user.id}|${deviceKey(userAgent)}`;

/** Signs in as a browser with this user agent (and its device cookie), from this address. */
async function signIn(user: TestUser, userAgent = FIREFOX_LINUX, ip = uniqueIp()): Promise<Tokens> {
  const cookie = deviceCookies.get(browserOf(user, userAgent));
  const answer = await post(
    t.app,
    "/api/auth/login",
    { email: user.email, password: user.password },
    { ip, headers: { "user-agent": userAgent, ...(cookie ? { "x-device-token": cookie } : {}) } },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  if (answer.body.deviceToken) deviceCookies.set(browserOf(user, userAgent), answer.body.deviceToken);
  return { accessToken: answer.body.accessToken ?? "", refreshToken: answer.body.refreshToken ?? "" };
}

async function listSessions(accessToken: string) {
  const answer = await call(t.app, "GET", "/api/auth/sessions", { token: accessToken });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { sessions: AccountSession[] }).sessions;
}

async function currentSessionId(accessToken: string): Promise<string> {
  const current = (await listSessions(accessToken)).find((session) => session.current);
  if (!current) throw new Error("no current session in the list");
  return current.id;
}

const revoke = (accessToken: string, id: string) =>
  call(t.app, "DELETE", `/api/auth/sessions/${id}`, { token: accessToken });

/** Whether a browser's session still works: its access token on the next call, its refresh token. */
async function stillSignedIn(tokens: Tokens) {
  return {
    access: (await me(t.app, tokens.accessToken)).status,
    refresh: (await refresh(t.app, tokens.refreshToken)).status,
  };
}

function noticesTo(email: string) {
  return db()
    .select({ subject: mailOutbox.subject, language: mailOutbox.language, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, "new_browser_sign_in")));
}

describe("the member's list of sessions", () => {
  it("lists the live sessions with browser, system, a shortened address and times; this one marked", async () => {
    const user = await createUser(db());
    const laptop = await signIn(user, FIREFOX_LINUX, "203.0.113.45");
    await signIn(user, SAFARI_IPHONE, "2001:db8:85a3:1:2:3:4:5");
    const ended = await signIn(user, CHROME_WINDOWS);
    await post(t.app, "/api/auth/logout", { refreshToken: ended.refreshToken });

    const sessions = await listSessions(laptop.accessToken);

    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, browser: "Firefox", os: "Linux", ip: "203.0.113.x" });
    expect(sessions[1]).toMatchObject({
      current: false,
      browser: "Safari",
      os: "iOS",
      ip: "2001:db8:85a3::/48",
    });
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).not.toBeNaN();
      expect(Date.parse(session.lastUsedAt)).not.toBeNaN();
    }
    // Neither the full address nor the user agent leaves the API.
    expect(JSON.stringify(sessions)).not.toContain("203.0.113.45");
    expect(JSON.stringify(sessions)).not.toContain("Mozilla");
  });

  it("needs a signed-in caller", async () => {
    expect((await call(t.app, "GET", "/api/auth/sessions")).status).toBe(401);
    expect((await call(t.app, "POST", "/api/auth/sessions/revoke-others")).status).toBe(401);
  });

  it("a member can neither see nor end another member's sessions: 404, never 403", async () => {
    const owner = await createUser(db());
    const intruder = await createUser(db());
    const ownerTokens = await signIn(owner);
    const intruderTokens = await signIn(intruder);
    const ownerSessionId = await currentSessionId(ownerTokens.accessToken);

    const intruderList = await listSessions(intruderTokens.accessToken);
    expect(intruderList.map((session) => session.id)).not.toContain(ownerSessionId);

    const foreign = await revoke(intruderTokens.accessToken, ownerSessionId);
    const madeUp = await revoke(intruderTokens.accessToken, crypto.randomUUID());
    const malformed = await revoke(intruderTokens.accessToken, "not-a-session");
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ reason: "sessionNotFound", message: "Session not found." });
    // The same answer whether the id belongs to someone else or to no one.
    expect(madeUp).toMatchObject({ status: 404, body: foreign.body });
    expect(malformed).toMatchObject({ status: 404, body: foreign.body });
    expect(await stillSignedIn(ownerTokens)).toEqual({ access: 200, refresh: 200 });
  });

  it("ending one session ends exactly that one: its access token and its refresh token are refused", async () => {
    const user = await createUser(db());
    const desk = await signIn(user, FIREFOX_LINUX);
    const phone = await signIn(user, SAFARI_IPHONE);
    const tablet = await signIn(user, CHROME_WINDOWS);
    const phoneSessionId = await currentSessionId(phone.accessToken);

    const answer = await revoke(desk.accessToken, phoneSessionId);

    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    expect(await stillSignedIn(phone)).toEqual({ access: 401, refresh: 401 });
    expect((await me(t.app, desk.accessToken)).status).toBe(200);
    expect((await me(t.app, tablet.accessToken)).status).toBe(200);
    expect((await listSessions(desk.accessToken)).map((session) => session.id)).not.toContain(phoneSessionId);
    // Ended once; a second attempt finds nothing to end.
    expect((await revoke(desk.accessToken, phoneSessionId)).status).toBe(404);
  });

  it("signing out all other sessions keeps the one that asked", async () => {
    const user = await createUser(db());
    const first = await signIn(user, FIREFOX_LINUX);
    const second = await signIn(user, CHROME_WINDOWS);
    const third = await signIn(user, SAFARI_IPHONE);

    const answer = await call(t.app, "POST", "/api/auth/sessions/revoke-others", {
      token: second.accessToken,
    });

    expect(answer).toMatchObject({ status: 200, body: { success: true, revoked: 2 } });
    expect(await stillSignedIn(first)).toEqual({ access: 401, refresh: 401 });
    expect(await stillSignedIn(third)).toEqual({ access: 401, refresh: 401 });
    expect(await stillSignedIn(second)).toEqual({ access: 200, refresh: 200 });
  });

  it("notes the last use on /me at most once a minute, without moving the idle limit", async () => {
    const user = await createUser(db());
    const tokens = await signIn(user);
    const sessionId = await currentSessionId(tokens.accessToken);
    const backdate = () =>
      db()
        .update(authSessions)
        .set({ lastUsedAt: sql`now() - interval '5 minutes'`, lastSeenAt: sql`now() - interval '5 minutes'` })
        .where(eq(authSessions.id, sessionId));
    const times = async () => {
      const [row] = await db()
        .select({ lastUsedAt: authSessions.lastUsedAt, lastSeenAt: authSessions.lastSeenAt })
        .from(authSessions)
        .where(eq(authSessions.id, sessionId));
      return { used: row?.lastUsedAt.getTime() ?? 0, seen: row?.lastSeenAt.getTime() ?? 0 };
    };

    await backdate();
    const before = await times();
    await me(t.app, tokens.accessToken);
    const after = await times();
    expect(after.used).toBeGreaterThan(before.used + 4 * 60_000);
    expect(after.seen).toBe(before.seen);

    // Within the minute, further calls write nothing.
    await backdate();
    const backdated = await times();
    await me(t.app, tokens.accessToken);
    expect(await times()).toEqual(backdated);
  });
});

describe("changing the password", () => {
  const change = (accessToken: string, body: unknown) =>
    call(t.app, "POST", "/api/auth/change-password", {
      token: accessToken,
      body,
      ip: "192.0.2.77",
      headers: { "user-agent": FIREFOX_LINUX },
    });

  it("needs the current password; then ends every other session, keeps this one, and mails a confirmation", async () => {
    const user = await createUser(db());
    const here = await signIn(user, FIREFOX_LINUX);
    const elsewhere = await signIn(user, CHROME_WINDOWS);
    const newPassword = strongPassword();

    const missing = await change(here.accessToken, { currentPassword: "", newPassword });
    const wrong = await change(here.accessToken, { currentPassword: "Wrong-password-1!", newPassword });
    const weak = await change(here.accessToken, { currentPassword: user.password, newPassword: "short" });
    expect(missing.status).toBe(422);
    expect(missing.body.error?.details).toEqual({
      issues: [{ path: "currentPassword", message: "currentPasswordRequired" }],
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: {
        error: {
          code: "VALIDATION_FAILED",
          reason: "currentPasswordWrong",
          message: "The current password is not correct.",
          details: { issues: [{ path: "currentPassword", message: "currentPasswordWrong" }] },
        },
      },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.error?.details).toEqual({
      issues: [{ path: "newPassword", message: "passwordPolicy" }],
    });
    // Refused attempts change nothing.
    expect(await stillSignedIn(elsewhere)).toMatchObject({ access: 200 });

    const answer = await change(here.accessToken, { currentPassword: user.password, newPassword });

    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    expect(await stillSignedIn(elsewhere)).toEqual({ access: 401, refresh: 401 });
    expect(await stillSignedIn(here)).toEqual({ access: 200, refresh: 200 });
    expect((await login(t.app, user.email, user.password)).status).toBe(401);
    expect((await login(t.app, user.email, newPassword)).status).toBe(200);
    const mail = await waitForMail(
      t.mailDir,
      (m) => m.to.includes(user.email) && /password was changed/i.test(m.subject),
    );
    expect(mail.text).toContain("Firefox on Linux (network 192.0.2.x)");
    expect(mail.text).toContain("http://localhost:3000/password-reset");
    expect(mail.text).not.toContain(newPassword);
  });

  it("wrong current passwords are limited per account like logins: the sixth attempt is refused even when right", async () => {
    const user = await createUser(db());
    const tokens = await signIn(user);
    const newPassword = strongPassword();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await change(tokens.accessToken, { currentPassword: `Wrong-${attempt}-A!`, newPassword })).status,
      ).toBe(422);
    }
    const sixth = await change(tokens.accessToken, { currentPassword: user.password, newPassword });
    expect(sixth).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED" } } });
    expect((await login(t.app, user.email, user.password)).status).toBe(200);
  });

  it("needs a signed-in caller", async () => {
    const answer = await post(t.app, "/api/auth/change-password", {
      currentPassword: "x",
      newPassword: strongPassword(),
    });
    expect(answer.status).toBe(401);
  });
});

describe("the notice of a sign-in from a new browser", () => {
  it("goes out once for a new browser, in the member's language, and not for a known one", async () => {
    const user = await createUser(db());
    await db().update(users).set({ language: "de" }).where(eq(users.id, user.id));

    // The first sign-in of an account is no news; the same browser again is known.
    await signIn(user, FIREFOX_LINUX);
    await signIn(user, FIREFOX_LINUX);
    expect(await noticesTo(user.email)).toHaveLength(0);

    await signIn(user, CHROME_WINDOWS, "198.51.100.7");
    const notices = await noticesTo(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ language: "de", subject: "Neue Anmeldung bei Ihrem Konto" });
    expect(notices[0]?.text).toContain("Chrome unter Windows");
    expect(notices[0]?.text).toContain("198.51.100.x");
    expect(notices[0]?.text).not.toContain("198.51.100.7");

    // Known now, and a browser update is the same browser.
    await signIn(user, CHROME_WINDOWS);
    await signIn(user, CHROME_WINDOWS_NEWER);
    expect(await noticesTo(user.email)).toHaveLength(1);

    const delivered = await waitForMail(t.mailDir, (m) => m.to.includes(user.email));
    expect(delivered.subject).toBe("Neue Anmeldung bei Ihrem Konto");
    await t.mailSender.flush();
    expect((await readOutbox(t.mailDir)).filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it("a browser last used more than the window ago counts as new again", async () => {
    const user = await createUser(db());
    await signIn(user, FIREFOX_LINUX);
    await signIn(user, SAFARI_IPHONE);
    await db()
      .update(authSessions)
      .set({ lastUsedAt: sql`now() - interval '91 days'` })
      .where(eq(authSessions.userId, user.id));
    expect(await noticesTo(user.email)).toHaveLength(1);

    await signIn(user, FIREFOX_LINUX);

    expect(await noticesTo(user.email)).toHaveLength(2);
  });

  it("a browser whose session the member ended is new again: an intruder signed out is noticed on return", async () => {
    const user = await createUser(db());
    const own = await signIn(user, FIREFOX_LINUX);
    await signIn(user, CHROME_WINDOWS);
    expect(await noticesTo(user.email)).toHaveLength(1);
    const intruder = (await listSessions(own.accessToken)).find((session) => !session.current);
    expect((await revoke(own.accessToken, intruder?.id ?? "")).status).toBe(200);

    await signIn(user, CHROME_WINDOWS);

    expect(await noticesTo(user.email)).toHaveLength(2);
  });

  it("sessions from before browsers were noted are no history: no notice for every member after an update", async () => {
    const user = await createUser(db());
    await signIn(user, FIREFOX_LINUX);
    await db()
      .update(authSessions)
      .set({ deviceKey: null, deviceIdHash: null })
      .where(eq(authSessions.userId, user.id));

    await signIn(user, CHROME_WINDOWS);
    expect(await noticesTo(user.email)).toHaveLength(0);
    await signIn(user, SAFARI_IPHONE);
    expect(await noticesTo(user.email)).toHaveLength(1);
  });

  it("a sign-in with an emailed code from a new browser is noticed too", async () => {
    const user = await createUser(db());
    await signIn(user, FIREFOX_LINUX);
    const ip = uniqueIp();
    expect((await post(t.app, "/api/auth/login-code/request", { email: user.email }, { ip })).status).toBe(
      200,
    );
    const codeMail = await waitForMail(
      t.mailDir,
      (m) => m.to.includes(user.email) && /code/i.test(m.subject),
    );

    const answer = await post(
      t.app,
      "/api/auth/login-code/verify",
      { email: user.email, code: codeFrom(codeMail) },
      { ip, headers: { "user-agent": SAFARI_IPHONE } },
    );

    expect(answer.status).toBe(200);
    const notices = await noticesTo(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("Safari on iOS");
  });
});
