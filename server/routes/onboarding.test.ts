import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, oneTimeCodes, users } from "../db/schema";
import { type ApiAnswer, call, codeFrom, loginOk, post } from "../testing/auth-api";
import { type OutboxMail, readOutbox, waitForMail } from "../testing/eml";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

type Caller = { id: string; email: string; token: string };

/** A logged-in member of its own (STYLE.md: tests never share users). */
async function loggedInMember(language: "en" | "de" = "en"): Promise<Caller> {
  const member = await createMember(db());
  if (language !== "en") await db().update(users).set({ language }).where(eq(users.id, member.id));
  const { accessToken } = await loginOk(t.app, member.email, member.password);
  return { id: member.id, email: member.email, token: accessToken };
}

const getStatus = (token?: string) => call(t.app, "GET", "/api/auth/user/status", token ? { token } : {});
const getProgress = (token?: string) =>
  call(t.app, "GET", "/api/auth/user/status-progress", token ? { token } : {});
const sendCode = (caller: Caller, body: object = {}) =>
  post(t.app, "/api/auth/send-verification-email", body, { token: caller.token });
const verify = (caller: Caller, code: string) =>
  post(t.app, "/api/auth/verify-email-code", { code }, { token: caller.token });

const codeSent = { success: true, message: "Verification code sent.", resendAfterSeconds: 600 };
const verified = { success: true, message: "Email verified." };
const codeInvalid = { error: { code: "CODE_INVALID", message: "Invalid verification code." } };
const codeExpired = {
  error: { code: "CODE_EXPIRED", message: "Verification code expired. Please request a new one." },
};
const attemptsExceeded = {
  error: { code: "CODE_ATTEMPTS_EXCEEDED", message: "Too many failed attempts. Please wait and try again." },
};
const unauthorized = { error: { code: "UNAUTHORIZED", message: "You are not authorized." } };

const mailsTo = async (email: string) =>
  (await readOutbox(t.mailDir)).filter((mail) => mail.to.includes(email));

/** Sends a code to the caller and returns the mail it arrived in (the newest one for them). */
async function mailedCode(caller: Caller, body: object = {}): Promise<{ code: string; mail: OutboxMail }> {
  const before = new Set((await mailsTo(caller.email)).map((mail) => mail.file));
  expect(await sendCode(caller, body)).toMatchObject({ status: 200, body: codeSent });
  const mail = await waitForMail(
    t.mailDir,
    (candidate) => candidate.to.includes(caller.email) && !before.has(candidate.file),
  );
  return { code: codeFrom(mail), mail };
}

const codesOf = (userId: string) =>
  db()
    .select({
      attempts: oneTimeCodes.attempts,
      consumedAt: oneTimeCodes.consumedAt,
      createdAt: oneTimeCodes.createdAt,
      expiresAt: oneTimeCodes.expiresAt,
    })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, "verify_email")))
    .orderBy(desc(oneTimeCodes.createdAt));

const emailVerifiedAt = async (userId: string) =>
  (await db().select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)))[0]?.at ?? null;

/** A different 6-digit code than `code`. */
const wrongCode = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, "0");

const flags = (values: [number, number, number, number, number]) => {
  const [email_verified, documents_uploaded, profile_completed, contract_signed, is_admin_verified] = values;
  return { email_verified, documents_uploaded, profile_completed, contract_signed, is_admin_verified };
};

