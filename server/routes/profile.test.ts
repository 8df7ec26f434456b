import { Writable } from "node:stream";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { auditLog, companyProfiles, personalProfiles, users } from "../db/schema";
import { createLogger } from "../infra/logging/logger";
import { type ApiAnswer, call, loginOk, post } from "../testing/auth-api";
import { createLink, createMember, createReferrer, personalForm, registerOk } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

type Requester = Parameters<typeof post>[0];
type Body = Record<string, unknown>;
type Issue = { path: string; message: string };

const PERSONAL = "/api/profile/personal/complete";
const COMPANY = "/api/profile/company/complete";
const REQUIRED = "Please fill all required fields.";
const DAY_MS = 24 * 60 * 60 * 1000;

const IBAN_DE = "DE89370400440532013000";
const IBAN_AT = "AT611904300234573201";
const IBAN_CH = "CH9300762011623852957";

/** A complete personal profile as the form sends it; override any field. */
const personalProfile = (overrides: Body = {}): Body => ({
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
  iban: "DE89 3704 0044 0532 0130 00",
  ...overrides,
});

/** A complete company profile as the form sends it; override any field. */
const companyProfile = (overrides: Body = {}): Body => ({
  companyName: "Acme GmbH",
  companyPhone: "030 1234567",
  companyEmail: "",
  address: "Industriestraße 5",
  registrationDate: "2015-06-01",
  zipCode: "80331",
  city: "München",
  country: "DE",
  branch: "Retail",
  numberOfEmployees: 12,
  registrationNumber: "ATU12345678",
  accountHolderName: "Acme GmbH",
  iban: "AT61 1904 3002 3457 3201",
  contactPersonName: "Max Kontakt",
  contactPersonPhone: "0151 23456789",
  ...overrides,
});

const without = (body: Body, field: string): Body => {
  const { [field]: _removed, ...rest } = body;
  return rest;
};

async function member(userType: "personal" | "company", app: Requester = t.app) {
  const created = await createMember(db(), {
    userType,
    ...(userType === "company" ? { firstName: null, lastName: null, companyName: "Old Name GmbH" } : {}),
  });
  const { accessToken } = await loginOk(app, created.email, created.password);
  return { ...created, token: accessToken };
}

const getProfile = (token?: string, path = "/api/profile") =>
  call(t.app, "GET", path, token ? { token } : {});
const profileOf = (answer: ApiAnswer) => answer.body.profile as Body;
const issuesOf = (answer: ApiAnswer) =>
  (answer.body.error?.details as { issues?: Issue[] } | undefined)?.issues ?? [];

function expectRefused(answer: ApiAnswer, message: string, issue?: Issue) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.error).toMatchObject({ code: "VALIDATION_FAILED", message });
  if (issue) expect(issuesOf(answer)).toContainEqual(issue);
}

function expectSaved(answer: ApiAnswer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ success: true, message: "Profile saved." });
  return profileOf(answer);
}

async function storedPersonal(userId: string) {
  const [row] = await db().select().from(personalProfiles).where(eq(personalProfiles.userId, userId));
  return row;
}

async function storedCompany(userId: string) {
  const [row] = await db().select().from(companyProfiles).where(eq(companyProfiles.userId, userId));
  return row;
}

