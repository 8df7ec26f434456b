import { randomBytes, randomUUID } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import { and, count, eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  authSessions,
  changeReviews,
  companyProfiles,
  contractSignatures,
  documents,
  mailOutbox,
  oneTimeCodes,
  personalProfiles,
  referralLinks,
  referralUses,
  users,
  userTotp,
} from "../db/schema";
import {
  authenticatorSecretOf,
  call,
  codeFrom,
  createUser,
  login,
  loginOk,
  me,
  post,
  refresh,
  totpCode,
  uniqueEmail,
} from "../testing/auth-api";
import { type OutboxMail, readOutbox, waitForMail } from "../testing/eml";
import { createMember, insertLink } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Input = Parameters<typeof createUser>[1];

/** A member signed in twice (two browsers), with their tokens. */
async function member(input: Input = {}) {
  const user = await createUser(db(), { firstName: "Erika", lastName: "Muster", ...input });
  const first = await loginOk(t.app, user.email, user.password);
  const second = await loginOk(t.app, user.email, user.password);
  return { ...user, token: first.accessToken, refreshToken: first.refreshToken, other: second };
}

/** A fresh code of the member's authenticator (each 30-second step works once). */
async function secondFactor(user: { id: string; email: string }) {
  await db().update(userTotp).set({ lastUsedStep: null }).where(eq(userTotp.userId, user.id));
  const secret = authenticatorSecretOf(user.email);
  if (!secret) throw new Error("no authenticator");
  return totpCode(secret);
}

const mailsTo = async (address: string) =>
  (await readOutbox(t.mailDir)).filter((mail) => mail.to.toLowerCase() === address.toLowerCase());

/** Waits until the outbox has delivered every queued mail, so a mail that is not there never comes. */
async function outboxDrained() {
  for (let tries = 0; tries < 100; tries++) {
    const [row] = await db().select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "pending"));
    if (!row?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the outbox did not drain");
}