describe("GET /api/auth/user/status", () => {
  it("shows all flags 0 for a new member, directly and under status", async () => {
    const caller = await loggedInMember();

    const answer = await getStatus(caller.token);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...flags([0, 0, 0, 0, 0]), status: flags([0, 0, 0, 0, 0]) });
  });

  it("sets each flag to 1 once its time is set, and only that flag", async () => {
    const caller = await loggedInMember();
    const steps = [
      { emailVerifiedAt: new Date() },
      { documentsUploadedAt: new Date() },
      { profileCompletedAt: new Date() },
      { contractSignedAt: new Date() },
      { adminVerifiedAt: new Date() },
    ];
    const expected: [number, number, number, number, number] = [0, 0, 0, 0, 0];

    for (const [index, step] of steps.entries()) {
      await db().update(users).set(step).where(eq(users.id, caller.id));
      expected[index] = 1;

      const answer = await getStatus(caller.token);

      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ...flags(expected), status: flags(expected) });
    }
  });

  it("shows only the caller's own status", async () => {
    const verifiedMember = await loggedInMember();
    const other = await loggedInMember();
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, verifiedMember.id));

    expect((await getStatus(verifiedMember.token)).body).toMatchObject({ email_verified: 1 });
    expect((await getStatus(other.token)).body).toMatchObject({ email_verified: 0 });
  });

  it("answers 401 without a login or with a bad token", async () => {
    expect(await getStatus()).toMatchObject({ status: 401, body: unauthorized });
    expect(await getStatus("not-a-token")).toMatchObject({ status: 401, body: unauthorized });
    expect(await getProgress()).toMatchObject({ status: 401, body: unauthorized });
  });
});

describe("GET /api/auth/user/status-progress (progress form)", () => {
  it("gives the three step flags and the four steps with completed", async () => {
    const caller = await loggedInMember();

    expect(await getProgress(caller.token)).toMatchObject({
      status: 200,
      body: {
        status: { email_verified: 0, documents_uploaded: 0, profile_completed: 0 },
        progress: {
          steps: [
            { key: "email_verified", completed: false },
            { key: "documents_uploaded", completed: false },
            { key: "profile_completed", completed: false },
            { key: "contract_signed", completed: false },
          ],
        },
      },
    });

    await db()
      .update(users)
      .set({ documentsUploadedAt: new Date(), contractSignedAt: new Date() })
      .where(eq(users.id, caller.id));
    const after = await getProgress(caller.token);

    expect(after.body).toEqual({
      status: { email_verified: 0, documents_uploaded: 1, profile_completed: 0 },
      progress: {
        steps: [
          { key: "email_verified", completed: false },
          { key: "documents_uploaded", completed: true },
          { key: "profile_completed", completed: false },
          { key: "contract_signed", completed: true },
        ],
      },
    });
  });
});

