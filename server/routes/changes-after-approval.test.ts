import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeReview } from "../../lib/schemas/admin";
import { auditLog, changeReviews, companyProfiles, documents, personalProfiles, users } from "../db/schema";
import { type ApiAnswer, call, loginOk, post } from "../testing/auth-api";
import { readOutbox } from "../testing/eml";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

// An approved (admin-verified) member who changes what the admin verified: the bank details
// take the current password and send a security notice; bank and ID changes go before an admin
// while the account stays usable; replaced ID documents are kept for the audit trail.

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const OLD_IBAN = "DE89370400440532013000";
const NEW_IBAN = "DE02120300000000202051";
const PERSONAL = "/api/profile/personal/complete";
const QUEUE = "/api/admin/change-reviews";

const personalProfile = (overrides: Record<string, unknown> = {}) => ({
  dateOfBirth: "1990-04-12",
  nationality: "German",
  address: "Hauptstraße 1",
  zipCode: "10115",
  city: "Berlin",
  country: "DE",
  accountHolderName: "Erika Mustermann",
  iban: OLD_IBAN,
  ...overrides,
});

const solid = (background: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 64, height: 40, channels: 3, background } });

const BOUNDARY = "----change-review-test-boundary";

/** A personal ID upload: fields and a front and back image of the given colour. */
async function uploadId(token: string, idNumber: string, colour: number): Promise<ApiAnswer> {
  const files = [
    {
      name: "front",
      filename: "front.jpg",
      type: "image/jpeg",
      data: await solid({ r: colour, g: 0, b: 0 }).jpeg().toBuffer(),
    },
    {
      name: "back",
      filename: "back.png",
      type: "image/png",
      data: await solid({ r: 0, g: colour, b: 0 }).png().toBuffer(),
    },
  ];
  const fields = {
    idType: "passport",
    idNumber,
    expiryDate: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10),
  };
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const body = Buffer.concat(parts);
  const response = await t.app.request("/api/upload/personal-id", {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "content-length": String(body.length),
      authorization: `Bearer ${token}`,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers, ms: 0 };
}

/** A member who uploaded an ID and saved a profile, then was approved by an admin. */
async function approvedMember() {
  const created = await createMember(db(), { status: "pending" });
  const { accessToken } = await loginOk(t.app, created.email, created.password);
  expect((await uploadId(accessToken, "OLD000001", 200)).status).toBe(201);
  expect((await post(t.app, PERSONAL, personalProfile(), { token: accessToken })).status).toBe(200);
  const now = new Date();
  await db()
    .update(users)
    .set({ status: "active", emailVerifiedAt: now, contractSignedAt: now, adminVerifiedAt: now })
    .where(eq(users.id, created.id));
  return { ...created, token: accessToken };
}

async function loggedInAdmin() {
  const admin = await createMember(db(), { role: "admin" });
  const { accessToken } = await loginOk(t.app, admin.email, admin.password);
  return { ...admin, token: accessToken };
}

const storedBank = async (userId: string) => {
  const [row] = await db()
    .select({ iban: personalProfiles.iban, accountHolderName: personalProfiles.accountHolderName })
    .from(personalProfiles)
    .where(eq(personalProfiles.userId, userId));
  return row;
};

const userRow = async (userId: string) => {
  const [row] = await db().select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
};

// Mails leave through the outbox; flushing it first makes "no mail" mean none was queued.
const mailsTo = async (email: string) => {
  await t.mailSender.flush();
  return (await readOutbox(t.mailDir)).filter((mail) => mail.to.includes(email));
};

const reviewsOf = async (adminToken: string, userId: string) => {
  const answer = await call(t.app, "GET", QUEUE, { token: adminToken });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { reviews: ChangeReview[] }).reviews.filter(
    (review) => review.user.id === userId,
  );
};

const idRows = (userId: string) =>
  db()
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.kind, "id")));

const objectExists = (key: string) => fs.existsSync(path.join(t.dataDir, "objects", key.slice(0, 2), key));

