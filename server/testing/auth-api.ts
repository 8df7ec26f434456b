import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { authApi } from "../../lib/api/auth";
import type { TokenResponse } from "../../lib/schemas/auth";
import type { Database } from "../db";
import { users, userTotp } from "../db/schema";
import { hashPassword } from "../domain/auth/passwords";
import { encryptTotpSecret, newTotpSecret, replaceRecoveryCodes } from "../domain/auth/totp";
import type { OutboxMail } from "./eml";
import { testAuthConfig } from "./test-app";

// Small helpers for API tests of sign-in, sessions and recovery. Each test makes its own users
// (STYLE.md) and, where rate limits count per IP, its own client IP.

type Requester = { request(path: string, init?: RequestInit): Response | Promise<Response> };

/** The fields any auth answer may carry; tests read what they expect and assert the rest. */
type ApiBody = Partial<TokenResponse> & {
  error?: { code: string; message: string; details?: unknown };
  success?: boolean;
  message?: string;
  resendAfterSeconds?: number;
  profile?: unknown;
  /** The first step's answer when two-factor sign-in is on. */
  challenge?: string;
  mfaRequired?: boolean;
};

export type ApiAnswer = { status: number; body: ApiBody; headers: Headers; ms: number };

export type CallOptions = { ip?: string; token?: string; headers?: Record<string, string> };

export async function call(
  app: Requester,
  method: string,
  path: string,
  { body, ip, token, headers }: CallOptions & { body?: unknown } = {},
): Promise<ApiAnswer> {
  const started = performance.now();
  const response = await app.request(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(ip ? { "x-forwarded-for": ip } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // The answer's time: the response as the handler returned it. Reading its body here is left
  // out, as it would also time the work a call leaves in the background (the mail written after
  // a reset request), which runs in this process beside the test's own reading.
  const ms = performance.now() - started;
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as ApiBody) : {},
    headers: response.headers,
    ms,
  };
}

export const post = (app: Requester, path: string, body: unknown, options: CallOptions = {}) =>
  call(app, "POST", path, { ...options, body });

export const me = (app: Requester, accessToken: string | undefined) =>
  call(app, "GET", authApi.me.path, accessToken ? { token: accessToken } : {});

/**
 * Each test account signs in from one browser, as a member mostly does: its device cookie (the
 * token a sign-in answers with) is sent back at the next sign-in, so only the tests about new
 * browsers get new-browser notices, and a test waiting for another mail is not handed one.
 */
const deviceTokens = new Map<string, string>();
const deviceOf = (email: string) => {
  const token = deviceTokens.get(email.trim().toLowerCase());
  return token ? { "x-device-token": token } : undefined;
};
const keepDevice = (email: string, answer: ApiAnswer) => {
  if (answer.body.deviceToken) deviceTokens.set(email.trim().toLowerCase(), answer.body.deviceToken);
  return answer;
};

export const login = async (app: Requester, email: string, password: string, ip = uniqueIp()) =>
  keepDevice(
    email,
    await post(app, authApi.login.path, { email, password }, { ip, headers: deviceOf(email) }),
  );

export const refresh = (app: Requester, refreshToken: string, ip = uniqueIp()) =>
  post(app, authApi.refresh.path, { refreshToken }, { ip });

/**
 * Logs in and returns the tokens; throws with the answer when the login is refused. An account
 * made with an authenticator (admins by default, see createUser) passes the second step with a
 * real code of it, as an admin's browser would.
 */