describe("POST /api/auth/send-verification-email", () => {
  it("mails a 6-digit code in the user's language, never in the subject", async () => {
    const english = await loggedInMember("en");
    const german = await loggedInMember("de");

    const en = await mailedCode(english);
    const de = await mailedCode(german);

    expect(en.code).toMatch(/^\d{6}$/);
    expect(en.mail.subject).toBe("Confirm your email address");
    expect(en.mail.text).toContain(`Your verification code is ${en.code}.`);
    expect(en.mail.text).toContain("valid for 10 minutes");
    expect(de.code).toMatch(/^\d{6}$/);
    expect(de.mail.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");
    expect(de.mail.text).toContain(`Ihr Bestätigungscode lautet ${de.code}.`);
    expect(de.mail.text).toContain("10 Minuten gültig");
    for (const { code, mail } of [en, de]) {
      expect(mail.subject).not.toMatch(/\d{6}/);
      expect(mail.subject).not.toContain(code);
    }
    const [row] = await codesOf(english.id);
    expect(((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 1000).toBe(600);
  });

  it("uses the lang of the request over the user's language", async () => {
    const caller = await loggedInMember("en");

    const { mail } = await mailedCode(caller, { lang: "de" });

    expect(mail.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");
  });

  it("refuses a resend within 600 s with 429 and the wait; after 601 s sends a new code", async () => {
    const caller = await loggedInMember();
    const first = await mailedCode(caller);

    const again = await sendCode(caller);

    expect(again.status).toBe(429);
    expect(again.body.error).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.any(String),
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(again.body.error).toMatchObject({
      reason: "codeRequestTooSoon",
      message: "Please wait before requesting another code.",
    });
    const retryAfterSeconds = (again.body.error?.details as { retryAfterSeconds?: number } | undefined)
      ?.retryAfterSeconds;
    expect(retryAfterSeconds).toBeGreaterThan(590);
    expect(retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(await mailsTo(caller.email)).toHaveLength(1);

    await db()
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 601_000) })
      .where(eq(oneTimeCodes.userId, caller.id));
    const second = await mailedCode(caller);

    expect(await mailsTo(caller.email)).toHaveLength(2);
    // The resend replaces the first code.
    if (first.code !== second.code) expect(await verify(caller, first.code)).toMatchObject({ status: 400 });
    expect(await verify(caller, second.code)).toMatchObject({ status: 200, body: verified });
  });

  it("sends one code for parallel requests of one user", async () => {
    const caller = await loggedInMember();

    const answers = await Promise.all(Array.from({ length: 10 }, () => sendCode(caller)));

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(429)]);
    expect(await codesOf(caller.id)).toHaveLength(1);
    await waitForMail(t.mailDir, (mail) => mail.to.includes(caller.email));
    expect(await mailsTo(caller.email)).toHaveLength(1);
  });

  it("answers 409 when the email is already verified", async () => {
    const caller = await loggedInMember();
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, caller.id));

    expect(await sendCode(caller)).toMatchObject({
      status: 409,
      body: {
        error: { code: "CONFLICT", reason: "emailAlreadyVerified", message: "Email already verified." },
      },
    });
    expect(await codesOf(caller.id)).toEqual([]);
  });

  it("answers 401 without a login", async () => {
    expect(await post(t.app, "/api/auth/send-verification-email", {})).toMatchObject({
      status: 401,
      body: unauthorized,
    });
  });

  it("queues the mail: a failed send is retried and the code arrives", async () => {
    const caller = await loggedInMember();
    const send = vi.spyOn(t.mailer, "send").mockRejectedValueOnce(new Error("smtp down"));

    const { code } = await mailedCode(caller);

    expect(send.mock.calls.length).toBeGreaterThanOrEqual(2);
    send.mockRestore();
    expect(await mailsTo(caller.email)).toHaveLength(1);
    expect(await verify(caller, code)).toMatchObject({ status: 200 });
  });
});

