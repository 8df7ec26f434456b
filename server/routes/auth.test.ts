import crypto from "node:crypto";
import { Writable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import { decodeJwt, generateKeyPair, importJWK, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { auditLog, authSessions, users } from "../db/schema";
import { createAdmin } from "../domain/auth/create-admin";
import { createLogger } from "../infra/logging/logger";
import { createTokenService, generateKeyMaterial, TOKEN_AUDIENCE, TOKEN_ISSUER } from "../infra/tokens";
import {
  call,
  codeFrom,
  createUser,
  enrolAuthenticator,
  login,
  loginOk,
  me,
  median,
  post,
  refresh,
  resetTokenFrom,
  strongPassword,
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

const invalidCredentials = { error: { code: "INVALID_CREDENTIALS", message: "Invalid credentials" } };

describe("argon2id password hashes", () => {
  it("stores the hash with argon2id, m=19456 KiB, t=2, p=1 visible in it", async () => {
    const { id } = await createAdmin(db(), {
      email: uniqueEmail("admin"),
      password: strongPassword(),
      role: "admin",
    });

    const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));

    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22,}\$[A-Za-z0-9+/]{43,}$/);
  });
});

describe("long Unicode passwords, never truncated", () => {
  // 141 code points with umlauts, ß and emoji (astral, two UTF-16 units each), ending in one.
  const password = `${"Grüße-😀-Straße-🔐-".repeat(8)}Zz9!🎉`;

  it("logs in with a 128+ character Unicode password, and not with the same minus its last character", async () => {
    expect([...password].length).toBeGreaterThanOrEqual(128);
    const email = uniqueEmail("unicode");
    await createAdmin(db(), { email, password, role: "admin" });

    const right = await login(t.app, email, password);
    const shortened = await login(t.app, email, [...password].slice(0, -1).join(""));
    const changedInTheMiddle = await login(
      t.app,
      email,
      password.replace("Straße-🔐-Grüße", "Strasse-🔐-Grüße"),
    );

    expect(right.status).toBe(200);
    expect(right.body.user?.email).toBe(email);
    expect(shortened).toMatchObject({ status: 401, body: invalidCredentials });
    expect(changedInTheMiddle).toMatchObject({ status: 401, body: invalidCredentials });
  });
});

describe("login throttled per account and per IP", () => {
  it("answers the right password like a wrong one after 5 failures, for every case of the email and from any IP", async () => {
    const user = await createUser(db());
    const ip = uniqueIp();
    const [local = "", domain = ""] = user.email.split("@");
    const variants = [
      user.email,
      user.email.toUpperCase(),
      `${local.toUpperCase()}@${domain}`,
      user.email.replace(/^./, (first) => first.toUpperCase()),
      `${local}@${domain.toUpperCase()}`,
    ];

    const failures = [];
    for (const [index, email] of variants.entries()) {
      failures.push(await login(t.app, email, `Wrong-password-${index}!`, ip));
    }
    const rightPassword = await login(t.app, user.email, user.password, ip);
    const rightPasswordElsewhere = await login(t.app, user.email.toUpperCase(), user.password, uniqueIp());

    for (const answer of [...failures, rightPassword, rightPasswordElsewhere]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(invalidCredentials);
      expect(answer.headers.get("retry-after")).toBeNull();
    }
  });

  it("still lets a user in after four mistakes", async () => {
    const user = await createUser(db());
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await login(t.app, user.email, `Wrong-password-${attempt}!`)).status).toBe(401);
    }

    expect((await login(t.app, user.email, user.password)).status).toBe(200);
  });

  it("refuses a correct login from an IP with 50 failures across many accounts, while another IP logs in", async () => {
    const ip = uniqueIp();
    // Unknown emails cost the same hash verification as known ones, so they count the same.
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => login(t.app, uniqueEmail("spray"), "Spray-password-1!", ip)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(401));
    }
    const fresh = await createUser(db());

    const fromSprayingIp = await login(t.app, fresh.email, fresh.password, ip);
    const fromOtherIp = await login(t.app, fresh.email, fresh.password, uniqueIp());

    expect(fromSprayingIp).toMatchObject({ status: 401, body: invalidCredentials });
    expect(fromOtherIp.status).toBe(200);
  });

  it("counts only failures against an IP: many colleagues behind one address still log in", async () => {
    const ip = uniqueIp();
    const colleagues = await Promise.all(Array.from({ length: 10 }, () => createUser(db())));
    for (let batch = 0; batch < 4; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, () => login(t.app, uniqueEmail("typo"), "Typo-password-1!", ip)),
      );
    }
    const signIns = await Promise.all(colleagues.map((user) => login(t.app, user.email, user.password, ip)));
    const last = await createUser(db());

    expect(signIns.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await login(t.app, last.email, last.password, ip)).status).toBe(200);
  });

  it("lets 5 parallel right logins of one account from one IP all in, each with its own session", async () => {
    // Each login counts its attempt on both keys and gives it back with its session: logins that
    // share both keys must wait for each other's rows, never deadlock.
    const user = await createUser(db());
    const ip = uniqueIp();

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => login(t.app, user.email, user.password, ip)),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    const sessions = await db()
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, user.id));
    expect(sessions).toHaveLength(5);
    expect((await login(t.app, user.email, user.password, ip)).status).toBe(200);
  });

  it("evaluates at most 5 of 30 parallel guesses for one account", async () => {
    const user = await createUser(db());

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => login(t.app, user.email, `Guess-number-${index}!`)),
    );
    const afterwards = await login(t.app, user.email, user.password);

    for (const answer of [...answers, afterwards]) {
      expect(answer).toMatchObject({ status: 401, body: invalidCredentials });
    }
    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectUserId, user.id));
    const checked = audit.filter((row) => row.action === "auth.login_failed");
    const throttled = audit.filter((row) => row.action === "auth.login_throttled");
    expect(checked).toHaveLength(5);
    expect(throttled).toHaveLength(26);
  });
});