describe("POST /api/account/email and /api/account/email/confirm", () => {
  it("mails a code to the new address; the code makes it the login email, ends the other sessions and mails the old address", async () => {
    const user = await member();
    await db().update(users).set({ language: "de" }).where(eq(users.id, user.id));
    const newEmail = uniqueEmail("new");

    const asked = await post(
      t.app,
      "/api/account/email",
      { newEmail, currentPassword: user.password },
      { token: user.token },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const status = await call(t.app, "GET", "/api/account/email", { token: user.token });
    expect(status.body).toMatchObject({ email: user.email, pendingEmail: newEmail });
    const codeMail = await waitForMail(t.mailDir, (mail) => mail.to === newEmail);
    expect(codeMail.subject).toBe("Bestätigen Sie Ihre neue Anmelde-E-Mail-Adresse");

    const confirmed = await post(
      t.app,
      "/api/account/email/confirm",
      { code: codeFrom(codeMail) },
      { token: user.token },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ email: newEmail, otherSessionsEnded: 1 });

    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: newEmail, pendingEmail: null });
    // This browser stays signed in; the other one is out.
    expect((await me(t.app, user.token)).status).toBe(200);
    expect((await refresh(t.app, user.other.refreshToken)).status).toBe(401);
    // The old address hears of it, in the member's language; sign-in now takes the new one.
    const notice = await waitForMail(
      t.mailDir,
      (mail) => mail.to === user.email && mail.subject === "Ihre Anmelde-E-Mail-Adresse wurde geändert",
    );
    expect(notice.text).toContain("Wenn Sie das nicht waren");
    expect((await login(t.app, user.email, user.password)).status).toBe(401);
    expect((await login(t.app, newEmail, user.password)).status).toBe(200);
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectUserId, user.id));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["account.email_change_requested", "account.email_changed"]),
    );
  });

  it("answers an address that has an account exactly alike, and mails that address that it is taken instead of a code", async () => {
    const user = await member();
    const owner = await createUser(db());
    const free = uniqueEmail("free");

    const taken = await post(
      t.app,
      "/api/account/email",
      { newEmail: owner.email.toUpperCase(), currentPassword: user.password },
      { token: user.token },
    );
    const other = await member();
    const fresh = await post(
      t.app,
      "/api/account/email",
      { newEmail: free, currentPassword: other.password },
      { token: other.token },
    );
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body.success).toBe(fresh.body.success);

    const mail = await waitForMail(t.mailDir, (sent) => sent.to.toLowerCase() === owner.email);
    expect(mail.subject).toBe("Your email address was entered on our platform");
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    // Nobody knows a code for it: whatever is tried, the address never becomes this login.
    const guessed = await post(
      t.app,
      "/api/account/email/confirm",
      { code: "123456" },
      { token: user.token },
    );
    expect(guessed.status).toBe(400);
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
  });

  it("asks the password again, limits wrong ones per account, and asks the second factor when it is on", async () => {
    const user = await member();
    const send = (body: object) =>
      post(t.app, "/api/account/email", { newEmail: uniqueEmail(), ...body }, { token: user.token });
    const wrong = await send({ currentPassword: "Wrong-password-1!" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error?.details).toEqual({
      issues: [{ path: "currentPassword", message: "currentPasswordWrong" }],
    });
    expect(wrong.body.error).toMatchObject({
      reason: "currentPasswordWrong",
      message: "The current password is not correct.",
    });
    for (let attempt = 0; attempt < 4; attempt++) await send({ currentPassword: "Wrong-password-1!" });
    const throttled = await send({ currentPassword: user.password });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBeTruthy();

    const guarded = await member({ totp: true });
    const withoutCode = await post(
      t.app,
      "/api/account/email",
      { newEmail: uniqueEmail(), currentPassword: guarded.password },
      { token: guarded.token },
    );
    expect(withoutCode.status).toBe(422);
    expect(withoutCode.body.error?.details).toEqual({
      issues: [{ path: "code", message: "secondFactorCodeRequired" }],
    });
    expect(withoutCode.body.error).toMatchObject({
      reason: "secondFactorCodeRequired",
      message: "Please enter a code.",
    });
    const wrongCode = await post(
      t.app,
      "/api/account/email",
      { newEmail: uniqueEmail(), currentPassword: guarded.password, code: "000000" },
      { token: guarded.token },
    );
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body.error).toMatchObject({
      reason: "secondFactorCodeWrong",
      message: "The code is not correct.",
    });
    const withCode = await post(
      t.app,
      "/api/account/email",
      { newEmail: uniqueEmail(), currentPassword: guarded.password, code: await secondFactor(guarded) },
      { token: guarded.token },
    );
    expect(withCode.status, JSON.stringify(withCode.body)).toBe(200);
  });

  it("refuses the login email itself, in any case, as the new one", async () => {
    const user = await member();
    const same = await post(
      t.app,
      "/api/account/email",
      { newEmail: user.email.toUpperCase(), currentPassword: user.password },
      { token: user.token },
    );
    expect(same.status).toBe(422);
    expect(same.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      reason: "emailAlreadyYours",
      message: "This is already your login email.",
      details: { issues: [{ path: "newEmail", message: "emailUnchanged" }] },
    });
  });

  it("refuses the change when the address was registered after its code went out", async () => {
    const user = await member();
    const wanted = uniqueEmail("wanted");
    await post(
      t.app,
      "/api/account/email",
      { newEmail: wanted, currentPassword: user.password },
      { token: user.token },
    );
    const code = codeFrom(await waitForMail(t.mailDir, (mail) => mail.to === wanted));
    await createUser(db(), { email: wanted });

    const confirmed = await post(t.app, "/api/account/email/confirm", { code }, { token: user.token });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.error).toMatchObject({
      code: "CONFLICT",
      reason: "newEmailUnavailable",
      message: "This email address can no longer be used. Please choose another.",
    });
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
  });

  it("takes only the latest code: an earlier address's code, a sixth try and an expired code all fail", async () => {
    const user = await member();
    const ask = (newEmail: string) =>
      post(t.app, "/api/account/email", { newEmail, currentPassword: user.password }, { token: user.token });
    const confirm = (code: string) =>
      post(t.app, "/api/account/email/confirm", { code }, { token: user.token });
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await ask(first);
    const firstCode = codeFrom(await waitForMail(t.mailDir, (mail) => mail.to === first));
    await ask(second);
    const secondMail = await waitForMail(t.mailDir, (mail) => mail.to === second);
    expect((await confirm(firstCode)).status).toBe(400);

    const secondCode = codeFrom(secondMail);
    const wrong = secondCode === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 4; attempt++) expect((await confirm(wrong)).status).toBe(400);
    const sixth = await confirm(secondCode);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error?.code).toBe("CODE_ATTEMPTS_EXCEEDED");

    const third = uniqueEmail("third");
    await ask(third);
    const thirdCode = codeFrom(await waitForMail(t.mailDir, (mail) => mail.to === third));
    await db()
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, "change_email")));
    const expired = await confirm(thirdCode);
    expect(expired.status).toBe(400);
    expect(expired.body.error?.code).toBe("CODE_EXPIRED");
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
  });

  it("limits the requests per account (5 an hour)", async () => {
    const user = await member();
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await post(
        t.app,
        "/api/account/email",
        { newEmail: uniqueEmail(), currentPassword: user.password },
        { token: user.token },
      );
      expect(answer.status).toBe(200);
    }
    const sixth = await post(
      t.app,
      "/api/account/email",
      { newEmail: uniqueEmail(), currentPassword: user.password },
      { token: user.token },
    );
    expect(sixth.status).toBe(429);
  });
});