export async function loginOk(app: Requester, email: string, password: string, ip = uniqueIp()) {
  const answer = await login(app, email, password, ip);
  const challenge = (answer.body as { challenge?: string }).challenge;
  const authenticator = authenticators.get(email);
  if (answer.status === 200 && challenge && authenticator) {
    return secondStepOk(app, authenticator, challenge, ip);
  }
  if (answer.status !== 200 || challenge) {
    throw new Error(`login of ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body as TokenResponse;
}

/** The test's own copy of an account's authenticator secret, by email. */
type Authenticator = { db: Database; userId: string; email: string; secret: string };
const authenticators = new Map<string, Authenticator>();

/** The authenticator secret of an account createUser set one up for. */
export function authenticatorSecretOf(email: string): string | undefined {
  return authenticators.get(email)?.secret;
}

/** The app's current code of a base32 secret. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp,
  });
}

async function secondStepOk(app: Requester, authenticator: Authenticator, challenge: string, ip: string) {
  // A code works once per 30-second step; tests sign the same admin in many times a step, so
  // the step spent is forgotten first (what a test may do to its own fixture, not an app path).
  await authenticator.db
    .update(userTotp)
    .set({ lastUsedStep: null })
    .where(eq(userTotp.userId, authenticator.userId));
  const answer = keepDevice(
    authenticator.email,
    await post(
      app,
      authApi.loginWithTotp.path,
      { challenge, code: totpCode(authenticator.secret) },
      { ip, headers: deviceOf(authenticator.email) },
    ),
  );
  if (answer.status !== 200) {
    throw new Error(`second step answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body as TokenResponse;
}

let ipCounter = crypto.randomInt(0, 1 << 16);
/** A client IP no other test uses, so per-IP limits start from zero. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function uniqueEmail(label = "user"): string {
  return `${label}-${crypto.randomBytes(5).toString("hex")}@example.com`;
}

/** Meets the spec's policy: lower, upper, digit, special, 8+. */
export function strongPassword(): string {
  return `Pw-${crypto.randomBytes(9).toString("base64url")}aZ7!`;
}

export type TestUser = { id: string; email: string; password: string };

export type UserInput = {
  email?: string;
  password?: string;
  role?: "user" | "admin" | "super_admin";
  status?: "pending" | "active" | "suspended";
  userType?: "personal" | "company";
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  /**
   * Two-factor sign-in on, with a secret the test knows (loginOk answers the second step with
   * it). Admins and super admins get one unless this is false: the API serves admin calls only
   * to sessions that passed a second factor.
   */
  totp?: boolean;
};

/**
 * An account with a password written straight to the database; by default an active one, as
 * registration and admin verification would leave it.
 */
export async function createUser(db: Database, input: UserInput = {}): Promise<TestUser> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? strongPassword();
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      role: input.role ?? "user",
      status: input.status ?? "active",
      userType: input.userType ?? "personal",
      firstName: input.firstName === undefined ? "Test" : input.firstName,
      lastName: input.lastName === undefined ? "User" : input.lastName,
      companyName: input.companyName ?? null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("user insert returned nothing");
  if (input.totp ?? (input.role === "admin" || input.role === "super_admin")) {
    await enrolAuthenticator(db, { id: row.id, email });
  }
  return { id: row.id, email, password };
}

/**
 * Turns two-factor sign-in on for an account as the settings would leave it (a secret, ten
 * recovery codes), and keeps the secret for loginOk. Returns the secret.
 */
export async function enrolAuthenticator(db: Database, user: { id: string; email: string }): Promise<string> {
  const secret = newTotpSecret();
  await db
    .insert(userTotp)
    .values({
      userId: user.id,
      secretEncrypted: encryptTotpSecret(testAuthConfig.totpSecretKey, user.id, secret),
    })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: {
        secretEncrypted: encryptTotpSecret(testAuthConfig.totpSecretKey, user.id, secret),
        lastUsedStep: null,
      },
    });
  await replaceRecoveryCodes(db, user.id);
  await db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, user.id));
  authenticators.set(user.email, { db, userId: user.id, email: user.email, secret });
  return secret;
}

/** The token of the reset link in a password reset mail (text part). */
export function resetTokenFrom(mail: OutboxMail): { link: string; token: string } {
  const link = /https?:\/\/\S+\/password-reset-set\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  const token = link && new URL(link).searchParams.get("token");
  if (!link || !token) throw new Error(`no reset link in mail to ${mail.to}:\n${mail.text}`);
  return { link, token };
}

/** The 6-digit code of a login code mail (text part). */
export function codeFrom(mail: OutboxMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail to ${mail.to}:\n${mail.text}`);
  return code;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Times two kinds of call (an email with an account, one without) in pairs, one right after the
 * other, the kind that goes first alternating, so whatever else loads the machine falls on both
 * alike. After each call `settle` waits (by default 50 ms; better: until the work the call left
 * in the background is done), so it is not timed as part of the next call. Returns the answers,
 * each kind's median time and the median of the pairs' ratios (known / unknown).
 */
export async function timeInTurns(
  rounds: number,
  known: (round: number) => Promise<ApiAnswer>,
  unknown: (round: number) => Promise<ApiAnswer>,
  settle: (kind: "known" | "unknown", round: number) => Promise<unknown> = () =>
    new Promise((resolve) => setTimeout(resolve, 50)),
) {
  const answers = { known: [] as ApiAnswer[], unknown: [] as ApiAnswer[] };
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? (["unknown", "known"] as const) : (["known", "unknown"] as const);
    for (const kind of order) {
      answers[kind].push(await (kind === "known" ? known : unknown)(round));
      await settle(kind, round);
    }
    ratios.push((answers.known[round]?.ms ?? 0) / (answers.unknown[round]?.ms ?? 1));
  }
  return {
    ...answers,
    knownMs: median(answers.known.map((answer) => answer.ms)),
    unknownMs: median(answers.unknown.map((answer) => answer.ms)),
    ratio: median(ratios),
  };
}

/**
 * Known and unknown emails are answered in similar time: the median of the pairs' ratios lies
 * within `factor` either way. Tolerant on purpose, so a busy machine does not fail it; what it
 * catches is work done before the answer for one kind only (a hash skipped, a mail written).
 */
export function expectSimilarTimes(timed: { knownMs: number; unknownMs: number; ratio: number }, factor = 2) {
  const times = `known ${timed.knownMs.toFixed(1)} ms, unknown ${timed.unknownMs.toFixed(1)} ms, median ratio ${timed.ratio.toFixed(2)}`;
  expect(timed.ratio, times).toBeLessThanOrEqual(factor);
  expect(timed.ratio, times).toBeGreaterThanOrEqual(1 / factor);
}
