import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, authSessions, mailOutbox, rateLimits, users, userTotp } from "../db/schema";
import { createAdmin } from "../domain/auth/create-admin";
import {
  call,
  createUser,
  enrolAuthenticator,
  login,
  loginOk,
  post,
  strongPassword,
  type TestUser,
  totpCode,
  uniqueEmail,
  uniqueIp,
} from "../testing/auth-api";
import { waitForMail } from "../testing/eml";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (path: string, token: string) => call(t.app, "GET", path, { token });

/** The mails of one kind queued for an address, oldest first. */
const mailsTo = (email: string, kind: string) =>
  db()
    .select({ subject: mailOutbox.subject, text: mailOutbox.text, language: mailOutbox.language })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.createdAt);

/** The delivered mail to `email` whose text contains `part` (the outbox row's text goes once sent). */
const deliveredText = async (email: string, part: string) =>
  (await waitForMail(t.mailDir, (mail) => mail.to.includes(email) && mail.text.includes(part))).text;

/** Admin-only reads, one per area: members, exports, audit, status, templates, stamps, news, reviews. */
const ADMIN_READS = [
  "/api/admin/user-list",
  "/api/admin/users/export.csv",
  "/api/admin/user-stats",
  "/api/admin/audit",
  "/api/admin/server-status",
  "/api/admin/verification-pending-users",
  "/api/admin/change-reviews",
  "/api/admin/news",
  "/api/admin/top-referrers",
  "/api/document-templates",
  "/api/admin/expired-ids",
  "/api/permissions",
];

/** An admin as the command line makes one: no second factor yet. */
async function cliAdmin(role: "admin" | "super_admin" = "admin"): Promise<TestUser> {
  const email = uniqueEmail(role);
  const password = strongPassword();
  const row = await createAdmin(db(), { email, password, role });
  return { id: row.id, email, password };
}

/** Sets two-factor sign-in up through the API in the session of `token`; returns the secret. */
async function enableInSession(user: TestUser, token: string): Promise<string> {
  const setup = await post(t.app, "/api/auth/totp/setup", undefined, { token });
  expect(setup.status).toBe(200);
  const secret = String((setup.body as { secret?: string }).secret);
  const enabled = await post(
    t.app,
    "/api/auth/totp/enable",
    { currentPassword: user.password, code: totpCode(secret) },
    { token },
  );
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return secret;
}

describe("the API enforces the second factor for admins", () => {
  it("answers every admin call of a password-only admin session 403 TWO_FACTOR_REQUIRED, until it proves one", async () => {
    const admin = await cliAdmin("super_admin");
    const { accessToken } = await loginOk(t.app, admin.email, admin.password);

    for (const path of ADMIN_READS) {
      const refused = await get(path, accessToken);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error?.code, path).toBe("TWO_FACTOR_REQUIRED");
    }
    // Member calls too: an admin's member calls reach other members' data as well.
    expect((await get("/api/referral/list", accessToken)).body.error?.code).toBe("TWO_FACTOR_REQUIRED");
    // What enrolment needs still answers.
    expect((await get("/api/auth/me", accessToken)).status).toBe(200);
    const status = await get("/api/auth/totp", accessToken);
    expect(status.body).toMatchObject({ enabled: false, required: true, sessionSecondFactor: false });

    // Turning it on proves the factor in this session: the same token now gets the admin data.
    await enableInSession(admin, accessToken);
    expect((await get("/api/auth/totp", accessToken)).body).toMatchObject({ sessionSecondFactor: true });
    for (const path of ADMIN_READS) {
      const served = await t.app.request(path, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(served.status, path).toBe(200);
    }
  });

  it("refuses an admin whose two-factor sign-in is on but whose session did not prove it", async () => {
    // A member turned it on in one browser; another browser's session (password only) stays
    // as it was when the member is made an admin.
    const member = await createUser(db(), { totp: false });
    const first = await loginOk(t.app, member.email, member.password);
    const second = await loginOk(t.app, member.email, member.password);
    await enableInSession(member, first.accessToken);
    await db().update(users).set({ role: "admin" }).where(eq(users.id, member.id));

    expect((await get("/api/admin/user-list", first.accessToken)).status).toBe(200);
    const refused = await get("/api/admin/user-list", second.accessToken);
    expect(refused.body.error?.code).toBe("TWO_FACTOR_REQUIRED");
    expect((await get("/api/auth/totp", second.accessToken)).body).toMatchObject({
      enabled: true,
      sessionSecondFactor: false,
    });
  });

  it("a member promoted to admin is mailed to set it up, in their language; their password sign-in gets no admin data", async () => {
    const superAdmin = await createUser(db(), { role: "super_admin" });
    const superToken = (await loginOk(t.app, superAdmin.email, superAdmin.password)).accessToken;
    const member = await createUser(db());
    await db().update(users).set({ language: "de" }).where(eq(users.id, member.id));

    const promoted = await call(t.app, "PUT", `/api/admin/users/${member.id}/role`, {
      token: superToken,
      body: { role: "admin" },
    });
    expect(promoted.status).toBe(200);

    const [notice] = await mailsTo(member.email, "two_factor_required");
    expect(notice).toMatchObject({ language: "de", subject: "Richten Sie die Zwei-Faktor-Anmeldung ein" });
    expect(await deliveredText(member.email, "Administratorrechte")).toContain(
      "http://localhost:3000/two-factor",
    );
    const { accessToken } = await loginOk(t.app, member.email, member.password);
    expect((await get("/api/admin/user-list", accessToken)).body.error?.code).toBe("TWO_FACTOR_REQUIRED");
  });

  it("records how each session started and whether it proved a second factor", async () => {
    const member = await createUser(db(), { totp: false });
    await loginOk(t.app, member.email, member.password);
    const secret = await enrolAuthenticator(db(), member);
    await loginOk(t.app, member.email, member.password);
    expect(secret).toBeTruthy();
    const sessions = await db()
      .select({ method: authSessions.signInMethod, secondFactorAt: authSessions.secondFactorAt })
      .from(authSessions)
      .where(eq(authSessions.userId, member.id))
      .orderBy(authSessions.createdAt);
    expect(sessions.map((row) => [row.method, row.secondFactorAt !== null])).toEqual([
      ["password", false],
      ["password", true],
    ]);
  });
});