describe("POST /api/auth/verify-email-code", () => {
  it("verifies with the mailed code: flag set once, audited", async () => {
    const caller = await loggedInMember();
    const { code } = await mailedCode(caller);

    const answer = await verify(caller, code);

    expect(answer).toMatchObject({ status: 200, body: verified });
    expect(await emailVerifiedAt(caller.id)).toBeInstanceOf(Date);
    expect((await getStatus(caller.token)).body).toMatchObject({ email_verified: 1 });
    const events = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, caller.id), eq(auditLog.action, "onboarding.email_verified")));
    expect(events).toHaveLength(1);
  });

  it("uses a code once", async () => {
    const caller = await loggedInMember();
    const { code } = await mailedCode(caller);
    expect((await verify(caller, code)).status).toBe(200);
    const firstVerifiedAt = await emailVerifiedAt(caller.id);

    // Verified now: the same code again is a conflict and changes nothing.
    expect(await verify(caller, code)).toMatchObject({
      status: 409,
      body: {
        error: { code: "CONFLICT", reason: "emailAlreadyVerified", message: "Email already verified." },
      },
    });
    expect(await emailVerifiedAt(caller.id)).toEqual(firstVerifiedAt);
    // Even with the flag taken back, the used code stays used.
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, caller.id));
    expect(await verify(caller, code)).toMatchObject({ status: 400, body: codeExpired });
    const [row] = await codesOf(caller.id);
    expect(row?.consumedAt).toBeInstanceOf(Date);
  });

  it("refuses a wrong code with CODE_INVALID and leaves the flag at 0", async () => {
    const caller = await loggedInMember();
    const { code } = await mailedCode(caller);

    expect(await verify(caller, wrongCode(code))).toMatchObject({ status: 400, body: codeInvalid });
    expect(await emailVerifiedAt(caller.id)).toBeNull();
    expect((await verify(caller, code)).status).toBe(200);
  });

  it("refuses a code after its 10 minutes with CODE_EXPIRED", async () => {
    const caller = await loggedInMember();
    const { code } = await mailedCode(caller);
    await db()
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, caller.id));

    expect(await verify(caller, code)).toMatchObject({ status: 400, body: codeExpired });
    expect(await emailVerifiedAt(caller.id)).toBeNull();
  });

  it("answers CODE_EXPIRED when no code was sent", async () => {
    const caller = await loggedInMember();

    expect(await verify(caller, "123456")).toMatchObject({ status: 400, body: codeExpired });
  });

  it("refuses an incomplete code with 422", async () => {
    const caller = await loggedInMember();

    const answer = await verify(caller, "12345");

    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe("VALIDATION_FAILED");
  });

  it("after 5 wrong codes refuses even the right one with 429", async () => {
    const caller = await loggedInMember();
    const { code } = await mailedCode(caller);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await verify(caller, wrongCode(code, attempt))).toMatchObject({
        status: 400,
        body: codeInvalid,
      });
    }

    expect(await verify(caller, code)).toMatchObject({ status: 429, body: attemptsExceeded });
    expect(await emailVerifiedAt(caller.id)).toBeNull();
  });

  it("evaluates at most 5 of 200 parallel wrong guesses; then the right code gets 429", async () => {
    const caller = await loggedInMember();
    const { code } = await mailedCode(caller);
    const guesses = Array.from({ length: 200 }, (_, index) => wrongCode(code, index + 1));

    const answers: ApiAnswer[] = await Promise.all(guesses.map((guess) => verify(caller, guess)));

    expect(answers.filter((answer) => answer.status !== 400 && answer.status !== 429)).toEqual([]);
    const evaluated = answers.filter((answer) => answer.status === 400);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    for (const answer of evaluated) expect(answer.body).toEqual(codeInvalid);
    for (const answer of answers.filter((candidate) => candidate.status === 429)) {
      expect(answer.body).toMatchObject(attemptsExceeded);
    }
    expect((await codesOf(caller.id)).map((row) => row.attempts)).toEqual([5]);

    expect(await verify(caller, code)).toMatchObject({ status: 429, body: attemptsExceeded });
    expect(await emailVerifiedAt(caller.id)).toBeNull();
  });

  it("does not verify user B with user A's code", async () => {
    const alice = await loggedInMember();
    const bob = await loggedInMember();
    const aliceCode = (await mailedCode(alice)).code;
    const bobCode = (await mailedCode(bob)).code;
    // One chance in a million that both got the same code; then there is nothing to prove.
    if (aliceCode === bobCode) return;

    expect(await verify(bob, aliceCode)).toMatchObject({ status: 400, body: codeInvalid });
    expect(await emailVerifiedAt(bob.id)).toBeNull();
    expect(await emailVerifiedAt(alice.id)).toBeNull();
    expect((await verify(bob, bobCode)).status).toBe(200);
    expect(await emailVerifiedAt(alice.id)).toBeNull();
  });

  it("answers 401 without a login", async () => {
    expect(await post(t.app, "/api/auth/verify-email-code", { code: "123456" })).toMatchObject({
      status: 401,
      body: unauthorized,
    });
  });

  it("writes no code into the log", async () => {
    const caller = await loggedInMember();
    const { code } = await mailedCode(caller);
    await verify(caller, wrongCode(code));
    const failing = vi.spyOn(t.mailer, "send").mockRejectedValueOnce(new Error("smtp down"));
    await db()
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 601_000) })
      .where(eq(oneTimeCodes.userId, caller.id));
    const { code: second } = await mailedCode(caller);
    failing.mockRestore();
    expect((await verify(caller, code)).status).toBe(400);
    expect((await verify(caller, second)).status).toBe(200);

    const logs = JSON.stringify(t.deps.logs.recent(500));
    expect(logs).toContain("mail send failed; will retry");
    for (const secret of [code, second]) expect(logs).not.toContain(secret);
  });
});