async function completedAt(userId: string) {
  const [row] = await db()
    .select({ at: users.profileCompletedAt, companyName: users.companyName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

describe("POST /api/profile/personal/complete", () => {
  it("saves the profile: phones in E.164, IBAN without spaces and upper case, answered masked", async () => {
    const user = await member("personal");

    const answer = await post(
      t.app,
      PERSONAL,
      personalProfile({
        phone: "0151 23456789",
        phoneSecondary: "030 1234567",
        emergencyContactName: "Hans Notfall",
        emergencyContactPhone: "0043 1 5124567",
        iban: "de89 3704 0044 0532 0130 00",
      }),
      { token: user.token },
    );

    const profile = expectSaved(answer);
    expect(profile).toMatchObject({
      userType: "personal",
      profileCompleted: true,
      dateOfBirth: "1990-04-12",
      nationality: "German",
      address: "Hauptstraße 1",
      zipCode: "10115",
      city: "Berlin",
      country: "DE",
      phone: "+4915123456789",
      phoneSecondary: "+49301234567",
      emergencyContactName: "Hans Notfall",
      emergencyContactPhone: "+4315124567",
      accountHolderName: "Erika Mustermann",
      iban: "DE89 •••• •••• •••• 3000",
      referralEmail: null,
    });
    expect(await storedPersonal(user.id)).toMatchObject({
      phone: "+4915123456789",
      phoneSecondary: "+49301234567",
      emergencyContactPhone: "+4315124567",
      iban: IBAN_DE,
    });
  });

  it.each([
    "dateOfBirth",
    "nationality",
    "address",
    "zipCode",
    "city",
    "country",
    "accountHolderName",
    "iban",
  ])("refuses a profile without %s, missing or blank", async (field) => {
    const user = await member("personal");

    const missing = await post(t.app, PERSONAL, without(personalProfile(), field), { token: user.token });
    const blank = await post(t.app, PERSONAL, personalProfile({ [field]: "  " }), { token: user.token });

    expectRefused(missing, REQUIRED, { path: field, message: "requiredFields" });
    expectRefused(blank, REQUIRED, { path: field, message: "requiredFields" });
    expect(await storedPersonal(user.id)).toBeUndefined();
    expect((await completedAt(user.id))?.at).toBeNull();
  });

  it("says 'Please fill all required fields.' when a field is missing even if another is invalid", async () => {
    const user = await member("personal");

    const answer = await post(t.app, PERSONAL, personalProfile({ city: "", iban: "DE00 1234" }), {
      token: user.token,
    });

    expectRefused(answer, REQUIRED, { path: "iban", message: "invalidIban" });
    expect(answer.body.error).toMatchObject({ reason: "profileRequiredFields" });
    expect(issuesOf(answer)).toContainEqual({ path: "city", message: "requiredFields" });
  });

  it.each([IBAN_DE, IBAN_AT, IBAN_CH])("accepts the valid IBAN %s", async (iban) => {
    const user = await member("personal");

    const profile = expectSaved(
      await post(t.app, PERSONAL, personalProfile({ iban }), { token: user.token }),
    );

    expect(profile.iban).toBe(`${iban.slice(0, 4)} •••• •••• •••• ${iban.slice(-4)}`);
    expect((await storedPersonal(user.id))?.iban).toBe(iban);
  });

  it.each([
    ["a changed digit", "DE89370400440532013001"],
    ["swapped digits", "DE89370400440532031000"],
    ["changed check digits", "AT621904300234573201"],
    ["a letter in the account", "CH930076201162385295X"],
    ["too short", "DE8937040044"],
  ])("refuses an IBAN with %s", async (_case, iban) => {
    const user = await member("personal");

    const answer = await post(t.app, PERSONAL, personalProfile({ iban }), { token: user.token });

    expectRefused(answer, "Please enter a valid IBAN.", { path: "iban", message: "invalidIban" });
    expect(answer.body.error).toMatchObject({ reason: "profileInvalidIban" });
    expect(await storedPersonal(user.id)).toBeUndefined();
  });

  // Each passes the mod-97 checksum; only the country's own length and format refuse it.
  it.each([
    ["a German IBAN of 20 characters", "DE863704004405320130"],
    ["a German IBAN of 25 characters", "DE51370400440532013000123"],
    ["a country that issues no IBANs", "XX46370400440532013000"],
  ])("refuses an IBAN that only passes the checksum: %s", async (_case, iban) => {
    const user = await member("personal");

    const answer = await post(t.app, PERSONAL, personalProfile({ iban }), { token: user.token });

    expectRefused(answer, "Please enter a valid IBAN.", { path: "iban", message: "invalidIban" });
    expect(await storedPersonal(user.id)).toBeUndefined();
  });

  it("checks the second and emergency phones only when present; empty ones are stored as null", async () => {
    const user = await member("personal");
    const absent = without(without(personalProfile(), "phoneSecondary"), "emergencyContactPhone");

    expectSaved(await post(t.app, PERSONAL, absent, { token: user.token }));
    expect(await storedPersonal(user.id)).toMatchObject({
      phoneSecondary: null,
      emergencyContactPhone: null,
    });

    const badSecond = await post(t.app, PERSONAL, personalProfile({ phoneSecondary: "12" }), {
      token: user.token,
    });
    expectRefused(badSecond, "Please enter a valid second phone number.", {
      path: "phoneSecondary",
      message: "invalidSecondaryPhone",
    });
    const badEmergency = await post(t.app, PERSONAL, personalProfile({ emergencyContactPhone: "+49 abc" }), {
      token: user.token,
    });
    expectRefused(badEmergency, "Please enter a valid emergency contact phone number.", {
      path: "emergencyContactPhone",
      message: "invalidEmergencyPhone",
    });

    // A later save may clear what an earlier one set.
    expectSaved(
      await post(t.app, PERSONAL, personalProfile({ phoneSecondary: "+41 44 668 18 00" }), {
        token: user.token,
      }),
    );
    expect((await storedPersonal(user.id))?.phoneSecondary).toBe("+41446681800");
    expectSaved(await post(t.app, PERSONAL, personalProfile({ phoneSecondary: "" }), { token: user.token }));
    expect((await storedPersonal(user.id))?.phoneSecondary).toBeNull();
  });

  it.each([
    ["in the future", isoDay(2)],
    ["far in the future", "2999-01-01"],
    ["not on the calendar", "1990-02-30"],
    ["a 13th month", "1990-13-01"],
    ["not in YYYY-MM-DD", "12.04.1990"],
    ["before 1900", "1899-12-31"],
  ])("refuses a date of birth %s", async (_case, dateOfBirth) => {
    const user = await member("personal");

    const answer = await post(t.app, PERSONAL, personalProfile({ dateOfBirth }), { token: user.token });

    expectRefused(answer, "Please enter a valid date.", { path: "dateOfBirth", message: "invalidDate" });
    expect(await storedPersonal(user.id)).toBeUndefined();
  });

  it("accepts a date of birth in the past, a leap day included, with no minimum age (none in the spec)", async () => {
    const user = await member("personal");

    expectSaved(
      await post(t.app, PERSONAL, personalProfile({ dateOfBirth: "2000-02-29" }), { token: user.token }),
    );
    expectSaved(
      await post(t.app, PERSONAL, personalProfile({ dateOfBirth: isoDay(-30) }), { token: user.token }),
    );
    expect((await storedPersonal(user.id))?.dateOfBirth).toBe(isoDay(-30));
  });

  it("completes a registered member's profile and keeps the phone and referral email of registration", async () => {
    const referrer = await createReferrer(t.app, db());
    const link = await createLink(t.app, referrer.token);
    // Registration keeps the link owner's email, whatever the form named.
    const form = personalForm(link.token, { referralEmail: "friend@example.com" });
    await registerOk(t.app, "personal", form);
    const { accessToken, user } = await loginOk(t.app, form.email, form.password);

    const profile = expectSaved(await post(t.app, PERSONAL, personalProfile(), { token: accessToken }));

    expect(profile).toMatchObject({ phone: "+4915123456789", referralEmail: referrer.email });
    expect(await storedPersonal(user.id)).toMatchObject({
      phone: "+4915123456789",
      referralEmail: referrer.email,
      city: "Berlin",
    });
  });
});

describe("POST /api/profile/company/complete", () => {
  it("saves the profile, the company's name on the account, phones in E.164, the IBAN normalised", async () => {
    const user = await member("company");

    const answer = await post(t.app, COMPANY, companyProfile({ iban: "ch93 0076 2011 6238 5295 7" }), {
      token: user.token,
    });

    const profile = expectSaved(answer);
    expect(profile).toMatchObject({
      userType: "company",
      profileCompleted: true,
      companyName: "Acme GmbH",
      companyPhone: "+49301234567",
      companyEmail: user.email,
      address: "Industriestraße 5",
      registrationDate: "2015-06-01",
      zipCode: "80331",
      city: "München",
      country: "DE",
      branch: "Retail",
      numberOfEmployees: 12,
      registrationNumber: "ATU12345678",
      accountHolderName: "Acme GmbH",
      iban: "CH93 •••• •••• •••• 2957",
      contactPersonName: "Max Kontakt",
      contactPersonPhone: "+4915123456789",
    });
    expect(await storedCompany(user.id)).toMatchObject({
      companyPhone: "+49301234567",
      contactPersonPhone: "+4915123456789",
      numberOfEmployees: 12,
      iban: IBAN_CH,
    });
    expect((await completedAt(user.id))?.companyName).toBe("Acme GmbH");
  });

  it.each([
    "address",
    "zipCode",
    "city",
    "country",
    "branch",
    "numberOfEmployees",
    "registrationNumber",
    "accountHolderName",
    "iban",
    "companyPhone",
  ])("refuses a profile without %s, missing or blank", async (field) => {
    const user = await member("company");

    const missing = await post(t.app, COMPANY, without(companyProfile(), field), { token: user.token });
    const blank = await post(t.app, COMPANY, companyProfile({ [field]: " " }), { token: user.token });

    expectRefused(missing, REQUIRED, { path: field, message: "requiredFields" });
    expectRefused(blank, REQUIRED, { path: field, message: "requiredFields" });
    expect(await storedCompany(user.id)).toBeUndefined();
    expect((await completedAt(user.id))?.at).toBeNull();
  });

  it("does not require the registration date, company name, email or contact", async () => {
    const user = await member("company");
    let body = companyProfile({ registrationDate: "" });
    for (const field of ["companyName", "companyEmail", "contactPersonName", "contactPersonPhone"]) {
      body = without(body, field);
    }

    const profile = expectSaved(await post(t.app, COMPANY, body, { token: user.token }));

    expect(profile).toMatchObject({
      registrationDate: null,
      companyName: "Old Name GmbH",
      contactPersonName: null,
      contactPersonPhone: null,
    });
  });

  it.each([
    [0, "The number of employees must be at least 1."],
    [-3, "The number of employees must be at least 1."],
    [2.5, "The number of employees must be at least 1."],
    ["abc", REQUIRED],
  ])("refuses %j employees", async (numberOfEmployees, message) => {
    const user = await member("company");

    const answer = await post(t.app, COMPANY, companyProfile({ numberOfEmployees }), { token: user.token });

    expectRefused(answer, message);
    expect(issuesOf(answer).map((issue) => issue.path)).toEqual(["numberOfEmployees"]);
    expect(await storedCompany(user.id)).toBeUndefined();
  });

  it.each([
    [1, 1],
    ["7", 7],
  ])("accepts %j employees, stored as the integer %d", async (numberOfEmployees, stored) => {
    const user = await member("company");

    const profile = expectSaved(
      await post(t.app, COMPANY, companyProfile({ numberOfEmployees }), { token: user.token }),
    );

    expect(profile.numberOfEmployees).toBe(stored);
    expect((await storedCompany(user.id))?.numberOfEmployees).toBe(stored);
  });

  it.each([
    ["in the future", isoDay(3)],
    ["not on the calendar", "2021-04-31"],
    ["not in YYYY-MM-DD", "2021/04/01"],
  ])("refuses a registration date %s", async (_case, registrationDate) => {
    const user = await member("company");

    const answer = await post(t.app, COMPANY, companyProfile({ registrationDate }), { token: user.token });

    expectRefused(answer, "Please enter a valid date.", { path: "registrationDate", message: "invalidDate" });
  });

  it("accepts a registration date of today", async () => {
    const user = await member("company");

    expectSaved(
      await post(t.app, COMPANY, companyProfile({ registrationDate: isoDay(0) }), { token: user.token }),
    );
  });

  it("refuses invalid company and contact phones with their own messages", async () => {
    const user = await member("company");

    expectRefused(
      await post(t.app, COMPANY, companyProfile({ companyPhone: "0123" }), { token: user.token }),
      "Please enter a valid company phone number.",
      { path: "companyPhone", message: "invalidCompanyPhone" },
    );
    expectRefused(
      await post(t.app, COMPANY, companyProfile({ contactPersonPhone: "+999 123" }), { token: user.token }),
      "Please enter a valid contact person phone number.",
      { path: "contactPersonPhone", message: "invalidContactPhone" },
    );
  });

  it("never changes the account's email through companyEmail", async () => {
    const user = await member("company");

    const profile = expectSaved(
      await post(t.app, COMPANY, companyProfile({ companyEmail: "takeover@example.com" }), {
        token: user.token,
      }),
    );

    expect(profile.companyEmail).toBe(user.email);
    expect((await completedAt(user.id))?.email).toBe(user.email);
  });
});

describe("who may call", () => {
  it("refuses company accounts on the personal call and personal accounts on the company call", async () => {
    const personal = await member("personal");
    const company = await member("company");

    const personalOnCompany = await post(t.app, COMPANY, companyProfile(), { token: personal.token });
    const companyOnPersonal = await post(t.app, PERSONAL, personalProfile(), { token: company.token });
    // The type guard comes before validation: an empty body gets the same 403.
    const emptyBody = await post(t.app, PERSONAL, {}, { token: company.token });

    expect(personalOnCompany.status).toBe(403);
    expect(personalOnCompany.body.error).toEqual({
      code: "FORBIDDEN",
      reason: "companyUsersOnly",
      message: "Access denied. This page is only for company users.",
    });
    expect(companyOnPersonal.status).toBe(403);
    expect(companyOnPersonal.body.error).toEqual({
      code: "FORBIDDEN",
      reason: "personalUsersOnly",
      message: "Access denied. This page is only for personal users.",
    });
    expect(emptyBody.status).toBe(403);
    expect(await storedCompany(personal.id)).toBeUndefined();
    expect(await storedPersonal(company.id)).toBeUndefined();
    expect((await completedAt(personal.id))?.at).toBeNull();
    expect((await completedAt(company.id))?.at).toBeNull();
  });

  it("answers visitors and foreign tokens with 401", async () => {
    const personalAnswer = await post(t.app, PERSONAL, personalProfile());
    const companyAnswer = await post(t.app, COMPANY, companyProfile());
    const readAnswer = await getProfile();
    const forged = await getProfile("not-a-token");

    for (const answer of [personalAnswer, companyAnswer, readAnswer, forged]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error?.code).toBe("UNAUTHORIZED");
    }
  });
});

describe("profile completion", () => {
  it("sets profile_completed_at on the first save only; a second save updates the profile", async () => {
    const user = await member("personal");
    const before = await getProfile(user.token);
    expect(profileOf(before)).toMatchObject({ profileCompleted: false, profileCompletedAt: null });

    expectSaved(await post(t.app, PERSONAL, personalProfile(), { token: user.token }));
    const first = (await completedAt(user.id))?.at;
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = expectSaved(
      await post(t.app, PERSONAL, personalProfile({ city: "Hamburg", iban: IBAN_AT }), { token: user.token }),
    );

    expect((await completedAt(user.id))?.at?.toISOString()).toBe(first?.toISOString());
    expect(second).toMatchObject({ city: "Hamburg", iban: "AT61 •••• •••• •••• 3201" });
    const after = profileOf(await getProfile(user.token));
    expect(after).toMatchObject({
      profileCompleted: true,
      profileCompletedAt: first?.toISOString(),
      city: "Hamburg",
    });
    const events = await db()
      .select({ action: auditLog.action, actor: auditLog.actorUserId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), like(auditLog.action, "onboarding.%")))
      .orderBy(auditLog.id);
    expect(events).toEqual([
      { action: "onboarding.profile_completed", actor: user.id, details: { userType: "personal" } },
      { action: "onboarding.profile_updated", actor: user.id, details: { userType: "personal" } },
    ]);
  });

  it("counts parallel first saves as one completion", async () => {
    const user = await member("company");

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, COMPANY, companyProfile(), { token: user.token })),
    );

    for (const answer of answers) expectSaved(answer);
    const completions = await db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, "onboarding.profile_completed")));
    expect(completions).toHaveLength(1);
  });
});

