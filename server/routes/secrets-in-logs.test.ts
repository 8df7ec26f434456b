import crypto from "node:crypto";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../app";
import { createLogger, LogRingBuffer } from "../infra/logging/logger";
import { serializeError } from "../infra/logging/safe-error";
import { call, codeFrom, loginOk, post, resetTokenFrom, strongPassword, uniqueIp } from "../testing/auth-api";
import { waitForMail } from "../testing/eml";
import { createLink, createMember, createReferrer, personalForm, registerOk } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

// Everything the API writes to its log, on every level, is captured and searched for the
// secrets the requests carried: none may be there (tokens in paths and queries, passwords,
// the IBAN, the ID number, one-time codes, download signatures, password hashes).

let t: TestApp;
let app: App;
let ring: LogRingBuffer;
const lines: string[] = [];
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  ring = new LogRingBuffer(5_000);
  const logger = createLogger({ level: "trace", ring, destination });
  const mail = await t.sendMailWithLogger(logger);
  app = createApp({ ...t.deps, logger, mail, logs: ring });
});

afterAll(() => t.close());

const BOUNDARY = "----secrets-in-logs-boundary";

async function uploadId(token: string, idNumber: string) {
  const image = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#2a5aa0" } })
    .jpeg()
    .toBuffer();
  const fields = { idType: "passport", idNumber, expiryDate: "2099-01-01", hasBackside: "false" };
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="front"; filename="front.jpg"\r\n` +
        "Content-Type: image/jpeg\r\n\r\n",
    ),
    image,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await app.request("/api/upload/personal-id", {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "content-length": String(body.length),
      authorization: `Bearer ${token}`,
    },
    body,
  });
  expect(response.status).toBe(201);
}

const profile = (iban: string) => ({
  dateOfBirth: "1990-04-12",
  nationality: "German",
  address: "Hauptstraße 1",
  zipCode: "10115",
  city: "Berlin",
  country: "DE",
  phoneSecondary: "",
  emergencyContactName: "",
  emergencyContactPhone: "",
  accountHolderName: "Erika Mustermann",
  iban,
});

/** Makes every write to `table` fail inside the database, as a failing disk or a dropped connection would. */
async function failWrites(table: string, sqlState: string) {
  await db().execute(
    sql.raw(`create or replace function fail_${table}() returns trigger language plpgsql as $$
      begin raise exception 'write refused' using errcode = '${sqlState}'; end $$`),
  );
  await db().execute(
    sql.raw(`create trigger fail_${table} before insert or update on ${table}
      for each row execute function fail_${table}()`),
  );
  return () => db().execute(sql.raw(`drop trigger fail_${table} on ${table}`));
}

/** The secret must not occur in the text, also not inside a longer run of digits or letters. */
function expectAbsent(text: string, label: string, secret: string) {
  expect(secret.length, label).toBeGreaterThanOrEqual(6);
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`).test(text) || text.includes(secret);
  expect(found ? `${label} found in the log` : "absent", label).toBe("absent");
}