describe("guesses at the second factor end, and the owner is told", () => {
  const block = async (userId: string) => {
    const [row] = await db()
      .select({
        count: rateLimits.count,
        endsIn: sql<number>`extract(epoch from ${rateLimits.windowEndsAt} - now())`,
      })
      .from(rateLimits)
      .where(eq(rateLimits.key, `second-factor:account:${userId}`));
    return row;
  };
  const challengeOf = async (user: TestUser) => {
    const answer = await login(t.app, user.email, user.password);
    return String((answer.body as { challenge?: string }).challenge);
  };
  const guess = async (user: TestUser, code = "000000") =>
    post(t.app, "/api/auth/login/totp", { challenge: await challengeOf(user), code }, { ip: uniqueIp() });

  it("blocks after 10 failures, each block longer (15 min, 1 h, 4 h, 24 h), mailing the owner each time", async () => {
    const user = await createUser(db(), { totp: true });
    await db().update(users).set({ language: "de" }).where(eq(users.id, user.id));
    const expected = [15, 60, 240, 1440, 1440];
    for (const [round, minutes] of expected.entries()) {
      for (let failure = 0; failure < 10; failure += 1) expect((await guess(user)).status).toBe(400);
      const refused = await guess(user);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(minutes * 60 - 30);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(minutes * 60);
      const notices = await mailsTo(user.email, "second_factor_guesses");
      expect(notices).toHaveLength(round + 1);
      expect(notices[round]?.language).toBe("de");
      expect(await deliveredText(user.email, `${minutes} Minuten gesperrt`)).toContain("kennt es");
      // The block runs out (as time would make it).
      await db()
        .update(rateLimits)
        .set({ windowEndsAt: sql`now() - interval '1 second'` })
        .where(eq(rateLimits.key, `second-factor:account:${user.id}`));
    }
  });

  it("a right code forgives the failures and the escalation", async () => {
    const user = await createUser(db(), { totp: true });
    for (let failure = 0; failure < 9; failure += 1) expect((await guess(user)).status).toBe(400);
    await db().update(userTotp).set({ lastUsedStep: null }).where(eq(userTotp.userId, user.id));
    const secret = (await import("../testing/auth-api")).authenticatorSecretOf(user.email) ?? "";
    expect((await guess(user, totpCode(secret))).status).toBe(200);
    expect(await block(user.id)).toBeUndefined();
    expect(await mailsTo(user.email, "second_factor_guesses")).toHaveLength(0);
  });
});

