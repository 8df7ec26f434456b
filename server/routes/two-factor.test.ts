import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, totpRecoveryCodes, users, userTotp } from "../db/schema";
import type { AuthDeps } from "../domain/auth/auth-deps";
import { createLoginChallenge } from "../domain/auth/login-challenge";
import { setUpTwoFactor } from "../domain/auth/two-factor-settings";
import {
  call,
  codeFrom,
  createUser,
  login,
  loginOk,
  me,
  post,
  type TestUser,
  uniqueIp,
} from "../testing/auth-api";
import { waitForMail } from "../testing/eml";
import { createTestApp, type TestApp, testAuthConfig } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

type Body = Record<string, unknown> & { error?: { code: string } };
const body = (answer: { body: unknown }) => answer.body as Body;

const PERIOD_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/** The code of `secret` for a time step, as an authenticator app computes it. */
function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: step * PERIOD_MS,
  });
}

/**
 * Steps are computed from the clock: a test that starts late in a step waits for the next, so
 * "the step before" and "the step after" mean the same throughout its few seconds.
 */
async function freshStep(): Promise<number> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < 12_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return currentStep();
}

async function tokenOf(user: TestUser) {
  return (await loginOk(t.app, user.email, user.password)).accessToken;
}

/** A member with two-factor sign-in on through the API; returns the secret and recovery codes. */
async function enrolled(role: "user" | "admin" | "super_admin" = "user") {
  const user = await createUser(db(), { role, totp: false });
  const token = await tokenOf(user);
  const setup = await post(t.app, "/api/auth/totp/setup", undefined, { token });
  expect(setup.status).toBe(200);
  const secret = String(body(setup).secret);
  // Enabling spends the step before, so the tests below can use the current one and later ones
  // (in a step with time left: at a step's end the server may count the next already).
  await freshStep();
  const enable = await post(
    t.app,
    "/api/auth/totp/enable",
    { currentPassword: user.password, code: codeAt(secret, currentStep() - 1) },
    { token },
  );
  expect(enable.status, JSON.stringify(enable.body)).toBe(200);
  return { user, token, secret, recoveryCodes: body(enable).recoveryCodes as string[] };
}

async function challengeOf(user: TestUser, ip = uniqueIp()): Promise<string> {
  const answer = await login(t.app, user.email, user.password, ip);
  expect(answer.status).toBe(200);
  expect(body(answer).mfaRequired).toBe(true);
  expect(answer.body.accessToken).toBeUndefined();
  return String(body(answer).challenge);
}

const secondStep = (challenge: string, code: string, ip = uniqueIp()) =>
  post(t.app, "/api/auth/login/totp", { challenge, code }, { ip });