describe("login answers the same for known and unknown emails", () => {
  it("gives the same status and body, in similar time", async () => {
    const user = await createUser(db());
    const ip = uniqueIp();
    // Warm up: the first unknown-email login prepares the equalising hash.
    await login(t.app, uniqueEmail("warm-up"), "Warm-up-password-1!", ip);

    const known = [];
    const unknown = [];
    for (let round = 0; round < 5; round++) {
      known.push(await login(t.app, user.email, `Wrong-password-${round}!`, ip));
      unknown.push(await login(t.app, uniqueEmail("nobody"), `Wrong-password-${round}!`, ip));
    }

    for (const answer of [...known, ...unknown]) {
      expect(answer).toMatchObject({ status: 401, body: invalidCredentials });
    }
    // Tolerant on purpose: a skipped hash would make unknown emails ~50x faster, not 2x.
    const knownMs = median(known.map((answer) => answer.ms));
    const unknownMs = median(unknown.map((answer) => answer.ms));
    expect(unknownMs).toBeGreaterThanOrEqual(0.5 * knownMs);
  });
});

describe("access tokens are checked for algorithm, signature, expiry, audience and issuer", () => {
  // The real API with a signing key this test knows, so it can forge every kind of bad token.
  let keyed: ReturnType<typeof createApp>;
  let privateKey: CryptoKey | Uint8Array;
  let kid: string;
  let publicJwk: { x?: string };
  let claims: JWTPayload;

  const sign = (
    payload: JWTPayload,
    key = privateKey,
    header: { alg: string; kid?: string } = { alg: "EdDSA", kid },
  ) => new SignJWT(payload).setProtectedHeader({ ...header, typ: "JWT" }).sign(key);
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    const keys = generateKeyMaterial();
    privateKey = await importJWK(keys.privateJwk, "EdDSA");
    kid = keys.privateJwk.kid ?? "";
    publicJwk = keys.publicJwk;
    keyed = createApp({ ...t.deps, tokens: await createTokenService({ keys, accessTokenTtlSeconds: 900 }) });
    const user = await createUser(db());
    const { accessToken } = await loginOk(keyed, user.email, user.password);
    claims = decodeJwt(accessToken);
  });

  const expectUnauthorized = async (token: string | undefined) => {
    const answer = await me(keyed, token);
    expect(answer.status).toBe(401);
    expect(answer.body.error?.code).toBe("UNAUTHORIZED");
  };

  it("accepts a well-formed token (control)", async () => {
    const answer = await me(keyed, await sign({ ...claims, exp: nowSeconds() + 60 }));
    expect(answer.status).toBe(200);
    expect(answer.body.user?.id).toBe(claims.sub);
  });

  it("refuses a request without a token, or with a malformed one", async () => {
    await expectUnauthorized(undefined);
    await expectUnauthorized("not-a-jwt");
    const basic = await call(keyed, "GET", "/api/auth/me", {
      headers: { authorization: "Basic dXNlcjpwdw==" },
    });
    expect(basic.status).toBe(401);
  });

  it("refuses an alg:none token", async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const payload = { ...claims, exp: nowSeconds() + 60 };
    await expectUnauthorized(`${encode({ alg: "none", typ: "JWT" })}.${encode(payload)}.`);
    await expectUnauthorized(`${encode({ alg: "none", typ: "JWT", kid })}.${encode(payload)}.`);
  });

  it("refuses a token signed by another Ed25519 key, even under our key id", async () => {
    const foreign = await generateKeyPair("Ed25519");
    await expectUnauthorized(await sign({ ...claims, exp: nowSeconds() + 60 }, foreign.privateKey));
  });

  it("refuses an HS256 token keyed with our public key material", async () => {
    const payload = { ...claims, exp: nowSeconds() + 60 };
    const spkiPem = crypto
      .createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: publicJwk.x ?? "" }, format: "jwk" })
      .export({ type: "spki", format: "pem" })
      .toString();
    for (const secret of [spkiPem, publicJwk.x ?? "", JSON.stringify(publicJwk)]) {
      await expectUnauthorized(await sign(payload, new TextEncoder().encode(secret), { alg: "HS256", kid }));
    }
    await expectUnauthorized(
      await sign(payload, Buffer.from(publicJwk.x ?? "", "base64url"), { alg: "HS256", kid }),
    );
  });

  it("refuses an expired token", async () => {
    await expectUnauthorized(await sign({ ...claims, iat: nowSeconds() - 20, exp: nowSeconds() - 10 }));
  });

  it("refuses a token for another audience or from another issuer", async () => {
    const exp = nowSeconds() + 60;
    await expectUnauthorized(await sign({ ...claims, exp, aud: "another-service" }));
    await expectUnauthorized(await sign({ ...claims, exp, iss: "https://issuer.example" }));
    await expectUnauthorized(await sign({ ...claims, exp, aud: undefined }));
    expect(claims).toMatchObject({ aud: TOKEN_AUDIENCE, iss: TOKEN_ISSUER });
  });

  it("refuses a token whose payload was changed after signing", async () => {
    const other = await createUser(db());
    const genuine = await sign({ ...claims, exp: nowSeconds() + 60 });
    const [header, , signature] = genuine.split(".");
    const payload = Buffer.from(
      JSON.stringify({ ...claims, sub: other.id, exp: nowSeconds() + 60 }),
    ).toString("base64url");
    await expectUnauthorized(`${header}.${payload}.${signature}`);
  });
});