describe("setup racing enable", () => {
  it("never leaves a secret in force that the enabling code did not prove", async () => {
    for (let round = 0; round < 6; round += 1) {
      const user = await createUser(db(), { totp: false });
      const { accessToken: token } = await loginOk(t.app, user.email, user.password);
      const setup = await post(t.app, "/api/auth/totp/setup", undefined, { token });
      const proved = String((setup.body as { secret?: string }).secret);
      const [enabled, resetup] = await Promise.all([
        post(
          t.app,
          "/api/auth/totp/enable",
          { currentPassword: user.password, code: totpCode(proved) },
          { token },
        ),
        post(t.app, "/api/auth/totp/setup", undefined, { token }),
      ]);
      const [row] = await db().select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
      if (enabled.status === 200) {
        // On: the secret in force is the one the code came from (its next code signs in), and
        // the racing setup was refused.
        expect(row?.on).not.toBeNull();
        expect(resetup.status).toBe(409);
        const challenge = String((await login(t.app, user.email, user.password)).body.challenge);
        const next = await post(
          t.app,
          "/api/auth/login/totp",
          { challenge, code: totpCode(proved, Date.now() + 30_000) },
          { ip: uniqueIp() },
        );
        expect(next.status).toBe(200);
      } else {
        // The setup won: the code was of the replaced secret, and nothing is on.
        expect(resetup.status).toBe(200);
        expect(row?.on).toBeNull();
      }
    }
  });
});

describe("mail on every security event", () => {
  it("two-factor on, recovery codes renewed, a recovery code used (with how many are left), off", async () => {
    const user = await createUser(db(), { totp: false });
    const { accessToken: token } = await loginOk(t.app, user.email, user.password);
    const setup = await post(t.app, "/api/auth/totp/setup", undefined, { token });
    const secret = String((setup.body as { secret?: string }).secret);
    // The step before is spent here (the renewal below takes the current one), in a step with
    // time left: at a step's end the server may already count the next.
    if (30_000 - (Date.now() % 30_000) < 8_000) await new Promise((resolve) => setTimeout(resolve, 8_000));
    const enabled = await post(
      t.app,
      "/api/auth/totp/enable",
      { currentPassword: user.password, code: totpCode(secret, Date.now() - 30_000) },
      { token },
    );
    expect((await mailsTo(user.email, "two_factor_enabled")).length).toBe(1);

    const renewed = await post(t.app, "/api/auth/totp/recovery-codes", { code: totpCode(secret) }, { token });
    expect(renewed.status).toBe(200);
    expect((await mailsTo(user.email, "recovery_codes_renewed")).length).toBe(1);
    const codes = (renewed.body as { recoveryCodes?: string[] }).recoveryCodes ?? [];
    expect(codes).not.toEqual((enabled.body as { recoveryCodes?: string[] }).recoveryCodes);

    const used = await post(
      t.app,
      "/api/auth/login/totp",
      { challenge: String((await login(t.app, user.email, user.password)).body.challenge), code: codes[0] },
      { ip: uniqueIp() },
    );
    expect(used.status).toBe(200);
    expect(await mailsTo(user.email, "recovery_code_used")).toHaveLength(1);
    expect(await deliveredText(user.email, "recovery code was used")).toContain(
      "You have 9 recovery codes left.",
    );

    const off = await post(
      t.app,
      "/api/auth/totp/disable",
      { currentPassword: user.password, code: codes[1] },
      { token },
    );
    expect(off.status).toBe(200);
    const [disabled] = await mailsTo(user.email, "two_factor_disabled");
    expect(disabled?.subject).toBe("Two-factor sign-in was turned off");
  });

  it("a sign-in from a browser without the device cookie is new, whatever its User-Agent says", async () => {
    const user = await createUser(db());
    const userAgent =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
    const signIn = (deviceToken?: string) =>
      t.app.request("/api/auth/login", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": userAgent,
          "x-forwarded-for": uniqueIp(),
          ...(deviceToken ? { "x-device-token": deviceToken } : {}),
        },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
    const first = (await (await signIn()).json()) as { deviceToken?: string };
    expect(first.deviceToken).toMatch(/^[\w-]+\.[\w-]+$/);
    // The owner's browser, cookie and all: known.
    const again = (await (await signIn(first.deviceToken)).json()) as { deviceToken?: string };
    expect(again.deviceToken).toBe(first.deviceToken);
    expect(await mailsTo(user.email, "new_browser_sign_in")).toHaveLength(0);
    // The same User-Agent without the cookie, and with a forged one: new, each time.
    await signIn();
    const [id] = (first.deviceToken ?? "").split(".");
    await signIn(`${id}.forged-signature-of-the-right-length-xxxxxxxx`);
    expect(await mailsTo(user.email, "new_browser_sign_in")).toHaveLength(2);
  });
});