describe("GET /api/profile", () => {
  it("answers every field as null before the profile is filled in", async () => {
    const personal = await member("personal");
    const company = await member("company");

    const personalProfileAnswer = profileOf(await getProfile(personal.token));
    const companyProfileAnswer = profileOf(await getProfile(company.token));

    expect(personalProfileAnswer).toEqual({
      userType: "personal",
      profileCompleted: false,
      profileCompletedAt: null,
      updatedAt: null,
      bankChangeNeedsPassword: false,
      dateOfBirth: null,
      nationality: null,
      address: null,
      zipCode: null,
      city: null,
      country: null,
      phone: null,
      phoneSecondary: null,
      emergencyContactName: null,
      emergencyContactPhone: null,
      accountHolderName: null,
      iban: null,
      referralEmail: null,
    });
    expect(companyProfileAnswer).toMatchObject({
      userType: "company",
      profileCompleted: false,
      companyName: "Old Name GmbH",
      companyEmail: company.email,
      numberOfEmployees: null,
      iban: null,
    });
  });

  it("answers only the caller's own profile: there is no way to name another member", async () => {
    const alice = await member("personal");
    const bob = await member("personal");
    expectSaved(
      await post(t.app, PERSONAL, personalProfile({ city: "Alicetown", iban: IBAN_DE }), {
        token: alice.token,
      }),
    );
    expectSaved(
      await post(t.app, PERSONAL, personalProfile({ city: "Bobcity", iban: IBAN_CH, nationality: "Swiss" }), {
        token: bob.token,
      }),
    );

    const asAlice = await getProfile(alice.token);
    const withBobsId = await getProfile(alice.token, `/api/profile?userId=${bob.id}&id=${bob.id}`);
    const bobsPath = await getProfile(alice.token, `/api/profile/${bob.id}`);

    expect(profileOf(asAlice)).toMatchObject({ city: "Alicetown", iban: "DE89 •••• •••• •••• 3000" });
    expect(profileOf(withBobsId)).toEqual(profileOf(asAlice));
    expect(bobsPath.status).toBe(404);
    for (const answer of [asAlice, withBobsId, bobsPath]) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain("Bobcity");
      expect(text).not.toContain("Swiss");
      expect(text).not.toContain("2957");
    }
    expect(profileOf(await getProfile(bob.token))).toMatchObject({ city: "Bobcity" });
  });

  it("never answers the full IBAN", async () => {
    const user = await member("company");

    const saved = await post(t.app, COMPANY, companyProfile({ iban: IBAN_DE }), { token: user.token });
    const read = await getProfile(user.token);

    for (const answer of [saved, read]) {
      expect(JSON.stringify(answer.body)).not.toContain(IBAN_DE);
      expect(JSON.stringify(answer.body)).not.toContain("370400440532013");
      expect(profileOf(answer).iban).toBe("DE89 •••• •••• •••• 3000");
    }
  });
});