/** Stores a file and its document row; returns the bytes and the row's id. */
async function storeDocument(userId: string, kind: "id" | "contract") {
  const bytes = randomBytes(300);
  const storageKey = randomUUID();
  const contentType = kind === "id" ? "image/png" : "application/pdf";
  await t.deps.storage.put(storageKey, bytes, { contentType });
  const [row] = await db()
    .insert(documents)
    .values({
      userId,
      kind,
      side: kind === "id" ? "front" : null,
      documentType: kind === "id" ? "personal_id" : "contract",
      idType: kind === "id" ? "passport" : null,
      idNumber: kind === "id" ? "C01X00T47" : null,
      originalFilename: kind === "id" ? "erika-front.png" : "Erika Muster contract.pdf",
      storageKey,
      contentType,
      sizeBytes: bytes.length,
      sha256: "a".repeat(64),
    })
    .returning({ id: documents.id });
  if (!row) throw new Error("no document row");
  if (kind === "contract") {
    await db()
      .insert(contractSignatures)
      .values({
        userId,
        templateName: "Partner agreement",
        templateVersion: 2,
        documentId: row.id,
        method: "drawn",
        ip: "203.0.113.7",
        sha256: "b".repeat(64),
      });
  }
  return { id: row.id, storageKey, bytes };
}