describe("a super admin resets a lost second factor", () => {
  const reset = (token: string, id: string, body: unknown) =>
    post(t.app, `/api/admin/users/${id}/two-factor/reset`, body, { token });

  it("with their own current code and a reason: the owner's factor is off, sessions end, audited, mailed", async () => {
    const superAdmin = await createUser(db(), { role: "super_admin" });
    const { accessToken } = await loginOk(t.app, superAdmin.email, superAdmin.password);
    const owner = await createUser(db(), { role: "admin" });
    const ownerSession = await loginOk(t.app, owner.email, owner.password);
    const secret = (await import("../testing/auth-api")).authenticatorSecretOf(superAdmin.email) ?? "";
    await db().update(userTotp).set({ lastUsedStep: null }).where(eq(userTotp.userId, superAdmin.id));

    const wrong = await reset(accessToken, owner.id, { code: "000000", reason: "Lost phone" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({
      reason: "secondFactorCodeWrong",
      message: "The code is not correct.",
    });
    const missingReason = await reset(accessToken, owner.id, { code: totpCode(secret), reason: " " });
    expect(missingReason.status).toBe(422);
    const done = await reset(accessToken, owner.id, { code: totpCode(secret), reason: "Lost phone" });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const [row] = await db().select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, owner.id));
    expect(row?.on).toBeNull();
    expect((await get("/api/auth/me", ownerSession.accessToken)).status).toBe(401);
    const [audit] = await db()
      .select({ actor: auditLog.actorUserId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, owner.id), eq(auditLog.action, "admin.two_factor_reset")));
    expect(audit).toMatchObject({ actor: superAdmin.id, details: { reason: "Lost phone" } });
    expect(await mailsTo(owner.email, "two_factor_reset_by_admin")).toHaveLength(1);
    expect(await deliveredText(owner.email, "Reason given: Lost phone")).toContain("/login");
    // The user list says it is off now.
    const listed = await get(`/api/admin/user-list?search=${encodeURIComponent(owner.email)}`, accessToken);
    expect(JSON.stringify(listed.body)).toContain('"two_factor_enabled":0');
  });

  it("never one's own, never by an admin, and 409 when it is not on", async () => {
    const superAdmin = await createUser(db(), { role: "super_admin" });
    const { accessToken } = await loginOk(t.app, superAdmin.email, superAdmin.password);
    const secret = (await import("../testing/auth-api")).authenticatorSecretOf(superAdmin.email) ?? "";
    const own = await reset(accessToken, superAdmin.id, { code: totpCode(secret), reason: "mine" });
    expect(own.status).toBe(403);
    expect(own.body.error).toMatchObject({
      reason: "twoFactorResetOwnRefused",
      message: "You cannot reset your own two-factor sign-in.",
    });
    const unknown = await reset(accessToken, randomUUID(), { code: "000000", reason: "x" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ reason: "userNotFound", message: "User not found" });

    const admin = await createUser(db(), { role: "admin" });
    const adminToken = (await loginOk(t.app, admin.email, admin.password)).accessToken;
    const target = await createUser(db(), { totp: true });
    const byAdmin = await reset(adminToken, target.id, { code: "000000", reason: "x" });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error).toMatchObject({
      reason: "twoFactorResetSuperAdminOnly",
      message: "Only a super admin can reset another account's two-factor sign-in.",
    });

    const plain = await createUser(db());
    await db().update(userTotp).set({ lastUsedStep: null }).where(eq(userTotp.userId, superAdmin.id));
    const notOn = await reset(accessToken, plain.id, { code: totpCode(secret), reason: "x" });
    expect(notOn.status).toBe(409);
    expect(notOn.body.error).toMatchObject({
      reason: "twoFactorNotOnForAccount",
      message: "Two-factor sign-in is not on for this account.",
    });
  });
});