describe("IBANs stay out of logs and audit", () => {
  function appWithCapturedLogs() {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ level: "debug", ring: t.deps.logs, destination });
    return { app: createApp({ ...t.deps, logger }), lines };
  }

  it("logs and audits profile saves, refusals and reads without the IBAN", async () => {
    const { app, lines } = appWithCapturedLogs();
    const personal = await member("personal", app);
    const company = await member("company", app);
    const refusedIban = "DE89370400440532013001";

    await post(app, PERSONAL, personalProfile({ iban: IBAN_DE }), { token: personal.token });
    await post(app, PERSONAL, personalProfile({ iban: refusedIban }), { token: personal.token });
    await post(app, COMPANY, companyProfile({ iban: IBAN_CH }), { token: company.token });
    await post(app, COMPANY, companyProfile({ iban: IBAN_AT }), { token: personal.token });
    await call(app, "GET", "/api/profile", { token: personal.token });
    await call(app, "GET", "/api/profile", { token: company.token });

    const logView = t.deps.logs.recent(500).map((entry) => JSON.stringify(entry));
    const auditDetails = (await db().select({ details: auditLog.details }).from(auditLog)).map((row) =>
      JSON.stringify(row.details),
    );
    expect(lines.filter((line) => line.includes("/api/profile")).length).toBeGreaterThanOrEqual(6);
    for (const iban of [IBAN_DE, refusedIban, IBAN_CH, IBAN_AT, "DE89 3704", "0532 0130"]) {
      expect(lines.filter((line) => line.includes(iban))).toEqual([]);
      expect(logView.filter((line) => line.includes(iban))).toEqual([]);
      expect(auditDetails.filter((details) => details.includes(iban))).toEqual([]);
    }
  });
});