/** The files of a ZIP by name, read from its central directory (stored or deflated entries). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a ZIP");
  const entries = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < entries; index++) {
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString("utf8", offset + 46, offset + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const exportToken = async (token: string, body: object) =>
  post(t.app, "/api/account/export", body, { token });

async function download(accessToken: string, exportTokenValue: string) {
  return t.app.request(`/api/account/export?token=${encodeURIComponent(exportTokenValue)}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

describe("POST /api/account/export and GET /api/account/export", () => {
  it("streams a ZIP with account.json, the ID image and the signed contract as stored, and nothing secret", async () => {
    const user = await member({ totp: true });
    await db()
      .insert(personalProfiles)
      .values({ userId: user.id, city: "Köln", iban: "DE89370400440532013000", phone: "+4922112345" });
    const idImage = await storeDocument(user.id, "id");
    const contract = await storeDocument(user.id, "contract");
    await insertLink(db(), user.id, { uses: 0 });

    const prepared = await exportToken(user.token, {
      currentPassword: user.password,
      code: await secondFactor(user),
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const answer = await download(user.token, (prepared.body as { token: string }).token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/zip");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="account-export-/);
    const zip = Buffer.from(await answer.arrayBuffer());
    const files = unzip(zip);

    const account = JSON.parse(files.get("account.json")?.toString("utf8") ?? "{}");
    expect(Object.keys(account)).toEqual(
      expect.arrayContaining([
        "account",
        "profile",
        "choices",
        "idDocuments",
        "contracts",
        "referralLinks",
        "sessions",
        "auditEntries",
        "mailsSent",
      ]),
    );
    expect(account.account).toMatchObject({ id: user.id, email: user.email, firstName: "Erika" });
    expect(account.profile).toMatchObject({ city: "Köln" });
    expect(account.choices.notifications).toEqual({ referralRegistrations: true, referralApprovals: true });
    expect(account.referralLinks[0].funnel).toEqual({ opened: 0, registered: 0, onboarded: 0, approved: 0 });
    expect(account.sessions.length).toBeGreaterThanOrEqual(2);
    expect(account.auditEntries.map((entry: { action: string }) => entry.action)).toContain(
      "account.export_prepared",
    );
    expect(account.contracts[0]).toMatchObject({ name: "Partner agreement", version: 2 });
    expect(files.get(account.idDocuments[0].file)?.equals(idImage.bytes)).toBe(true);
    expect(files.get(account.contracts[0].file)?.equals(contract.bytes)).toBe(true);
    expect(account.idDocuments[0].file).toContain(idImage.id);

    // What protects the account never leaves: hashes, the authenticator secret, codes.
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    const [totp] = await db().select().from(userTotp).where(eq(userTotp.userId, user.id));
    const json = files.get("account.json")?.toString("utf8") ?? "";
    expect(json).not.toContain(row?.passwordHash ?? "no hash");
    expect(json).not.toContain(totp?.secretEncrypted ?? "no secret");
    expect(json).not.toContain(authenticatorSecretOf(user.email) ?? "no secret");
    expect(json).not.toMatch(/passwordHash|secretEncrypted|codeHash|tokenHash/);
  });

  it("takes a token once, for its own account only", async () => {
    const user = await member();
    const stranger = await member();
    const prepared = await exportToken(user.token, { currentPassword: user.password });
    const token = (prepared.body as { token: string }).token;
    expect((await download(stranger.token, token)).status).toBe(410);
    expect((await download(user.token, token)).status).toBe(200);
    const spent = await download(user.token, token);
    expect(spent.status).toBe(410);
    expect((await spent.json()).error).toMatchObject({
      code: "GONE",
      reason: "accountExportGone",
      message: "This download has expired or was used. Please start the export again.",
    });
    expect((await download(user.token, "made-up")).status).toBe(410);
    expect((await exportToken(user.token, { currentPassword: "Wrong-password-1!" })).status).toBe(422);
  });

  it("allows three exports a day, mails the member each time and audits them", async () => {
    const user = await member();
    for (let round = 0; round < 3; round++) {
      const prepared = await exportToken(user.token, { currentPassword: user.password });
      expect(prepared.status).toBe(200);
      const answer = await download(user.token, (prepared.body as { token: string }).token);
      await answer.arrayBuffer();
    }
    const fourth = await exportToken(user.token, { currentPassword: user.password });
    expect(fourth.status).toBe(429);
    await outboxDrained();
    const notices = (await mailsTo(user.email)).filter(
      (mail: OutboxMail) => mail.subject === "A copy of your data was downloaded",
    );
    expect(notices).toHaveLength(3);
    const [exported] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, "account.exported")));
    expect(exported?.n).toBe(3);
  });
});

describe("POST /api/account/delete", () => {
  it("erases the account: a placeholder row, no personal data, ID files gone, contracts and audit kept, links off, invitees intact", async () => {
    const user = await member({ totp: true });
    const [original] = await db().select().from(users).where(eq(users.id, user.id));
    await db()
      .insert(personalProfiles)
      .values({ userId: user.id, city: "Köln", iban: "DE89370400440532013000", dateOfBirth: "1980-01-01" });
    await db()
      .insert(changeReviews)
      .values({
        userId: user.id,
        kind: "bank_details",
        previous: { iban: "DE02120300000000202051", accountHolderName: "Erika" },
        proposed: { iban: "DE89370400440532013000", accountHolderName: "Erika" },
      });
    const idImage = await storeDocument(user.id, "id");
    const contract = await storeDocument(user.id, "contract");
    const link = await insertLink(db(), user.id, { uses: 1 });
    const invited = await createMember(db());
    await db()
      .insert(referralUses)
      .values({ linkId: link.id, newUserId: invited.id, newUserType: "personal" });
    await db().update(users).set({ referredByUserId: user.id }).where(eq(users.id, invited.id));
    const admin = await createMember(db(), { role: "admin" });
    const adminTokens = await loginOk(t.app, admin.email, admin.password);

    const answer = await post(
      t.app,
      "/api/account/delete",
      { currentPassword: user.password, code: await secondFactor(user) },
      { token: user.token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: `deleted-${user.id}@deleted.invalid`,
      passwordHash: null,
      firstName: null,
      lastName: null,
      companyName: null,
      totpEnabledAt: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const left = async (table: typeof personalProfiles | typeof companyProfiles | typeof changeReviews) =>
      (await db().select({ n: count() }).from(table).where(eq(table.userId, user.id)))[0]?.n;
    expect(await left(personalProfiles)).toBe(0);
    expect(await left(companyProfiles)).toBe(0);
    expect(await left(changeReviews)).toBe(0);
    const kept = await db().select().from(documents).where(eq(documents.userId, user.id));
    expect(kept.map((document) => [document.kind, document.idNumber])).toEqual([["contract", null]]);
    expect(await t.deps.storage.get(idImage.storageKey)).toBeNull();
    expect(await t.deps.storage.get(contract.storageKey)).not.toBeNull();
    const [signature] = await db()
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.userId, user.id));
    expect(signature).toMatchObject({ templateName: "Partner agreement", sha256: "b".repeat(64) });
    // The audit rows stay, their addresses shortened to the network.
    const audit = await db()
      .select({ action: auditLog.action, ip: auditLog.ip })
      .from(auditLog)
      .where(or(eq(auditLog.subjectUserId, user.id), eq(auditLog.actorUserId, user.id)));
    expect(audit.map((entry) => entry.action)).toContain("account.deleted");
    for (const entry of audit) expect(entry.ip === null || /\.x$|::\/48$/.test(entry.ip)).toBe(true);
    // Sessions are dead at once, sign-in is impossible.
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, user.id))).toEqual([]);
    expect((await me(t.app, user.token)).status).toBe(401);
    expect((await refresh(t.app, user.other.refreshToken)).status).toBe(401);
    expect((await login(t.app, user.email, user.password)).status).toBe(401);
    // Links off; the invited member keeps the account and sees a deleted member as inviter.
    const [linkRow] = await db().select().from(referralLinks).where(eq(referralLinks.id, link.id));
    expect(linkRow?.status).toBe("deactivated");
    expect((await call(t.app, "GET", `/api/referral/info/${link.token}`)).status).toBe(410);
    const [invitedRow] = await db().select().from(users).where(eq(users.id, invited.id));
    expect(invitedRow).toMatchObject({ email: invited.email, referredByUserId: user.id, deletedAt: null });
    const tree = await call(t.app, "GET", `/api/admin/users/${invited.id}/referrals`, {
      token: adminTokens.accessToken,
    });
    expect(tree.status).toBe(200);
    expect((tree.body as unknown as { invitedBy: { member: unknown } }).invitedBy.member).toBeNull();
    // The confirmation went to the original address, queued before it was erased.
    const mail = await waitForMail(t.mailDir, (sent) => sent.to === original?.email);
    expect(mail.subject).toBe("Your account was deleted");
  });

  it("refuses admins and super admins with 403", async () => {
    for (const role of ["admin", "super_admin"] as const) {
      const admin = await createMember(db(), { role });
      const tokens = await loginOk(t.app, admin.email, admin.password);
      const answer = await post(
        t.app,
        "/api/account/delete",
        { currentPassword: admin.password, code: await secondFactor(admin) },
        { token: tokens.accessToken },
      );
      expect(answer.status).toBe(403);
      expect(answer.body.error).toMatchObject({
        reason: "adminAccountNotSelfDeletable",
        message: "Admin accounts cannot be deleted this way. Please ask a super admin to remove the account.",
      });
      const [row] = await db()
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, admin.id));
      expect(row?.deletedAt).toBeNull();
    }
  });

  it("needs the right password, and the second factor when it is on", async () => {
    const user = await member({ totp: true });
    const wrongPassword = await post(
      t.app,
      "/api/account/delete",
      { currentPassword: "Wrong-password-1!" },
      { token: user.token },
    );
    expect(wrongPassword.status).toBe(422);
    const noCode = await post(
      t.app,
      "/api/account/delete",
      { currentPassword: user.password },
      { token: user.token },
    );
    expect(noCode.status).toBe(422);
    expect(noCode.body.error?.details).toEqual({
      issues: [{ path: "code", message: "secondFactorCodeRequired" }],
    });
    const [row] = await db().select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, user.id));
    expect(row?.deletedAt).toBeNull();
  });
});