describe("secrets in logs", () => {
  it("keeps every token, password, IBAN, ID number and code of a member's journey out of the log", async () => {
    const secrets: Record<string, string> = {};

    // A referral link, looked up by its token in the path, and a registration through it.
    const referrer = await createReferrer(app, db());
    secrets["referrer password"] = referrer.password;
    secrets["referrer access token"] = referrer.token;
    const link = await createLink(app, referrer.token);
    secrets["referral link token"] = link.token;
    expect((await call(app, "GET", `/api/referral/info/${link.token}`)).status).toBe(200);
    expect((await call(app, "GET", `/api/referral/info/${link.token}x?ref=${link.token}`)).status).toBe(404);
    const form = personalForm(link.token);
    secrets["registration password"] = form.password;
    await registerOk(app, "personal", form);

    // A member's profile with an IBAN, an ID upload and the download of the ID image.
    const member = await createMember(db());
    secrets["member password"] = member.password;
    const session = await loginOk(app, member.email, member.password);
    secrets["member access token"] = session.accessToken;
    secrets["member refresh token"] = session.refreshToken;
    const iban = "DE89370400440532013000";
    secrets.IBAN = iban;
    secrets["IBAN as typed"] = "DE89 3704 0044 0532 0130 00";
    const saved = await post(app, "/api/profile/personal/complete", profile("DE89 3704 0044 0532 0130 00"), {
      token: session.accessToken,
    });
    expect(saved.status).toBe(200);
    const idNumber = `L${crypto.randomBytes(4).toString("hex").toUpperCase()}7`;
    secrets["ID number"] = idNumber;
    await uploadId(session.accessToken, idNumber);
    const mine = await call(app, "GET", "/api/documents/mine", { token: session.accessToken });
    const signedUrl = (mine.body as unknown as { documents: { signedUrl: string }[] }).documents[0]
      ?.signedUrl;
    expect(signedUrl).toBeDefined();
    const download = new URL(signedUrl ?? "", "http://localhost");
    for (const [name, value] of download.searchParams) {
      if (value.length >= 16) secrets[`download URL ${name}`] = value;
    }
    expect(Object.keys(secrets).some((name) => name.startsWith("download URL"))).toBe(true);
    expect((await app.request(`${download.pathname}${download.search}`)).status).toBe(200);
    expect((await refreshWith(session.refreshToken)).status, "refresh with the token in the body").toBe(200);

    // A password reset: the token travels in the query (verify) and the body (reset).
    const resetUser = await createMember(db());
    expect(
      (await post(app, "/api/auth/request-password-reset", { email: resetUser.email }, { ip: uniqueIp() }))
        .status,
    ).toBe(200);
    const { token: resetToken } = resetTokenFrom(
      await waitForMail(t.mailDir, (mail) => mail.to.includes(resetUser.email)),
    );
    secrets["reset token"] = resetToken;
    expect((await call(app, "GET", `/api/auth/verify-password-reset?token=${resetToken}`)).status).toBe(200);
    const newPassword = strongPassword();
    secrets["new password"] = newPassword;
    expect(
      (await post(app, "/api/auth/reset-password", { token: resetToken, newPassword }, { ip: uniqueIp() }))
        .status,
    ).toBe(200);

    // A code login.
    const codeUser = await createMember(db());
    const ip = uniqueIp();
    expect((await post(app, "/api/auth/login-code/request", { email: codeUser.email }, { ip })).status).toBe(
      200,
    );
    const code = codeFrom(await waitForMail(t.mailDir, (mail) => mail.to.includes(codeUser.email)));
    const codeLogin = await post(app, "/api/auth/login-code/verify", { email: codeUser.email, code }, { ip });
    expect(codeLogin.status).toBe(200);
    secrets["code login access token"] = codeLogin.body.accessToken ?? "";

    // The database failing in the middle of requests that carry a password and an IBAN: the
    // failed statements and their bound values must not reach the log either.
    const failingUsers = await failWrites("users", "P0001");
    const failedForm = personalForm(link.token);
    secrets["password of a failed registration"] = failedForm.password;
    try {
      expect((await post(app, "/api/register/personal-referral", failedForm)).status).toBe(500);
    } finally {
      await failingUsers();
    }
    const droppedProfiles = await failWrites("personal_profiles", "08006");
    const otherIban = "DE02120300000000202051";
    secrets["IBAN of a failed save"] = otherIban;
    try {
      const failedSave = await post(app, "/api/profile/personal/complete", profile(otherIban), {
        token: session.accessToken,
      });
      expect(failedSave.status).toBe(503);
      expect(failedSave.body.error?.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      await droppedProfiles();
    }

    await new Promise((resolve) => setImmediate(resolve));
    const everything = [...lines, ...ring.recent(5_000).map((entry) => entry.message)].join("\n");
    expect(everything).toContain('"msg":"unhandled error"');
    expect(everything).toContain('"msg":"database unavailable"');
    for (const [label, secret] of Object.entries(secrets)) expectAbsent(everything, label, secret);
    expect(new RegExp(`(?<!\\d)${code}(?!\\d)`).test(everything), "login code found in the log").toBe(false);
    expect(everything, "a password hash in the log").not.toContain("$argon2");

    // Still useful: method, route pattern, status and duration of each request.
    const records = lines
      .flatMap((chunk) => chunk.split("\n").filter(Boolean))
      .map((line) => JSON.parse(line));
    const requests = records.filter((record) => record.msg === "request");
    // The format both tiers share (the web tier's: web/server/request-log.test.ts).
    for (const record of requests) {
      expect(record).toMatchObject({ tier: "api", level: expect.stringMatching(/^(info|warn|error)$/) });
      expect(record.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(record.time).toISOString()).toBe(record.time);
    }
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: "GET",
        route: "/api/referral/info/:token",
        status: 200,
        ms: expect.any(Number),
      }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({ method: "GET", route: "/api/files/:key", status: 200 }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({ method: "GET", route: "/api/auth/verify-password-reset", status: 200 }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({ method: "POST", route: "/api/profile/personal/complete", status: 503 }),
    );
    const unavailable = records.find((record) => record.msg === "database unavailable");
    expect(unavailable?.err).toMatchObject({ type: expect.any(String), message: "Failed query" });
    expect(JSON.stringify(unavailable?.err)).toContain("08006");
  });

  it("shows admins useful lines in the server status log: method, route, status, duration", async () => {
    const admin = await createMember(db(), { role: "super_admin" });
    const { accessToken } = await loginOk(app, admin.email, admin.password);
    const token = crypto.randomBytes(32).toString("base64url");
    await call(app, "GET", `/api/referral/info/${token}`);
    const answer = await call(app, "GET", "/api/admin/server-status", { token: accessToken });
    expect(answer.status).toBe(200);
    const logs = (answer.body as unknown as { logs: { level: string; message: string }[] }).logs;
    expect(logs).toContainEqual({
      time: expect.any(String),
      level: "info",
      tier: "api",
      message: "request",
      method: "GET",
      route: "/api/referral/info/:token",
      status: 404,
      ms: expect.any(Number),
    });
    expect(JSON.stringify(logs)).not.toContain(token);
  });
});

describe("errors in log lines", () => {
  it("keep type, code and where, never the statement's values", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "DE89370400440532013000"'), {
      name: "DatabaseError",
      code: "22P02",
      detail: "Key (iban)=(DE89370400440532013000) already exists.",
      table: "personal_profiles",
      query: "insert into personal_profiles values ($1)",
      params: ["DE89370400440532013000", "$argon2id$v=19$m=19456"],
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" ("password_hash") values ($1)\nparams: $argon2id$v=19$m=19456',
      ),
      { query: "insert into users", params: ["$argon2id$v=19$m=19456"], cause },
    );
    const safe = serializeError(error);
    const text = JSON.stringify(safe);
    expect(text).not.toContain("DE89");
    expect(text).not.toContain("argon2");
    expect(text).not.toContain("params");
    expect(safe).toMatchObject({
      message: "Failed query",
      cause: {
        type: "DatabaseError",
        errorCode: "22P02",
        table: "personal_profiles",
        message: 'invalid input syntax for type uuid: "…"',
      },
    });
    expect(safe.stack).toMatch(/^\s+at /);
  });

  it("blank a URL's credentials and query in a message", () => {
    const safe = serializeError(
      new Error("GET https://user:pw@s3.example.com/bucket/key?X-Amz-Signature=abc123 failed"),
    );
    expect(safe.message).toBe("GET https://…@s3.example.com/bucket/key?… failed");
  });
});

function refreshWith(refreshToken: string) {
  return post(app, "/api/auth/refresh", { refreshToken }, { ip: uniqueIp() });
}