describe("setting up two-factor sign-in", () => {
  it("gives a secret, its otpauth URI and a QR code made here; turns on only with a right code", async () => {
    const user = await createUser(db());
    const token = await tokenOf(user);
    const setup = await post(t.app, "/api/auth/totp/setup", undefined, { token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUri, qrCode } = body(setup) as {
      secret: string;
      otpauthUri: string;
      qrCode: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(",")[1] ?? "", "base64").toString()).toContain("<svg");

    // Stored encrypted: the row never holds the secret as it was given out.
    const [row] = await db().select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row?.secretEncrypted).toBeDefined();
    expect(row?.secretEncrypted).not.toContain(secret);

    // Not in force yet: the login still starts a session at once.
    expect((await login(t.app, user.email, user.password)).body.accessToken).toBeDefined();
    const status = await call(t.app, "GET", "/api/auth/totp", { token });
    expect(status.body).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
      sessionSecondFactor: false,
    });

    const wrong = await post(
      t.app,
      "/api/auth/totp/enable",
      { currentPassword: user.password, code: "000000" },
      { token },
    );
    expect(wrong.status).toBe(422);
    const step = await freshStep();
    const enabled = await post(
      t.app,
      "/api/auth/totp/enable",
      { currentPassword: user.password, code: codeAt(secret, step) },
      { token },
    );
    expect(enabled.status).toBe(200);
    const codes = body(enabled).recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    // Stored as hashes only.
    const stored = await db().select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) expect(codes.some((code) => codeHash.includes(code))).toBe(false);

    const after = await call(t.app, "GET", "/api/auth/totp", { token });
    expect(after.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(JSON.stringify(after.body)).not.toContain(secret);
    // The secret of an account with it on cannot be replaced with a session alone.
    const again = await post(t.app, "/api/auth/totp/setup", undefined, { token });
    expect(again.status).toBe(409);
    expect(body(again).error).toMatchObject({
      reason: "twoFactorAlreadyOn",
      message: "Two-factor sign-in is already on.",
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, "auth.totp_enabled")));
    expect(audit).toBeDefined();
  });

  it("turns on only with the current password: a session alone cannot put its authenticator on the account", async () => {
    const user = await createUser(db());
    const token = await tokenOf(user);
    const secret = String(body(await post(t.app, "/api/auth/totp/setup", undefined, { token })).secret);
    const step = await freshStep();
    const isOn = async () =>
      (await db().select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, user.id)))[0]?.on ??
      null;

    // Without the password: refused at its field, the code not spent, nothing turned on.
    const without = await post(t.app, "/api/auth/totp/enable", { code: codeAt(secret, step) }, { token });
    expect(without.status).toBe(422);
    expect(body(without).error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: {
        issues: [expect.objectContaining({ path: "currentPassword", message: "currentPasswordRequired" })],
      },
    });
    const wrongPassword = await post(
      t.app,
      "/api/auth/totp/enable",
      { currentPassword: `${user.password}-not`, code: codeAt(secret, step) },
      { token },
    );
    expect(wrongPassword.status).toBe(422);
    expect(body(wrongPassword).error).toMatchObject({
      code: "VALIDATION_FAILED",
      reason: "currentPasswordWrong",
      message: "The current password is not correct.",
      details: { issues: [{ path: "currentPassword", message: "currentPasswordWrong" }] },
    });
    expect(await isOn()).toBeNull();
    expect((await login(t.app, user.email, user.password)).body.accessToken).toBeDefined();
    expect(
      await db().select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id)),
    ).toHaveLength(0);

    // With it, the same code turns it on (the refused attempts did not spend it).
    const enabled = await post(
      t.app,
      "/api/auth/totp/enable",
      { currentPassword: user.password, code: codeAt(secret, step) },
      { token },
    );
    expect(enabled.status).toBe(200);
    expect(await isOn()).not.toBeNull();
  });

  it("counts wrong passwords on enabling with the account's other two-factor settings", async () => {
    const user = await createUser(db());
    const token = await tokenOf(user);
    const secret = String(body(await post(t.app, "/api/auth/totp/setup", undefined, { token })).secret);
    for (let guess = 0; guess < 5; guess += 1) {
      const answer = await post(
        t.app,
        "/api/auth/totp/enable",
        { currentPassword: `guess-${guess}`, code: "000000" },
        { token },
      );
      expect(answer.status).toBe(422);
    }
    // The limit holds even for the right password and code now.
    const throttled = await post(
      t.app,
      "/api/auth/totp/enable",
      { currentPassword: user.password, code: codeAt(secret, currentStep()) },
      { token },
    );
    expect(throttled.status).toBe(429);
  });

  it("a setup racing an enable cannot replace the secret just put in force", async () => {
    const { user, secret } = await enrolled();
    // The setup's caller was read before the enable committed: it still believes it is off.
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    if (!row) throw new Error("user missing");
    const deps = { db: db(), config: testAuthConfig } as unknown as AuthDeps;
    await expect(setUpTwoFactor(deps, { ...row, totpEnabledAt: null })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const step = await freshStep();
    expect((await secondStep(await challengeOf(user), codeAt(secret, step))).status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await post(t.app, "/api/auth/totp/setup", undefined)).status).toBe(401);
    expect((await call(t.app, "GET", "/api/auth/totp")).status).toBe(401);
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("answers the password with a challenge, and starts the session for a code of the window", async () => {
    const { user, secret } = await enrolled();
    const step = await freshStep();
    const challenge = await challengeOf(user);

    // Outside the window of one step either side: refused.
    for (const outside of [step - 2, step + 2]) {
      const refused = await secondStep(challenge, codeAt(secret, outside));
      expect(refused.status).toBe(400);
      expect(refused.body.error?.code).toBe("CODE_INVALID");
    }
    const signedIn = await secondStep(challenge, codeAt(secret, step));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.accessToken).toBeDefined();
    expect(signedIn.body.refreshToken).toBeDefined();
    expect((await me(t.app, signedIn.body.accessToken)).status).toBe(200);
    const logins = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, "auth.login")))
      .orderBy(auditLog.id);
    // The first is the sign-in before it was on; the second says how this one was made.
    expect(logins.map((row) => row.details)).toEqual([
      { method: "password" },
      { method: "password", secondFactor: "totp" },
    ]);
  });

  it("takes each code once: the same code, or one of an earlier step, is refused afterwards", async () => {
    const { user, secret } = await enrolled();
    const step = await freshStep();
    expect((await secondStep(await challengeOf(user), codeAt(secret, step))).status).toBe(200);
    // Again, with a new challenge: the code is spent.
    const again = await secondStep(await challengeOf(user), codeAt(secret, step));
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe("CODE_INVALID");
    // Still inside the window, but older than the code used.
    expect((await secondStep(await challengeOf(user), codeAt(secret, step - 1))).status).toBe(400);
    // The next step's code still works (a step early, inside the window).
    expect((await secondStep(await challengeOf(user), codeAt(secret, step + 1))).status).toBe(200);
  });

  it("takes a code once when two requests race with it", async () => {
    const { user, secret } = await enrolled();
    const step = await freshStep();
    const [first, second] = await Promise.all([challengeOf(user), challengeOf(user)]);
    const answers = await Promise.all([
      secondStep(first, codeAt(secret, step)),
      secondStep(second, codeAt(secret, step)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it("signs in once with each recovery code", async () => {
    const { user, token, recoveryCodes } = await enrolled();
    const [code] = recoveryCodes;
    if (!code) throw new Error("no recovery code");
    // Typed in lower case without dashes, as people do.
    const typed = code.replaceAll("-", "").toLowerCase();
    const signedIn = await secondStep(await challengeOf(user), typed);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.accessToken).toBeDefined();
    const reused = await secondStep(await challengeOf(user), code);
    expect(reused.status).toBe(400);
    expect(reused.body.error?.code).toBe("CODE_INVALID");
    const status = await call(t.app, "GET", "/api/auth/totp", { token });
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    const used = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, "auth.totp_recovery_code_used")));
    expect(used).toHaveLength(1);
    expect(used[0]?.details).toEqual({ left: 9 });
  });

  it("asks for the second step after an emailed login code too", async () => {
    const { user, secret } = await enrolled();
    const step = await freshStep();
    const ip = uniqueIp();
    expect((await post(t.app, "/api/auth/login-code/request", { email: user.email }, { ip })).status).toBe(
      200,
    );
    const mail = await waitForMail(t.mailDir, (m) => m.to.includes(user.email) && /code/i.test(m.subject));
    const verified = await post(
      t.app,
      "/api/auth/login-code/verify",
      { email: user.email, code: codeFrom(mail) },
      { ip },
    );
    expect(verified.status).toBe(200);
    expect(body(verified).mfaRequired).toBe(true);
    expect(verified.body.accessToken).toBeUndefined();
    const signedIn = await secondStep(String(body(verified).challenge), codeAt(secret, step));
    expect(signedIn.status).toBe(200);
  });

  it("refuses a challenge that expired, was altered, or belongs to someone else's code", async () => {
    const { user } = await enrolled();
    const other = await enrolled();
    const step = await freshStep();
    const [row] = await db()
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    const expired = createLoginChallenge(
      testAuthConfig.totpSecretKey,
      { id: user.id, passwordHash: row?.passwordHash ?? null },
      "password",
      Date.now() - 6 * 60_000,
    );
    const late = await secondStep(expired, "123456");
    expect(late.status).toBe(401);
    expect(late.body.error?.code).toBe("TWO_FACTOR_CHALLENGE_INVALID");

    // The member's challenge, re-addressed to the other account: the signature no longer holds.
    const challenge = await challengeOf(user);
    const [payload, signature] = challenge.split(".");
    const altered = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    altered.userId = other.user.id;
    const forged = `${Buffer.from(JSON.stringify(altered)).toString("base64url")}.${signature}`;
    expect((await secondStep(forged, codeAt(other.secret, step))).status).toBe(401);
    // Another account's valid code does not pass this account's challenge.
    expect((await secondStep(challenge, codeAt(other.secret, step))).status).toBe(400);
  });

  it("starts one session per challenge: a replay with the next code, or a racing right code, is refused", async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    const step = await freshStep();
    const challenge = await challengeOf(user);
    expect((await secondStep(challenge, codeAt(secret, step))).status).toBe(200);
    // The next step's code is unused and right, but the challenge has made its session.
    const replay = await secondStep(challenge, codeAt(secret, step + 1));
    expect(replay.status).not.toBe(200);
    expect(replay.body.accessToken).toBeUndefined();

    // Two right factors at once on one challenge: one session.
    const raced = await challengeOf(user);
    const answers = await Promise.all([
      secondStep(raced, codeAt(secret, step + 1)),
      secondStep(raced, String(recoveryCodes[0])),
    ]);
    expect(answers.filter((answer) => answer.body.accessToken !== undefined)).toHaveLength(1);
  });

  it("refuses a challenge earned with a password that has been changed since", async () => {
    const { user, token, secret } = await enrolled();
    const step = await freshStep();
    const challenge = await challengeOf(user);
    const changed = await post(
      t.app,
      "/api/auth/change-password",
      { currentPassword: user.password, newPassword: `${user.password}-New2!` },
      { token },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const late = await secondStep(challenge, codeAt(secret, step));
    expect(late.status).toBe(401);
    expect(late.body.error?.code).toBe("TWO_FACTOR_CHALLENGE_INVALID");
    expect(late.body.accessToken).toBeUndefined();
  });

  it("limits the guesses per challenge and per account, even when the right code comes last", async () => {
    const { user, secret } = await enrolled();
    const step = await freshStep();
    const challenge = await challengeOf(user);
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await secondStep(challenge, "000000")).status).toBe(400);
    }
    const sixth = await secondStep(challenge, codeAt(secret, step));
    expect(sixth.status).toBe(429);
    expect(sixth.body.error?.code).toBe("CODE_ATTEMPTS_EXCEEDED");
    expect(sixth.headers.get("retry-after")).toBeTruthy();

    // New challenges do not buy new guesses: 10 failures per account, then a block.
    const next = await challengeOf(user);
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await secondStep(next, "000000")).status).toBe(400);
    }
    const afterTen = await secondStep(await challengeOf(user), codeAt(secret, step));
    expect(afterTen.status).toBe(429);
    expect(Number(afterTen.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    const guessed = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, "auth.totp_failed")));
    expect(guessed).toHaveLength(10);
  });

  it("leaves a login without two-factor sign-in as it was", async () => {
    const user = await createUser(db());
    const answer = await login(t.app, user.email, user.password);
    expect(answer.status).toBe(200);
    expect(answer.body.accessToken).toBeDefined();
    expect(body(answer).mfaRequired).toBeUndefined();
  });
});