describe("role and status are read from the database on every privileged call", () => {
  const sendReset = (userId: string, token?: string) =>
    call(t.app, "POST", `/api/admin/send-password-reset/${userId}`, token ? { token } : {});

  it("lets an admin send a reset link, and refuses the same still-valid token once the admin is demoted", async () => {
    const email = uniqueEmail("admin");
    const password = strongPassword();
    const admin = await createAdmin(db(), { email, password, role: "admin" });
    await enrolAuthenticator(db(), { id: admin.id, email });
    const [first, second] = [await createUser(db()), await createUser(db())];
    const { accessToken } = await loginOk(t.app, email, password);

    const sent = await sendReset(first.id, accessToken);
    expect(sent).toMatchObject({ status: 200, body: { success: true } });
    const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(first.email));
    expect(resetTokenFrom(mail).link).toMatch(/^http:\/\/localhost:3000\/password-reset-set\?token=/);

    await db().update(users).set({ role: "user" }).where(eq(users.id, admin.id));
    const demoted = await sendReset(second.id, accessToken);

    expect(demoted.status).toBe(403);
    expect(demoted.body.error?.code).toBe("FORBIDDEN");
    expect(decodeJwt(accessToken).role).toBe("admin");
  });

  it("answers 401 without a token, 403 for a user, 404 for an unknown user and 429 for a second send", async () => {
    const email = uniqueEmail("admin");
    const password = strongPassword();
    const admin = await createAdmin(db(), { email, password, role: "super_admin" });
    await enrolAuthenticator(db(), { id: admin.id, email });
    const member = await createUser(db());
    const target = await createUser(db());
    const adminToken = (await loginOk(t.app, email, password)).accessToken;
    const memberToken = (await loginOk(t.app, member.email, member.password)).accessToken;

    expect((await sendReset(target.id)).status).toBe(401);
    expect(await sendReset(target.id, memberToken)).toMatchObject({
      status: 403,
      body: {
        error: {
          code: "FORBIDDEN",
          reason: "adminAreaDenied",
          message: "Access denied. You are not permitted to access admin areas.",
        },
      },
    });
    expect(await sendReset(crypto.randomUUID(), adminToken)).toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND", reason: "targetUserNotFound", message: "User not found." } },
    });
    expect((await sendReset(target.id, adminToken)).status).toBe(200);
    expect(await sendReset(target.id, adminToken)).toMatchObject({
      status: 429,
      body: {
        error: {
          code: "RATE_LIMITED",
          reason: "passwordResetTooSoon",
          message: "You have recently requested a password reset. Please wait before trying again.",
        },
      },
    });
  });
});

