import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserByEmail } from "../db/queries/users";
import { auditLog, mailOutbox, users } from "../db/schema";
import { call, post } from "../testing/auth-api";
import { waitForMail } from "../testing/eml";
import { companyForm, createLink, createReferrer, personalForm, registerOk } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Choices = { referralRegistrations: boolean; referralApprovals: boolean };

const readChoices = (token: string) => call(t.app, "GET", "/api/account/notifications", { token });
const saveChoices = (token: string, body: unknown) =>
  call(t.app, "PUT", "/api/account/notifications", { token, body });

/** A referrer (allowed to invite) in the given language, signed in, with a link of their own. */
async function referrerWithLink(language: "en" | "de") {
  const referrer = await createReferrer(t.app, db(), { firstName: "Rita", lastName: "Referrer" });
  await db().update(users).set({ language }).where(eq(users.id, referrer.id));
  const link = await createLink(t.app, referrer.token);
  return { ...referrer, link };
}

async function choicesInDatabase(userId: string): Promise<Choices> {
  const [row] = await db()
    .select({
      referralRegistrations: users.notifyReferralRegistrations,
      referralApprovals: users.notifyReferralApprovals,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

const auditRows = (userId: string) =>
  db()
    .select({ actor: auditLog.actorUserId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, "account.notifications_changed")))
    .orderBy(auditLog.id);

/**
 * The outbox rows of one kind to one address. A notice is written in the transaction of the
 * registration or approval, so once that call has answered, a row that is not here never comes.
 */
const queued = (recipient: string, kind: string) =>
  db()
    .select({ language: mailOutbox.language, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, recipient), eq(mailOutbox.kind, kind)));

const at = new Date("2024-05-01T10:00:00Z");

/** What an admin approves: every onboarding step of the invited member done. */
async function finishOnboarding(email: string): Promise<string> {
  const invitee = await findUserByEmail(db(), email);
  if (!invitee) throw new Error(`no account ${email}`);
  await db()
    .update(users)
    .set({ emailVerifiedAt: at, documentsUploadedAt: at, profileCompletedAt: at, contractSignedAt: at })
    .where(eq(users.id, invitee.id));
  return invitee.id;
}

async function approve(userId: string) {
  const admin = await createReferrer(t.app, db(), { role: "admin" });
  const answer = await post(
    t.app,
    `/api/admin/verify-user/${userId}`,
    { permissions: [] },
    { token: admin.token },
  );
  expect(answer.status).toBe(200);
}

describe("GET and PUT /api/account/notifications", () => {
  it("starts with both kinds on, saves only the caller's own choices and audits each change once", async () => {
    const member = await createReferrer(t.app, db(), { canCreateReferrals: false });
    const other = await createReferrer(t.app, db(), { canCreateReferrals: false });

    const initial = await readChoices(member.token);
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ notifications: { referralRegistrations: true, referralApprovals: true } });

    // A body cannot name another account: the session says whose choices these are.
    const saved = await saveChoices(member.token, {
      referralRegistrations: false,
      referralApprovals: true,
      userId: other.id,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ notifications: { referralRegistrations: false, referralApprovals: true } });
    expect(await choicesInDatabase(member.id)).toEqual({
      referralRegistrations: false,
      referralApprovals: true,
    });
    expect(await choicesInDatabase(other.id)).toEqual({
      referralRegistrations: true,
      referralApprovals: true,
    });
    expect((await readChoices(member.token)).body).toEqual(saved.body);
    expect((await readChoices(other.token)).body).toEqual(initial.body);

    const audit = await auditRows(member.id);
    expect(audit).toEqual([
      {
        actor: member.id,
        details: {
          before: { referralRegistrations: true, referralApprovals: true },
          after: { referralRegistrations: false, referralApprovals: true },
        },
      },
    ]);
    expect(await auditRows(other.id)).toEqual([]);

    // Saving the same choices again changes nothing, so nothing more is audited.
    expect(
      (await saveChoices(member.token, { referralRegistrations: false, referralApprovals: true })).status,
    ).toBe(200);
    expect(await auditRows(member.id)).toHaveLength(1);
  });

  it("refuses a missing or non-boolean choice with 422 and keeps the choices", async () => {
    const member = await createReferrer(t.app, db(), { canCreateReferrals: false });
    for (const body of [
      {},
      { referralRegistrations: false },
      { referralRegistrations: "false", referralApprovals: true },
      { referralRegistrations: 0, referralApprovals: true },
      { referralRegistrations: false, referralApprovals: null },
    ]) {
      const answer = await saveChoices(member.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.error?.code).toBe("VALIDATION_FAILED");
    }
    expect(await choicesInDatabase(member.id)).toEqual({
      referralRegistrations: true,
      referralApprovals: true,
    });
    expect(await auditRows(member.id)).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    expect((await call(t.app, "GET", "/api/account/notifications")).status).toBe(401);
    const answer = await call(t.app, "PUT", "/api/account/notifications", {
      body: { referralRegistrations: false, referralApprovals: false },
    });
    expect(answer.status).toBe(401);
  });
});