describe("bank details redirected after approval (a stolen session changing the IBAN)", () => {
  it("without the current password: refused, nothing changed, no review, no mail", async () => {
    const member = await approvedMember();
    const answer = await post(t.app, PERSONAL, personalProfile({ iban: NEW_IBAN }), { token: member.token });
    expect(answer.status).toBe(422);
    expect(answer.body.error?.details).toEqual({
      issues: [{ path: "currentPassword", message: "currentPasswordRequired" }],
    });
    expect(await storedBank(member.id)).toEqual({ iban: OLD_IBAN, accountHolderName: "Erika Mustermann" });
    expect(await db().select().from(changeReviews).where(eq(changeReviews.userId, member.id))).toEqual([]);
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it("a new account holder alone also needs the password", async () => {
    const member = await approvedMember();
    const answer = await post(t.app, PERSONAL, personalProfile({ accountHolderName: "Someone Else" }), {
      token: member.token,
    });
    expect(answer.status).toBe(422);
    expect(await storedBank(member.id)).toEqual({ iban: OLD_IBAN, accountHolderName: "Erika Mustermann" });
  });

  it("with a wrong password: refused with a clear error, nothing changed", async () => {
    const member = await approvedMember();
    const answer = await post(
      t.app,
      PERSONAL,
      personalProfile({ iban: NEW_IBAN, currentPassword: `${member.password}-wrong` }),
      { token: member.token },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "The current password is not correct.",
      details: { issues: [{ path: "currentPassword", message: "currentPasswordWrong" }] },
    });
    expect(await storedBank(member.id)).toEqual({ iban: OLD_IBAN, accountHolderName: "Erika Mustermann" });
    expect(await db().select().from(changeReviews).where(eq(changeReviews.userId, member.id))).toEqual([]);
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it("password guesses are limited like logins: the 6th answers 429 even with the right password", async () => {
    const member = await approvedMember();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = personalProfile({ iban: NEW_IBAN, currentPassword: `wrong-${attempt}` });
      expect((await post(t.app, PERSONAL, wrong, { token: member.token })).status).toBe(422);
    }
    const right = personalProfile({ iban: NEW_IBAN, currentPassword: member.password });
    const answer = await post(t.app, PERSONAL, right, { token: member.token });
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await storedBank(member.id)).toEqual({ iban: OLD_IBAN, accountHolderName: "Erika Mustermann" });
  });

  it("with the right password: saved, security notice mailed, still verified, review shows old and new", async () => {
    const member = await approvedMember();
    const admin = await loggedInAdmin();
    const answer = await post(
      t.app,
      PERSONAL,
      personalProfile({ iban: NEW_IBAN, accountHolderName: "Erika M.", currentPassword: member.password }),
      { token: member.token },
    );
    expect(answer.status).toBe(200);
    expect(await storedBank(member.id)).toEqual({ iban: NEW_IBAN, accountHolderName: "Erika M." });

    const notices = await mailsTo(member.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe("Your bank details were changed");
    expect(notices[0]?.text).toContain("The new IBAN ends in 2051.");
    expect(notices[0]?.text).not.toContain(NEW_IBAN);

    const account = await userRow(member.id);
    expect(account.status).toBe("active");
    expect(account.adminVerifiedAt).not.toBeNull();
    // Still usable: the member's own calls keep working.
    expect((await call(t.app, "GET", "/api/profile", { token: member.token })).status).toBe(200);

    const reviews = await reviewsOf(admin.token, member.id);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({
      kind: "bank_details",
      previous: { iban: "DE89 •••• •••• •••• 3000", account_holder_name: "Erika Mustermann" },
      proposed: { iban: "DE02 •••• •••• •••• 2051", account_holder_name: "Erika M." },
    });
  });

  it("the German member gets the notice in German", async () => {
    const member = await approvedMember();
    await db().update(users).set({ language: "de" }).where(eq(users.id, member.id));
    const body = personalProfile({ iban: NEW_IBAN, currentPassword: member.password });
    expect((await post(t.app, PERSONAL, body, { token: member.token })).status).toBe(200);
    const notices = await mailsTo(member.email);
    expect(notices.map((mail) => mail.subject)).toEqual(["Ihre Bankverbindung wurde geändert"]);
  });

  it("saving the profile with the same bank details needs no password and opens no review", async () => {
    const member = await approvedMember();
    const answer = await post(t.app, PERSONAL, personalProfile({ city: "Potsdam" }), { token: member.token });
    expect(answer.status).toBe(200);
    expect(await db().select().from(changeReviews).where(eq(changeReviews.userId, member.id))).toEqual([]);
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it("before approval the profile saves bank details without a password, as onboarding does", async () => {
    const created = await createMember(db(), { status: "pending" });
    const { accessToken } = await loginOk(t.app, created.email, created.password);
    expect((await post(t.app, PERSONAL, personalProfile(), { token: accessToken })).status).toBe(200);
    const again = await post(t.app, PERSONAL, personalProfile({ iban: NEW_IBAN }), { token: accessToken });
    expect(again.status).toBe(200);
    expect(await db().select().from(changeReviews).where(eq(changeReviews.userId, created.id))).toEqual([]);
  });

  it("a company account's bank details are guarded the same way", async () => {
    const created = await createMember(db(), {
      status: "pending",
      userType: "company",
      companyName: "Acme GmbH",
    });
    const { accessToken: token } = await loginOk(t.app, created.email, created.password);
    const company = (overrides: Record<string, unknown> = {}) => ({
      companyPhone: "030 1234567",
      address: "Industriestraße 5",
      zipCode: "80331",
      city: "München",
      country: "DE",
      branch: "Retail",
      numberOfEmployees: 12,
      registrationNumber: "ATU12345678",
      accountHolderName: "Acme GmbH",
      iban: OLD_IBAN,
      ...overrides,
    });
    expect((await post(t.app, "/api/profile/company/complete", company(), { token })).status).toBe(200);
    await db()
      .update(users)
      .set({ status: "active", adminVerifiedAt: new Date() })
      .where(eq(users.id, created.id));

    const refused = await post(t.app, "/api/profile/company/complete", company({ iban: NEW_IBAN }), {
      token,
    });
    expect(refused.status).toBe(422);
    const [stored] = await db()
      .select({ iban: companyProfiles.iban })
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, created.id));
    expect(stored?.iban).toBe(OLD_IBAN);

    const confirmed = company({ iban: NEW_IBAN, currentPassword: created.password });
    expect((await post(t.app, "/api/profile/company/complete", confirmed, { token })).status).toBe(200);
    expect(await mailsTo(created.email)).toHaveLength(1);
    const [review] = await db().select().from(changeReviews).where(eq(changeReviews.userId, created.id));
    expect(review).toMatchObject({
      kind: "bank_details",
      status: "pending",
      previous: { iban: OLD_IBAN, accountHolderName: "Acme GmbH" },
      proposed: { iban: NEW_IBAN, accountHolderName: "Acme GmbH" },
    });
  });

  it("the profile tells the form when a bank change needs the password", async () => {
    const member = await approvedMember();
    const answer = await call(t.app, "GET", "/api/profile", { token: member.token });
    expect((answer.body.profile as { bankChangeNeedsPassword: boolean }).bankChangeNeedsPassword).toBe(true);
  });
});

describe("verified ID documents swapped after approval", () => {
  it("the new upload is accepted, the account stays usable, the old files and rows are kept", async () => {
    const member = await approvedMember();
    const admin = await loggedInAdmin();
    const before = await idRows(member.id);
    expect(before).toHaveLength(2);

    const answer = await uploadId(member.token, "NEW000002", 90);
    expect(answer.status).toBe(201);

    const account = await userRow(member.id);
    expect(account.status).toBe("active");
    expect(account.adminVerifiedAt).not.toBeNull();

    const after = await idRows(member.id);
    expect(after).toHaveLength(4);
    for (const old of before) {
      const kept = after.find((row) => row.id === old.id);
      expect(kept?.supersededAt).not.toBeNull();
      expect(objectExists(old.storageKey)).toBe(true);
    }
    // The member sees the current documents only.
    const mine = await call(t.app, "GET", "/api/documents/mine", { token: member.token });
    const own = (mine.body as unknown as { documents: { id: string }[] }).documents.map((row) => row.id);
    expect(own.sort()).toEqual(
      after
        .filter((row) => row.supersededAt === null)
        .map((row) => row.id)
        .sort(),
    );
    expect(own).toHaveLength(2);

    // The admin queue shows old and new side by side, each with a URL that serves the image.
    const reviews = await reviewsOf(admin.token, member.id);
    expect(reviews).toHaveLength(1);
    const review = reviews[0];
    if (review?.kind !== "id_documents") throw new Error("expected an ID review");
    expect(review.previous.documents.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    expect(review.proposed.documents.map((row) => row.id).sort()).toEqual([...own].sort());
    expect(review.previous.documents.map((row) => row.side)).toEqual(["front", "back"]);
    for (const document of [...review.previous.documents, ...review.proposed.documents]) {
      const image = await t.app.request(document.signedUrl);
      expect(image.status).toBe(200);
    }

    // The admin's view of the member still lists the replaced documents, marked superseded.
    const view = await call(t.app, "GET", `/api/admin/user/${member.id}/documents`, { token: admin.token });
    expect(view.status).toBe(200);
    const listed = (
      view.body as unknown as { idDocuments: { user_id_document_id: string; superseded_at: string | null }[] }
    ).idDocuments;
    expect(listed).toHaveLength(4);
    expect(
      listed
        .filter((row) => row.superseded_at !== null)
        .map((row) => row.user_id_document_id)
        .sort(),
    ).toEqual(before.map((row) => row.id).sort());
  });

  it("a second upload before the review keeps comparing with the approved documents", async () => {
    const member = await approvedMember();
    const admin = await loggedInAdmin();
    const approved = (await idRows(member.id)).map((row) => row.id).sort();
    expect((await uploadId(member.token, "NEW000003", 60)).status).toBe(201);
    expect((await uploadId(member.token, "NEW000004", 30)).status).toBe(201);
    const reviews = await reviewsOf(admin.token, member.id);
    expect(reviews).toHaveLength(1);
    const review = reviews[0];
    if (review?.kind !== "id_documents") throw new Error("expected an ID review");
    expect(review.previous.documents.map((row) => row.id).sort()).toEqual(approved);
    expect(await idRows(member.id)).toHaveLength(6);
  });
});

describe("admin decides on a change after approval", () => {
  const auditOf = (action: string, userId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, userId)));

  it("accepting closes the review, audited; it cannot be decided twice", async () => {
    const member = await approvedMember();
    const admin = await loggedInAdmin();
    const body = personalProfile({ iban: NEW_IBAN, currentPassword: member.password });
    expect((await post(t.app, PERSONAL, body, { token: member.token })).status).toBe(200);
    const [review] = await reviewsOf(admin.token, member.id);
    if (!review) throw new Error("no review");

    const answer = await post(t.app, `${QUEUE}/${review.id}/accept`, {}, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(await reviewsOf(admin.token, member.id)).toEqual([]);
    const [row] = await db().select().from(changeReviews).where(eq(changeReviews.id, review.id));
    expect(row).toMatchObject({ status: "accepted", decidedByUserId: admin.id });
    const audit = await auditOf("admin.change_review_accepted", member.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: admin.id,
      details: { reviewId: review.id, kind: "bank_details" },
    });
    expect(JSON.stringify(audit)).not.toContain(NEW_IBAN);
    expect(await storedBank(member.id)).toMatchObject({ iban: NEW_IBAN });

    const again = await post(t.app, `${QUEUE}/${review.id}/reject`, {}, { token: admin.token });
    expect(again.status).toBe(409);
  });

  it("rejecting a bank change puts the approved bank details back, audited", async () => {
    const member = await approvedMember();
    const admin = await loggedInAdmin();
    const body = personalProfile({ iban: NEW_IBAN, currentPassword: member.password });
    expect((await post(t.app, PERSONAL, body, { token: member.token })).status).toBe(200);
    const [review] = await reviewsOf(admin.token, member.id);
    if (!review) throw new Error("no review");
    expect((await post(t.app, `${QUEUE}/${review.id}/reject`, {}, { token: admin.token })).status).toBe(200);
    expect(await storedBank(member.id)).toEqual({ iban: OLD_IBAN, accountHolderName: "Erika Mustermann" });
    expect(await auditOf("admin.change_review_rejected", member.id)).toHaveLength(1);
  });

  it("rejecting an ID change makes the approved documents current again and keeps the rejected ones", async () => {
    const member = await approvedMember();
    const admin = await loggedInAdmin();
    const approved = (await idRows(member.id)).map((row) => row.id).sort();
    expect((await uploadId(member.token, "NEW000005", 120)).status).toBe(201);
    const [review] = await reviewsOf(admin.token, member.id);
    if (!review) throw new Error("no review");
    expect((await post(t.app, `${QUEUE}/${review.id}/reject`, {}, { token: admin.token })).status).toBe(200);
    const rows = await idRows(member.id);
    expect(rows).toHaveLength(4);
    expect(
      rows
        .filter((row) => row.supersededAt === null)
        .map((row) => row.id)
        .sort(),
    ).toEqual(approved);
  });

  it("members cannot see or decide change reviews", async () => {
    const member = await approvedMember();
    expect((await call(t.app, "GET", QUEUE, { token: member.token })).status).toBe(403);
    const someId = crypto.randomUUID();
    expect((await post(t.app, `${QUEUE}/${someId}/accept`, {}, { token: member.token })).status).toBe(403);
  });

  it("an unknown review answers 404", async () => {
    const admin = await loggedInAdmin();
    const unknown = await post(t.app, `${QUEUE}/${crypto.randomUUID()}/accept`, {}, { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({
      message: "Change review not found.",
      reason: "changeReviewNotFound",
    });
    expect((await post(t.app, `${QUEUE}/not-a-uuid/accept`, {}, { token: admin.token })).status).toBe(404);
  });
});