describe("OpenAPI", () => {
  it("documents the profile calls", async () => {
    const response = await t.app.request("/api/openapi.json");
    const document = (await response.json()) as { paths: Record<string, unknown> };

    expect(response.status).toBe(200);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/profile", PERSONAL, COMPANY]));
  });
});

describe("the profile in GET /api/auth/me", () => {
  // The session read answers the profile from the same query as its session check; it must say
  // what the profile call says, for both account types, with and without a stored profile.
  it.each([
    ["personal", PERSONAL, personalProfile()],
    ["company", COMPANY, companyProfile()],
  ] as const)("is the %s member's profile as GET /api/profile answers it", async (userType, path, form) => {
    const caller = await member(userType);
    const empty = profileOf(await getProfile(caller.token));
    const meBefore = await call(t.app, "GET", "/api/auth/me", { token: caller.token });
    expect(meBefore.status).toBe(200);
    expect(meBefore.body.profile).toEqual(empty);
    expect(empty).toMatchObject({ userType, profileCompleted: false, iban: null });

    expectSaved(await post(t.app, path, form, { token: caller.token }));
    const saved = profileOf(await getProfile(caller.token));
    const meAfter = await call(t.app, "GET", "/api/auth/me", { token: caller.token });
    expect(meAfter.body.profile).toEqual(saved);
    expect(saved).toMatchObject({ userType, profileCompleted: true, city: form.city });
    // Masked, never the stored number.
    expect(JSON.stringify(meAfter.body)).not.toContain(String(form.iban).replaceAll(" ", ""));
  });
});
