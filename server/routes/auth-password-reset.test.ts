import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, rateLimits } from "../db/schema";
import { RESET_REQUESTED_MESSAGE } from "../domain/auth/password-reset";
import {
  call,
  createUser,
  expectSimilarTimes,
  login,
  loginOk,
  me,
  post,
  refresh,
  resetTokenFrom,
  strongPassword,
  type TestUser,
  timeInTurns,
  uniqueEmail,
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

const requested = { success: true, message: RESET_REQUESTED_MESSAGE };
const rateLimited = {
  error: {
    code: "RATE_LIMITED",
    reason: "passwordResetTooSoon",
    message: "You have recently requested a password reset. Please wait before trying again.",
  },
};
const invalidLink = { error: { code: "RESET_TOKEN_INVALID", message: "Invalid or expired reset link." } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Calls of each kind timed in turns; their medians are compared.
const ROUNDS = 9;

const requestReset = (email: string, ip = uniqueIp(), url = "/api/auth/request-password-reset") =>
  post(t.app, url, { email }, { ip });
const verifyToken = (token: string) =>
  call(t.app, "GET", `/api/auth/verify-password-reset?token=${encodeURIComponent(token)}`);
const resetWith = (token: string, newPassword: string) =>
  post(t.app, "/api/auth/reset-password", { token, newPassword }, { ip: uniqueIp() });

/** Requests a reset for `user` and returns the token from the mail it receives. */
/** The reset link's mail, not the notice that a reset was completed (which also goes to the member). */
const isResetMail = (mail: { text: string }) => /\/password-reset-set\?token=/.test(mail.text);

async function resetTokenFor(user: TestUser): Promise<string> {
  expect((await requestReset(user.email)).status).toBe(200);
  return resetTokenFrom(
    await waitForMail(t.mailDir, (mail) => mail.to.includes(user.email) && isResetMail(mail)),
  ).token;
}

async function mailsTo(email: string) {
  return (await readOutbox(t.mailDir)).filter((mail) => mail.to.includes(email));
}

describe("the password policy applies to resets", () => {
  it("refuses passwords missing a rule with 422 and accepts a long Unicode one with the same link", async () => {
    const user = await createUser(db());
    const token = await resetTokenFor(user);

    for (const weak of ["short1!", "alllower1!", "NOLOWER1!", "NoDigits!!", "NoSpecial11"]) {
      const answer = await resetWith(token, weak);
      expect(answer.status, weak).toBe(422);
      expect(answer.body.error?.code).toBe("VALIDATION_FAILED");
      expect(answer.body.error?.details).toEqual({
        issues: [{ path: "newPassword", message: "passwordPolicy" }],
      });
    }
    const compliant = `${"Ünïcödé-🔑-Paßwort-".repeat(7)}X9`;
    expect([...compliant].length).toBeGreaterThanOrEqual(128);

    expect(await resetWith(token, compliant)).toMatchObject({ status: 200, body: { success: true } });
    expect((await login(t.app, user.email, compliant)).status).toBe(200);
  });
});

describe("the reset request answers the same for known and unknown emails", () => {
  it("gives the same 200, then the same 429, and mails only the known address", async () => {
    const known = await createUser(db());
    const unknown = uniqueEmail("nobody");

    const firstKnown = await requestReset(known.email);
    const firstUnknown = await requestReset(unknown);
    const againKnown = await requestReset(known.email);
    const againUnknown = await requestReset(unknown);

    expect(firstKnown).toMatchObject({ status: 200, body: requested });
    expect(firstUnknown).toMatchObject({ status: 200, body: firstKnown.body });
    expect(againKnown).toMatchObject({ status: 429, body: rateLimited });
    expect(againUnknown).toMatchObject({ status: 429, body: againKnown.body });
    await waitForMail(t.mailDir, (mail) => mail.to.includes(known.email));
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it("answers in similar time: the mail is written after the answer, for known emails only", async () => {
    // One address per round: a second request for an address within 5 minutes answers 429.
    const known = await Promise.all(Array.from({ length: ROUNDS }, () => createUser(db())));
    await requestReset(uniqueEmail("warm-up"));

    const timed = await timeInTurns(
      ROUNDS,
      (round) => requestReset(known[round]?.email ?? ""),
      () => requestReset(uniqueEmail("nobody")),
      // Until the known address's mail is out: the work after the answer is done before the next.
      (kind, round) =>
        kind === "known"
          ? waitForMail(t.mailDir, (mail) => mail.to.includes(known[round]?.email ?? "-"))
          : sleep(50),
    );

    for (const answer of [...timed.known, ...timed.unknown]) {
      expect(answer).toMatchObject({ status: 200, body: requested });
    }
    expectSimilarTimes(timed);
  });
});

describe("reset requests rate limited by email and by IP", () => {
  it("refuses a second request for one email within the window, whatever its case or IP", async () => {
    const user = await createUser(db());

    expect((await requestReset(user.email)).status).toBe(200);
    const again = await requestReset(user.email.toUpperCase(), uniqueIp());

    expect(again).toMatchObject({ status: 429, body: rateLimited });
  });

  it("refuses the 11th request from one IP, while another IP is served", async () => {
    const ip = uniqueIp();
    for (let request = 0; request < 10; request++) {
      expect((await requestReset(uniqueEmail("flood"), ip)).status).toBe(200);
    }

    expect(await requestReset(uniqueEmail("flood"), ip)).toMatchObject({ status: 429, body: rateLimited });
    expect((await requestReset(uniqueEmail("flood"), uniqueIp())).status).toBe(200);
  });

  it("sends one mail for 30 parallel requests for one address", async () => {
    const user = await createUser(db());

    const answers = await Promise.all(Array.from({ length: 30 }, () => requestReset(user.email)));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(29);
    await waitForMail(t.mailDir, (mail) => mail.to.includes(user.email));
    await sleep(300);
    expect(await mailsTo(user.email)).toHaveLength(1);
    const tokens = await db()
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
  });
});

describe("reset mails are capped per address and day", () => {
  // The 5-minute wait of an address is over, written where the API keeps it.
  const resendWaitPassed = (email: string) =>
    db()
      .update(rateLimits)
      .set({ windowEndsAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `reset:email:${email.toLowerCase()}`));

  it("answers the 6th request of a day 429 for a known and an unknown address alike, and mails no more", async () => {
    const known = await createUser(db());
    const unknown = uniqueEmail("nobody");

    for (let request = 0; request < 5; request++) {
      expect(await requestReset(known.email)).toMatchObject({ status: 200, body: requested });
      expect(await requestReset(unknown)).toMatchObject({ status: 200, body: requested });
      await resendWaitPassed(known.email);
      await resendWaitPassed(unknown);
    }
    const sixthKnown = await requestReset(known.email);
    const sixthUnknown = await requestReset(unknown);

    expect(sixthKnown).toMatchObject({ status: 429, body: rateLimited });
    expect(sixthUnknown.status).toBe(429);
    expect(sixthUnknown.body).toEqual(sixthKnown.body);
    for (const answer of [sixthKnown, sixthUnknown]) {
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(23 * 60 * 60);
    }
    const deadline = Date.now() + 5_000;
    while ((await mailsTo(known.email)).length < 5 && Date.now() < deadline) await sleep(100);
    await sleep(300);
    expect(await mailsTo(known.email)).toHaveLength(5);
    expect(await mailsTo(unknown)).toEqual([]);
  });
});

describe("reset tokens are random, hashed, single use and short-lived", () => {
  it("mails a PUBLIC_URL link, never one from the Host header, with a 256-bit token stored only hashed", async () => {
    const user = await createUser(db());

    const answer = await post(
      t.app,
      "http://evil.example/api/auth/request-password-reset",
      { email: user.email },
      { ip: uniqueIp(), headers: { "x-forwarded-host": "evil.example", forwarded: "host=evil.example" } },
    );
    expect(answer.status).toBe(200);
    const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(user.email));
    const { link, token } = resetTokenFrom(mail);

    expect(link).toMatch(/^http:\/\/localhost:3000\/password-reset-set\?token=[A-Za-z0-9_-]{43,}$/);
    expect(mail.html).toContain(`href="http://localhost:3000/password-reset-set?token=${token}"`);
    expect(`${mail.text}${mail.html}`).not.toContain("evil.example");
    expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(256);
    const rows = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const [row] = rows;
    const lifetimeMinutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(lifetimeMinutes).toBeGreaterThan(0);
    expect(lifetimeMinutes).toBeLessThanOrEqual(60);
  });

  it("works once: verify, reset, then the same link is refused; the old password stops working", async () => {
    const user = await createUser(db());
    const token = await resetTokenFor(user);
    const newPassword = strongPassword();

    const verified = await verifyToken(token);
    expect(verified).toMatchObject({ status: 200, body: { success: true } });
    expect(verified.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await resetWith(token, newPassword)).toMatchObject({ status: 200, body: { success: true } });

    expect(await resetWith(token, strongPassword())).toMatchObject({ status: 400, body: invalidLink });
    expect(await verifyToken(token)).toMatchObject({ status: 400, body: invalidLink });
    expect((await login(t.app, user.email, user.password)).status).toBe(401);
    expect((await login(t.app, user.email, newPassword)).status).toBe(200);
  });

  it("refuses an expired link and leaves the password as it was", async () => {
    const user = await createUser(db());
    const token = await resetTokenFor(user);
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));

    expect(await verifyToken(token)).toMatchObject({ status: 400, body: invalidLink });
    expect(await resetWith(token, strongPassword())).toMatchObject({ status: 400, body: invalidLink });
    expect((await login(t.app, user.email, user.password)).status).toBe(200);
  });

  it("refuses a made-up token", async () => {
    const madeUp = Buffer.alloc(32, 7).toString("base64url");
    expect(await verifyToken(madeUp)).toMatchObject({ status: 400, body: invalidLink });
    expect(await resetWith(madeUp, strongPassword())).toMatchObject({ status: 400, body: invalidLink });
  });
});

describe("a password reset ends every session of the user", () => {
  it("revokes both earlier sessions, refresh and access tokens alike", async () => {
    const user = await createUser(db());
    const laptop = await loginOk(t.app, user.email, user.password);
    const phone = await loginOk(t.app, user.email, user.password);
    const token = await resetTokenFor(user);
    const newPassword = strongPassword();

    expect((await resetWith(token, newPassword)).status).toBe(200);

    for (const session of [laptop, phone]) {
      expect((await refresh(t.app, session.refreshToken)).status).toBe(401);
      expect((await me(t.app, session.accessToken)).status).toBe(401);
    }
    const fresh = await loginOk(t.app, user.email, newPassword);
    expect((await me(t.app, fresh.accessToken)).status).toBe(200);
  });
});