describe("authentication events are audited, and no secret is logged", () => {
  it("records failed and successful logins with user and IP", async () => {
    const user = await createUser(db());
    const ip = uniqueIp();

    await login(t.app, user.email, "Wrong-password-1!", ip);
    await loginOk(t.app, user.email, user.password, ip);

    const rows = await db()
      .select({ action: auditLog.action, ip: auditLog.ip, details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectUserId, user.id),
          inArray(auditLog.action, ["auth.login_failed", "auth.login"]),
        ),
      )
      .orderBy(auditLog.id);
    expect(rows).toEqual([
      { action: "auth.login_failed", ip, details: {} },
      { action: "auth.login", ip, details: { method: "password" } },
    ]);
  });

  // Every log line the API writes, with all its fields, not only the message the ring keeps.
  async function appWithCapturedLogs() {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ level: "debug", ring: t.deps.logs, destination });
    const mail = await t.sendMailWithLogger(logger);
    return { app: createApp({ ...t.deps, logger, mail }), lines };
  }

  async function signInBothWays(app: ReturnType<typeof createApp>) {
    const user = await createUser(db());
    const ip = uniqueIp();
    const wrongPassword = "Wrong-but-secret-1!";
    await login(app, user.email, wrongPassword, ip);
    const session = await loginOk(app, user.email, user.password, ip);
    const rotated = (await refresh(app, session.refreshToken, ip)).body;
    await post(app, "/api/auth/logout", { refreshToken: rotated.refreshToken }, { ip });

    await post(app, "/api/auth/request-password-reset", { email: user.email }, { ip });
    const { token: resetToken } = resetTokenFrom(
      await waitForMail(t.mailDir, (mail) => mail.to.includes(user.email)),
    );
    const newPassword = strongPassword();
    await call(app, "GET", `/api/auth/verify-password-reset?token=${resetToken}`, { ip });
    await post(app, "/api/auth/reset-password", { token: resetToken, newPassword }, { ip });

    await post(app, "/api/auth/login-code/request", { email: user.email }, { ip });
    const code = codeFrom(
      await waitForMail(t.mailDir, (mail) => mail.to.includes(user.email) && /code/i.test(mail.subject)),
    );
    const byCode = await post(app, "/api/auth/login-code/verify", { email: user.email, code }, { ip });
    expect(byCode.status).toBe(200);

    const secrets = [
      user.password,
      wrongPassword,
      newPassword,
      resetToken,
      session.refreshToken,
      session.accessToken,
      rotated.refreshToken ?? "missing",
      rotated.accessToken ?? "missing",
      byCode.body.refreshToken ?? "missing",
    ];
    return { secrets, code };
  }

  it("keeps passwords, tokens and codes out of log lines, the log view and audit details", async () => {
    const { app, lines } = await appWithCapturedLogs();
    const { secrets, code } = await signInBothWays(app);

    const auditDetails = (await db().select({ details: auditLog.details }).from(auditLog)).map((row) =>
      JSON.stringify(row.details),
    );
    const logView = t.deps.logs.recent(500).map((entry) => entry.message);
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      expect(logView.filter((line) => line.includes(secret))).toEqual([]);
      expect(auditDetails.filter((details) => details.includes(secret))).toEqual([]);
    }
    expect(logView.filter((line) => line.includes(code))).toEqual([]);
    expect(auditDetails.filter((details) => details.includes(code))).toEqual([]);
  });

  // Known leak outside the auth code: both mailers log the mail's subject, and the login code
  // mail's subject carries the code ("Your login code: 123456"). Flip to `it` once fixed.
  it("keeps login codes out of every log line", async () => {
    const { app, lines } = await appWithCapturedLogs();
    const { code } = await signInBothWays(app);

    expect(lines.filter((line) => line.includes(code))).toEqual([]);
  });
});