describe("mail to the referrer when someone registers through their link", () => {
  it("goes in the referrer's language and names a person by first name only", async () => {
    const referrer = await referrerWithLink("de");
    const form = personalForm(referrer.link.token, {
      firstName: "Erika",
      lastName: "Mustermann",
      lang: "en",
    });
    await registerOk(t.app, "personal", form);

    const mail = await waitForMail(
      t.mailDir,
      (candidate) => candidate.to.includes(referrer.email) && candidate.subject.includes("Registrierung"),
    );
    expect(mail.subject).toBe("Neue Registrierung über Ihren Empfehlungslink");
    expect(mail.text).toContain("Erika hat sich über Ihren Empfehlungslink registriert.");
    expect(mail.text).toContain("http://localhost:3000/referral-management");
    expect(mail.text).toContain("http://localhost:3000/profile#notifications");
    for (const detail of [form.email, "Mustermann", "0151"]) {
      expect(mail.text).not.toContain(detail);
      expect(mail.html).not.toContain(detail);
    }
    expect(await queued(referrer.email, "referral_registered")).toEqual([
      { language: "de", subject: "Neue Registrierung über Ihren Empfehlungslink" },
    ]);
  });

  it("names a company by its company name, never its contact person or email", async () => {
    const referrer = await referrerWithLink("en");
    const form = companyForm(referrer.link.token, { companyName: "Nordlicht GmbH", lang: "de" });
    await registerOk(t.app, "company", form);

    const mail = await waitForMail(
      t.mailDir,
      (candidate) => candidate.to.includes(referrer.email) && candidate.subject.includes("registered"),
    );
    expect(mail.subject).toBe("Someone registered through your referral link");
    expect(mail.text).toContain("Nordlicht GmbH has registered through your referral link.");
    for (const detail of [form.companyEmail, form.contactPersonName]) {
      expect(mail.text).not.toContain(detail);
      expect(mail.html).not.toContain(detail);
    }
  });

  it("is not sent to a referrer who turned it off; the approval notice is a choice of its own", async () => {
    const referrer = await referrerWithLink("en");
    await saveChoices(referrer.token, { referralRegistrations: false, referralApprovals: true });
    const form = personalForm(referrer.link.token, { firstName: "Quiet" });
    await registerOk(t.app, "personal", form);
    expect(await queued(referrer.email, "referral_registered")).toEqual([]);

    await approve(await finishOnboarding(form.email));
    expect(await queued(referrer.email, "referral_approved")).toEqual([
      { language: "en", subject: "A member you invited has been approved" },
    ]);
  });
});

describe("mail to the referrer when an admin approves someone they invited", () => {
  it("goes in the referrer's language, beside the member's own activation mail, without their email", async () => {
    const referrer = await referrerWithLink("de");
    const form = personalForm(referrer.link.token, { firstName: "Jonas", lastName: "Neumann" });
    await registerOk(t.app, "personal", form);
    await approve(await finishOnboarding(form.email));

    const mail = await waitForMail(
      t.mailDir,
      (candidate) => candidate.to.includes(referrer.email) && candidate.subject.includes("freigeschaltet"),
    );
    expect(mail.subject).toBe("Ein von Ihnen eingeladenes Mitglied wurde freigeschaltet");
    expect(mail.text).toContain("Jonas, von Ihnen eingeladen, wurde von einem Admin freigeschaltet");
    for (const detail of [form.email, "Neumann"]) {
      expect(mail.text).not.toContain(detail);
      expect(mail.html).not.toContain(detail);
    }
    const activation = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(form.email));
    expect(activation.subject).toBe("Your account is active");
  });

  it("is not sent to a referrer who turned it off, while security notices still go", async () => {
    const referrer = await referrerWithLink("en");
    await saveChoices(referrer.token, { referralRegistrations: false, referralApprovals: false });
    const form = personalForm(referrer.link.token);
    await registerOk(t.app, "personal", form);
    await approve(await finishOnboarding(form.email));
    expect(await queued(referrer.email, "referral_approved")).toEqual([]);
    expect(await queued(form.email, "account_activated")).toHaveLength(1);

    const changed = await post(
      t.app,
      "/api/auth/change-password",
      { currentPassword: referrer.password, newPassword: "An0ther-Secret!" },
      { token: referrer.token },
    );
    expect(changed.status).toBe(200);
    expect(await queued(referrer.email, "password_changed")).toHaveLength(1);
  });

  it("is not sent when the member joined without a referrer's link", async () => {
    const admin = await createReferrer(t.app, db(), { role: "admin" });
    const member = await createReferrer(t.app, db(), { status: "pending", canCreateReferrals: false });
    await finishOnboarding(member.email);
    const notices = () =>
      db().select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.kind, "referral_approved"));
    const before = (await notices()).length;
    const answer = await post(
      t.app,
      `/api/admin/verify-user/${member.id}`,
      { permissions: [] },
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    expect(await notices()).toHaveLength(before);
  });
});
