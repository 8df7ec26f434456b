import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as passwords from "../domain/auth/passwords";
import { createUser, login, post, resetTokenFrom, strongPassword, uniqueIp } from "../testing/auth-api";
import { waitForMail } from "../testing/eml";
import { createMember, insertLink, personalForm, registerPersonal } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

// The real argon2 functions, only counted: whether a refused anonymous call did argon2 work is
// then a count, not a timing that two busy cores would blur.
vi.mock("../domain/auth/passwords", async (importOriginal) => {
  const real = await importOriginal<typeof import("../domain/auth/passwords")>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

let t: TestApp;
const db = () => t.deps.database.db;
const hashes = () => vi.mocked(passwords.hashPassword).mock.calls.length;
const verifications = () => vi.mocked(passwords.verifyPassword).mock.calls.length;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

beforeEach(() => {
  vi.mocked(passwords.hashPassword).mockClear();
  vi.mocked(passwords.verifyPassword).mockClear();
});

const invalidLink = { error: { code: "RESET_TOKEN_INVALID", message: "Invalid or expired reset link." } };
const invalidCredentials = { error: { code: "INVALID_CREDENTIALS", message: "Invalid credentials" } };
const madeUpToken = (index: number) => Buffer.alloc(32, index).toString("base64url");

describe("reset-password flood with made-up tokens", () => {
  it("answers 200 bogus calls from one IP with 400s, then 429s with Retry-After, and hashes no password", async () => {
    const ip = uniqueIp();

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        post(
          t.app,
          "/api/auth/reset-password",
          { token: madeUpToken(index), newPassword: strongPassword() },
          { ip },
        ),
      ),
    );

    const refused = answers.filter((answer) => answer.status === 400);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10);
    expect(limited).toHaveLength(190);
    for (const answer of refused) expect(answer.body).toEqual(invalidLink);
    for (const answer of limited) {
      expect(answer.body.error?.code).toBe("RATE_LIMITED");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(answer.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    }
    expect(hashes()).toBe(0);
  });

  it("still resets with a live link from another IP, hashing its password once", async () => {
    const user = await createUser(db());
    expect(
      (await post(t.app, "/api/auth/request-password-reset", { email: user.email }, { ip: uniqueIp() }))
        .status,
    ).toBe(200);
    const { token } = resetTokenFrom(await waitForMail(t.mailDir, (mail) => mail.to.includes(user.email)));
    vi.mocked(passwords.hashPassword).mockClear();

    const answer = await post(
      t.app,
      "/api/auth/reset-password",
      { token, newPassword: strongPassword() },
      { ip: uniqueIp() },
    );

    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    expect(hashes()).toBe(1);
  });
});

describe("login flood past the throttle", () => {
  it("answers throttled attempts like a wrong password without verifying a hash for them", async () => {
    const user = await createUser(db());
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await login(t.app, user.email, `Wrong-password-${attempt}!`, ip)).toMatchObject({
        status: 401,
        body: invalidCredentials,
      });
    }
    expect(verifications()).toBe(5);

    const throttled = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) =>
        login(t.app, user.email, `Wrong-password-x${index}!`, uniqueIp()),
      ),
      login(t.app, user.email, user.password, uniqueIp()),
    ]);

    for (const answer of throttled) {
      expect(answer).toMatchObject({ status: 401, body: invalidCredentials });
      expect(answer.headers.get("retry-after")).toBeNull();
    }
    expect(verifications()).toBe(5);
  });
});

describe("registration flood through a dead link", () => {
  it("answers 30 registrations from one IP with 410s, then 429s, and hashes no password", async () => {
    const owner = await createMember(db());
    const expired = await insertLink(db(), owner.id, { expiresAt: new Date(Date.now() - 1_000) });
    const ip = uniqueIp();
    vi.mocked(passwords.hashPassword).mockClear();

    const answers = await Promise.all(
      Array.from({ length: 30 }, () => registerPersonal(t.app, personalForm(expired.token), ip)),
    );

    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(10).fill(410), ...Array(20).fill(429)]);
    expect(hashes()).toBe(0);
  });

  it("hashes the password of a registration through a live link once", async () => {
    const owner = await createMember(db());
    const live = await insertLink(db(), owner.id);
    vi.mocked(passwords.hashPassword).mockClear();

    expect((await registerPersonal(t.app, personalForm(live.token))).status).toBe(201);
    expect(hashes()).toBe(1);
  });
});