describe("managing two-factor sign-in", () => {
  it("turns off with the password and a code, for members; login is one step again", async () => {
    const { user, token, secret } = await enrolled();
    const step = await freshStep();
    const wrongPassword = await post(
      t.app,
      "/api/auth/totp/disable",
      { currentPassword: "Wrong-Passw0rd!", code: codeAt(secret, step) },
      { token },
    );
    expect(wrongPassword.status).toBe(422);
    const wrongCode = await post(
      t.app,
      "/api/auth/totp/disable",
      { currentPassword: user.password, code: "000000" },
      { token },
    );
    expect(wrongCode.status).toBe(422);
    const disabled = await post(
      t.app,
      "/api/auth/totp/disable",
      { currentPassword: user.password, code: codeAt(secret, step) },
      { token },
    );
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await login(t.app, user.email, user.password)).body.accessToken).toBeDefined();
    expect(await db().select().from(userTotp).where(eq(userTotp.userId, user.id))).toHaveLength(0);
    expect(
      await db().select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id)),
    ).toHaveLength(0);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, "auth.totp_disabled")));
    expect(audit).toBeDefined();
  });

  it("is required for admins and super admins: they cannot turn it off", async () => {
    for (const role of ["admin", "super_admin"] as const) {
      const { user, token, secret } = await enrolled(role);
      const status = await call(t.app, "GET", "/api/auth/totp", { token });
      expect(status.body).toMatchObject({ enabled: true, required: true });
      const refused = await post(
        t.app,
        "/api/auth/totp/disable",
        { currentPassword: user.password, code: codeAt(secret, currentStep()) },
        { token },
      );
      expect(refused.status).toBe(403);
      expect(body(refused).error).toMatchObject({
        reason: "twoFactorRequiredForAdmins",
        message: "Two-factor sign-in is required for admins and cannot be turned off.",
      });
      const [row] = await db().select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
      expect(row?.on).not.toBeNull();
    }
  });

  it("renews the recovery codes for a code; the earlier ones stop working", async () => {
    const { user, token, secret, recoveryCodes } = await enrolled();
    const step = await freshStep();
    expect((await post(t.app, "/api/auth/totp/recovery-codes", { code: "000000" }, { token })).status).toBe(
      422,
    );
    const renewed = await post(
      t.app,
      "/api/auth/totp/recovery-codes",
      { code: codeAt(secret, step) },
      { token },
    );
    expect(renewed.status).toBe(200);
    const fresh = body(renewed).recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect((await secondStep(await challengeOf(user), recoveryCodes[0] ?? "")).status).toBe(400);
    expect((await secondStep(await challengeOf(user), fresh[0] ?? "")).status).toBe(200);
  });

  it("limits wrong codes when managing it: the settings share the sign-in's budget", async () => {
    const { user, token, secret } = await enrolled();
    const step = await freshStep();
    // Four wrong codes at the sign-in's second step, six when renewing the recovery codes.
    const challenge = await challengeOf(user);
    for (let guess = 0; guess < 4; guess += 1) {
      expect((await secondStep(challenge, "000000")).status).toBe(400);
    }
    for (let guess = 0; guess < 6; guess += 1) {
      const wrong = await post(t.app, "/api/auth/totp/recovery-codes", { code: "000000" }, { token });
      expect(wrong.status).toBe(422);
    }
    // The eleventh is refused unchecked, right or not, in the settings and at sign-in alike.
    const renew = await post(
      t.app,
      "/api/auth/totp/recovery-codes",
      { code: codeAt(secret, step) },
      { token },
    );
    expect(renew.status).toBe(429);
    expect((await secondStep(await challengeOf(user), codeAt(secret, step))).status).toBe(429);
  });

  it("acts on the caller's own account only: another member cannot touch your two-factor sign-in", async () => {
    const owner = await enrolled();
    const stranger = await createUser(db());
    const strangerToken = await tokenOf(stranger);
    const step = await freshStep();
    // The stranger sees their own status, and the owner's code does nothing for them.
    const status = await call(t.app, "GET", "/api/auth/totp", { token: strangerToken });
    expect(status.body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const renew = await post(
      t.app,
      "/api/auth/totp/recovery-codes",
      { code: codeAt(owner.secret, step) },
      { token: strangerToken },
    );
    expect(renew.status).toBe(409);
    const disable = await post(
      t.app,
      "/api/auth/totp/disable",
      { currentPassword: owner.user.password, code: owner.recoveryCodes[0] },
      { token: strangerToken },
    );
    expect(disable.status).toBe(409);
    expect(body(disable).error).toMatchObject({
      reason: "twoFactorNotOn",
      message: "Two-factor sign-in is not on.",
    });
    // Their own setup is theirs: it leaves the owner's secret and codes as they were.
    expect((await post(t.app, "/api/auth/totp/setup", undefined, { token: strangerToken })).status).toBe(200);
    const ownerStatus = await call(t.app, "GET", "/api/auth/totp", { token: owner.token });
    expect(ownerStatus.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await secondStep(await challengeOf(owner.user), codeAt(owner.secret, step))).status).toBe(200);
  });
});
