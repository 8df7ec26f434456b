import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyProfiles, personalProfiles, referralLinks, referralUses, users } from "../db/schema";
import {
  type ApiAnswer,
  expectSimilarTimes,
  loginOk,
  timeInTurns,
  uniqueEmail,
  uniqueIp,
} from "../testing/auth-api";
import {
  companyForm,
  createMember,
  insertLink,
  linkUses,
  personalForm,
  registerCompany,
  registerOk,
  registerPersonal,
} from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;
let referrerId: string;
/** An unlimited, never-expiring link; validation failures never touch it. */
let ref: string;

beforeAll(async () => {
  t = await createTestApp();
  referrerId = (await createMember(db(), { firstName: "Rita", lastName: "Referrer" })).id;
  ref = (await insertLink(db(), referrerId, { maxUses: null })).token;
});

afterAll(() => t.close());

// The English text is the API's `message`, the key the pages translate.
const messages = {
  requiredFields: "Please fill in all required fields.",
  phoneRequired: "Please enter your phone number.",
  companyPhoneRequired: "Please enter the company phone number.",
  contactPhoneRequired: "Please enter the contact person's phone number.",
  emailsDoNotMatch: "Emails do not match.",
  companyEmailsDoNotMatch: "Company emails do not match.",
  passwordsDoNotMatch: "Passwords do not match.",
  passwordPolicy: "The password does not meet all requirements.",
  invalidEmail: "Please enter a valid email address",
  tooShort: "The phone number is too short.",
  tooLong: "The phone number is too long.",
  invalidNumber: "Invalid phone number.",
  invalidCountry: "Invalid country code.",
} as const;

// The reason the answer names for each, whose text the message is.
const reasons: Record<keyof typeof messages, string> = {
  requiredFields: "registrationRequiredFields",
  phoneRequired: "registrationPhoneRequired",
  companyPhoneRequired: "registrationCompanyPhoneRequired",
  contactPhoneRequired: "registrationContactPhoneRequired",
  emailsDoNotMatch: "registrationEmailsDoNotMatch",
  companyEmailsDoNotMatch: "registrationCompanyEmailsDoNotMatch",
  passwordsDoNotMatch: "registrationPasswordsDoNotMatch",
  passwordPolicy: "registrationPasswordPolicy",
  invalidEmail: "registrationInvalidEmail",
  tooShort: "registrationPhoneTooShort",
  tooLong: "registrationPhoneTooLong",
  invalidNumber: "registrationPhoneInvalid",
  invalidCountry: "registrationPhoneInvalidCountry",
};

const EMAIL_IN_USE = {
  error: { code: "CONFLICT", reason: "emailInUse", message: "Email address is already in use." },
};

/** The 422 of the first failing rule: key and field in details, English message. */
function expectProblem(answer: ApiAnswer, key: string, field?: string) {
  const [scope, phoneProblem] = key.split(".") as [keyof typeof messages, keyof typeof messages | undefined];
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.error).toMatchObject({
    code: "VALIDATION_FAILED",
    reason: reasons[phoneProblem ?? scope],
    message: messages[phoneProblem ?? scope],
    details: { key, ...(field ? { field } : {}) },
  });
}

const userByEmail = async (email: string) => {
  const [row] = await db().select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
};

async function personalPhone(email: string) {
  const user = await userByEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  const [profile] = await db().select().from(personalProfiles).where(eq(personalProfiles.userId, user.id));
  return profile?.phone;
}

// A password for which only one rule of the policy fails (8+, lower, upper, digit, special).
const weakPasswords = {
  "seven characters": "Abcde1!",
  "no lowercase": "ABCDEFG1!",
  "no uppercase": "abcdefg1!",
  "no digit": "Abcdefgh!",
  "no special character": "Abcdefgh1",
};

describe("personal registration: the rules, in order", () => {
  it.each(["firstName", "lastName", "email", "confirmEmail", "password", "confirmPassword"])(
    "refuses a blank %s with requiredFields",
    async (field) => {
      expectProblem(
        await registerPersonal(t.app, personalForm(ref, { [field]: "" })),
        "requiredFields",
        field,
      );
      expectProblem(
        await registerPersonal(t.app, personalForm(ref, { [field]: "   " })),
        "requiredFields",
        field,
      );
      const { [field as "email"]: _omitted, ...missing } = personalForm(ref);
      expectProblem(await registerPersonal(t.app, missing), "requiredFields", field);
    },
  );

  it("refuses a missing phone with phoneRequired", async () => {
    expectProblem(await registerPersonal(t.app, personalForm(ref, { phone: "" })), "phoneRequired", "phone");
    expectProblem(
      await registerPersonal(t.app, personalForm(ref, { phone: "  " })),
      "phoneRequired",
      "phone",
    );
  });

  it("refuses different emails with emailsDoNotMatch", async () => {
    const answer = await registerPersonal(t.app, personalForm(ref, { confirmEmail: uniqueEmail("other") }));

    expectProblem(answer, "emailsDoNotMatch", "confirmEmail");
  });

  it("takes emails that differ only in case as equal", async () => {
    const email = uniqueEmail("Erika.Case").replace("example.com", "Example.COM");
    const form = personalForm(ref, { email, confirmEmail: email.toLowerCase() });

    const answer = await registerPersonal(t.app, form);

    expect(answer.status).toBe(201);
    expect((await userByEmail(email))?.email).toBe(email);
  });

  it("refuses different passwords with passwordsDoNotMatch", async () => {
    const form = personalForm(ref);

    const answer = await registerPersonal(t.app, { ...form, confirmPassword: `${form.password}x` });

    expectProblem(answer, "passwordsDoNotMatch", "confirmPassword");
  });

  it.each(Object.entries(weakPasswords))(
    "refuses a password with %s with passwordPolicy",
    async (_rule, password) => {
      const answer = await registerPersonal(
        t.app,
        personalForm(ref, { password, confirmPassword: password }),
      );

      expectProblem(answer, "passwordPolicy", "password");
    },
  );

  it.each([
    { phone: "0151", phoneCountry: "DE", key: "phone.tooShort" },
    { phone: "079 123", phoneCountry: "CH", key: "phone.tooShort" },
    { phone: "0151 234567890123456", phoneCountry: "DE", key: "phone.tooLong" },
    { phone: "0100 1234567", phoneCountry: "DE", key: "phone.invalidNumber" },
    { phone: "0151 2345678x", phoneCountry: "DE", key: "phone.invalidNumber" },
    { phone: "0151 23456789", phoneCountry: "XX", key: "phone.invalidCountry" },
    { phone: "+999 123456789", phoneCountry: "DE", key: "phone.invalidCountry" },
  ])("refuses the phone $phone ($phoneCountry) with $key", async ({ phone, phoneCountry, key }) => {
    const answer = await registerPersonal(t.app, personalForm(ref, { phone, phoneCountry }));

    expectProblem(answer, key, "phone");
  });

  it("refuses an email that is no address with invalidEmail", async () => {
    const answer = await registerPersonal(
      t.app,
      personalForm(ref, { email: "erika-at-home", confirmEmail: "erika-at-home" }),
    );

    expectProblem(answer, "invalidEmail", "email");
  });

  it("refuses a referral email that is no address with invalidEmail", async () => {
    const answer = await registerPersonal(t.app, personalForm(ref, { referralEmail: "rita at example" }));

    expectProblem(answer, "invalidEmail", "referralEmail");
  });

  it("keeps the referrer's email from the referral info on the new member's profile", async () => {
    const info = await t.app.request(`/api/referral/info/${ref}`);
    const { referrerEmail } = (await info.json()) as { referrerEmail: string };
    const form = personalForm(ref, { referralEmail: ` ${referrerEmail} ` });

    expect((await registerPersonal(t.app, form)).status).toBe(201);
    const user = await userByEmail(form.email);
    const [profile] = await db()
      .select()
      .from(personalProfiles)
      .where(eq(personalProfiles.userId, user?.id ?? ""));
    expect(profile?.referralEmail).toBe(referrerEmail);
  });

  it("keeps the link owner's email even when the form names someone else", async () => {
    const info = await t.app.request(`/api/referral/info/${ref}`);
    const { referrerEmail } = (await info.json()) as { referrerEmail: string };
    const form = personalForm(ref, { referralEmail: "someone-else@example.com" });

    expect((await registerPersonal(t.app, form)).status).toBe(201);
    const user = await userByEmail(form.email);
    const [profile] = await db()
      .select()
      .from(personalProfiles)
      .where(eq(personalProfiles.userId, user?.id ?? ""));
    expect(profile?.referralEmail).toBe(referrerEmail);
  });

  it("reports the first problem in the spec's order, and the next once it is fixed", async () => {
    const email = uniqueEmail("order");
    const good = personalForm(ref, { email, confirmEmail: email });
    // Every rule broken at once; each step fixes the problem just reported.
    const steps: [string, Record<string, string>][] = [
      ["requiredFields", { firstName: "" }],
      ["phoneRequired", { firstName: good.firstName, phone: "" }],
      ["emailsDoNotMatch", { phone: "0151", confirmEmail: uniqueEmail("typo") }],
      ["passwordsDoNotMatch", { confirmEmail: email, password: "weak", confirmPassword: "weaker" }],
      ["passwordPolicy", { confirmPassword: "weak" }],
      ["phone.tooShort", { password: good.password, confirmPassword: good.password }],
    ];
    let form: Record<string, unknown> = {
      ...good,
      firstName: "",
      phone: "",
      confirmEmail: uniqueEmail("typo"),
      password: "weak",
      confirmPassword: "weaker",
    };
    for (const [key, change] of steps) {
      form = { ...form, ...change };
      expectProblem(await registerPersonal(t.app, form), key);
    }

    // Nothing was written along the way; with the phone fixed, it goes through.
    expect(await userByEmail(email)).toBeUndefined();
    expect((await registerPersonal(t.app, { ...form, phone: good.phone })).status).toBe(201);
  });

  it("writes nothing for a refused registration (no user, no use of the link)", async () => {
    const link = await insertLink(db(), referrerId, { maxUses: 3 });
    const form = personalForm(link.token, { confirmPassword: "Something-else-1" });

    expectProblem(await registerPersonal(t.app, form), "passwordsDoNotMatch");
    expect(await userByEmail(form.email)).toBeUndefined();
    expect(await linkUses(db(), link.id)).toBe(0);
  });
});

describe("company registration: the rules, in order", () => {
  it.each([
    "companyName",
    "companyEmail",
    "confirmCompanyEmail",
    "contactPersonName",
    "password",
    "confirmPassword",
  ])("refuses a blank %s with requiredFields", async (field) => {
    expectProblem(await registerCompany(t.app, companyForm(ref, { [field]: "" })), "requiredFields", field);
    expectProblem(
      await registerCompany(t.app, companyForm(ref, { [field]: " \t " })),
      "requiredFields",
      field,
    );
    const { [field as "companyEmail"]: _omitted, ...missing } = companyForm(ref);
    expectProblem(await registerCompany(t.app, missing), "requiredFields", field);
  });

  it("refuses a missing company phone with companyPhoneRequired, then a missing contact phone", async () => {
    const bothMissing = companyForm(ref, { companyPhone: "", contactPersonPhone: "" });
    expectProblem(await registerCompany(t.app, bothMissing), "companyPhoneRequired", "companyPhone");

    const contactMissing = companyForm(ref, { contactPersonPhone: " " });
    expectProblem(await registerCompany(t.app, contactMissing), "contactPhoneRequired", "contactPersonPhone");
  });

  it("refuses different company emails with companyEmailsDoNotMatch", async () => {
    const answer = await registerCompany(
      t.app,
      companyForm(ref, { confirmCompanyEmail: uniqueEmail("other") }),
    );

    expectProblem(answer, "companyEmailsDoNotMatch", "confirmCompanyEmail");
  });

  it("takes company emails that differ only in case as equal", async () => {
    const email = uniqueEmail("Acme.Case");
    const answer = await registerCompany(
      t.app,
      companyForm(ref, { companyEmail: email, confirmCompanyEmail: email.toUpperCase() }),
    );

    expect(answer.status).toBe(201);
  });

  it("refuses different passwords with passwordsDoNotMatch", async () => {
    const form = companyForm(ref);

    expectProblem(
      await registerCompany(t.app, { ...form, confirmPassword: "Other-Pass-123!" }),
      "passwordsDoNotMatch",
    );
  });

  it.each(Object.entries(weakPasswords))(
    "refuses a password with %s with passwordPolicy",
    async (_rule, password) => {
      const answer = await registerCompany(t.app, companyForm(ref, { password, confirmPassword: password }));

      expectProblem(answer, "passwordPolicy", "password");
    },
  );

  it.each([
    { phone: "0151", country: "DE", problem: "tooShort" },
    { phone: "0151 234567890123456", country: "DE", problem: "tooLong" },
    { phone: "0100 1234567", country: "DE", problem: "invalidNumber" },
    { phone: "030 1234567", country: "XX", problem: "invalidCountry" },
  ])(
    "refuses a company or contact phone $phone ($country) with its $problem key",
    async ({ phone, country, problem }) => {
      const companyWrong = companyForm(ref, { companyPhone: phone, companyPhoneCountry: country });
      const contactWrong = companyForm(ref, {
        contactPersonPhone: phone,
        contactPersonPhoneCountry: country,
      });

      expectProblem(await registerCompany(t.app, companyWrong), `companyPhone.${problem}`, "companyPhone");
      expectProblem(
        await registerCompany(t.app, contactWrong),
        `contactPhone.${problem}`,
        "contactPersonPhone",
      );
    },
  );

  it("refuses a company email that is no address with invalidEmail", async () => {
    const answer = await registerCompany(
      t.app,
      companyForm(ref, { companyEmail: "acme", confirmCompanyEmail: "ACME" }),
    );

    expectProblem(answer, "invalidEmail", "companyEmail");
  });

  it("reports the first problem in the spec's order, and the next once it is fixed", async () => {
    const email = uniqueEmail("company-order");
    const good = companyForm(ref, { companyEmail: email, confirmCompanyEmail: email });
    const steps: [string, Record<string, string>][] = [
      ["requiredFields", { contactPersonName: "" }],
      ["companyPhoneRequired", { contactPersonName: good.contactPersonName, companyPhone: "" }],
      ["contactPhoneRequired", { companyPhone: "0151", contactPersonPhone: "" }],
      [
        "companyEmailsDoNotMatch",
        { contactPersonPhone: "0100 1234567", confirmCompanyEmail: uniqueEmail("typo") },
      ],
      ["passwordsDoNotMatch", { confirmCompanyEmail: email, password: "weak", confirmPassword: "weaker" }],
      ["passwordPolicy", { confirmPassword: "weak" }],
      ["companyPhone.tooShort", { password: good.password, confirmPassword: good.password }],
      ["contactPhone.invalidNumber", { companyPhone: good.companyPhone }],
    ];
    let form: Record<string, unknown> = {
      ...good,
      contactPersonName: "",
      companyPhone: "",
      contactPersonPhone: "",
      confirmCompanyEmail: uniqueEmail("typo"),
      password: "weak",
      confirmPassword: "weaker",
    };
    for (const [key, change] of steps) {
      form = { ...form, ...change };
      expectProblem(await registerCompany(t.app, form), key);
    }

    expect(await userByEmail(email)).toBeUndefined();
    expect(
      (await registerCompany(t.app, { ...form, contactPersonPhone: good.contactPersonPhone })).status,
    ).toBe(201);
  });
});

describe("phones are stored in international format", () => {
  it.each([
    { phone: "0151 23456789", phoneCountry: "DE", stored: "+4915123456789" },
    { phone: "0664 1234567", phoneCountry: "AT", stored: "+436641234567" },
    { phone: "079 123 45 67", phoneCountry: "CH", stored: "+41791234567" },
    { phone: "0049 151 23456789", phoneCountry: "DE", stored: "+4915123456789" },
    { phone: "0151-2345-6789", phoneCountry: "DE", stored: "+4915123456789" },
    { phone: " 0664 - 123 45 67 ", phoneCountry: "AT", stored: "+436641234567" },
    { phone: "+41 79 123 45 67", phoneCountry: "DE", stored: "+41791234567" },
  ])("stores $phone ($phoneCountry) as $stored", async ({ phone, phoneCountry, stored }) => {
    const form = personalForm(ref, { phone, phoneCountry });

    await registerOk(t.app, "personal", form);

    expect(await personalPhone(form.email)).toBe(stored);
  });

  it("stores the company's and the contact person's phones, each with its own country", async () => {
    const form = companyForm(ref, {
      companyPhone: "0664-123-45-67",
      companyPhoneCountry: "AT",
      contactPersonPhone: "079 123-45-67",
      contactPersonPhoneCountry: "CH",
      contactPersonName: "  Max Kontakt ",
    });

    await registerOk(t.app, "company", form);

    const user = await userByEmail(form.companyEmail);
    const [profile] = await db()
      .select()
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, user?.id ?? ""));
    expect(profile).toMatchObject({
      companyPhone: "+436641234567",
      contactPersonPhone: "+41791234567",
      contactPersonName: "Max Kontakt",
    });
  });
});

describe("email already in use", () => {
  it("refuses a personal registration with an existing email in another case: 409, link use unchanged", async () => {
    const existing = await createMember(db());
    const link = await insertLink(db(), referrerId, { maxUses: 5 });
    const shouted = existing.email.toUpperCase();

    const answer = await registerPersonal(
      t.app,
      personalForm(link.token, { email: shouted, confirmEmail: shouted }),
    );

    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(EMAIL_IN_USE);
    expect(await linkUses(db(), link.id)).toBe(0);
    expect(await db().select().from(referralUses).where(eq(referralUses.linkId, link.id))).toEqual([]);
  });

  it("refuses a company registration with a registered email the same way", async () => {
    const link = await insertLink(db(), referrerId, { maxUses: 5 });
    const first = personalForm(link.token);
    await registerOk(t.app, "personal", first);
    const again = ` ${first.email.replace(/^./, (letter) => letter.toUpperCase())} `;

    const answer = await registerCompany(
      t.app,
      companyForm(link.token, { companyEmail: again, confirmCompanyEmail: again }),
    );

    expect(answer).toMatchObject({ status: 409, body: EMAIL_IN_USE });
    expect(await linkUses(db(), link.id)).toBe(1);
  });

  // The answer says 'in use' and nothing else: not whether the account is active,
  // pending or suspended, nor who it belongs to.
  it.each(["active", "pending", "suspended"] as const)(
    "answers exactly the same for an existing %s account",
    async (status) => {
      const existing = await createMember(db(), { status, role: status === "active" ? "admin" : "user" });

      const answer = await registerPersonal(
        t.app,
        personalForm(ref, { email: existing.email, confirmEmail: existing.email }),
      );

      expect(answer.status).toBe(409);
      expect(answer.body).toEqual(EMAIL_IN_USE);
    },
  );
});

describe("registration email oracle", () => {
  const GONE = {
    error: { code: "GONE", reason: "referralLinkInvalid", message: "Invalid or Expired Referral Link." },
  };

  const deadLinks = {
    expired: async () =>
      (await insertLink(db(), referrerId, { expiresAt: new Date(Date.now() - 1_000) })).token,
    "used up": async () => (await insertLink(db(), referrerId, { maxUses: 2, uses: 2 })).token,
    deactivated: async () => {
      const link = await insertLink(db(), referrerId);
      await db()
        .update(referralLinks)
        .set({ status: "deactivated", deactivatedAt: new Date() })
        .where(eq(referralLinks.id, link.id));
      return link.token;
    },
    "of a suspended owner": async () => {
      const owner = await createMember(db(), { status: "suspended" });
      return (await insertLink(db(), owner.id)).token;
    },
  };

  it.each(Object.keys(deadLinks) as (keyof typeof deadLinks)[])(
    "answers a link that is %s with the same 410 for a registered and a new email",
    async (state) => {
      const token = await deadLinks[state]();
      const registered = await createMember(db());
      const upper = registered.email.toUpperCase();

      const withRegistered = await registerPersonal(
        t.app,
        personalForm(token, { email: registered.email, confirmEmail: registered.email }),
      );
      const withNew = await registerPersonal(t.app, personalForm(token));
      const companyWithRegistered = await registerCompany(
        t.app,
        companyForm(token, { companyEmail: upper, confirmCompanyEmail: upper }),
      );

      for (const answer of [withRegistered, withNew, companyWithRegistered]) {
        expect(answer).toMatchObject({ status: 410, body: GONE });
      }
    },
  );

  it("answers a dead link in similar time for a registered and a new email", async () => {
    const token = await deadLinks["used up"]();
    const registered = await Promise.all(Array.from({ length: 9 }, () => createMember(db())));
    await registerPersonal(t.app, personalForm(token));

    const timed = await timeInTurns(
      registered.length,
      (round) => {
        const email = registered[round]?.email;
        return registerPersonal(t.app, personalForm(token, { email, confirmEmail: email }));
      },
      () => registerPersonal(t.app, personalForm(token)),
    );

    for (const answer of [...timed.known, ...timed.unknown]) {
      expect(answer).toMatchObject({ status: 410, body: GONE });
    }
    expectSimilarTimes(timed);
  });

  it("says 'already in use' only through a live link", async () => {
    const registered = await createMember(db());
    const live = await insertLink(db(), referrerId, { maxUses: 5 });

    const answer = await registerPersonal(
      t.app,
      personalForm(live.token, { email: registered.email, confirmEmail: registered.email }),
    );

    expect(answer).toMatchObject({ status: 409, body: EMAIL_IN_USE });
  });

  it("limits refused registrations per IP: the 11th answers 429 with Retry-After, even for a new email", async () => {
    const ip = uniqueIp();
    const live = await insertLink(db(), referrerId, { maxUses: null });
    const probes = await Promise.all(Array.from({ length: 10 }, () => createMember(db())));

    for (const probe of probes) {
      const answer = await registerPersonal(
        t.app,
        personalForm(live.token, { email: probe.email, confirmEmail: probe.email }),
        ip,
      );
      expect(answer).toMatchObject({ status: 409, body: EMAIL_IN_USE });
    }
    const registeredAgain = await registerPersonal(
      t.app,
      personalForm(live.token, { email: probes[0]?.email, confirmEmail: probes[0]?.email }),
      ip,
    );
    const fresh = personalForm(live.token);
    const newEmail = await registerCompany(t.app, companyForm(live.token), ip);
    const newPersonal = await registerPersonal(t.app, fresh, ip);
    const elsewhere = await registerPersonal(
      t.app,
      personalForm(live.token, { email: probes[0]?.email, confirmEmail: probes[0]?.email }),
      uniqueIp(),
    );

    for (const answer of [registeredAgain, newEmail, newPersonal]) {
      expect(answer.status).toBe(429);
      expect(answer.body.error?.code).toBe("RATE_LIMITED");
      const retryAfter = Number(answer.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    }
    expect(await userByEmail(fresh.email)).toBeUndefined();
    expect(elsewhere).toMatchObject({ status: 409, body: EMAIL_IN_USE });
  });

  it("counts only refusals against an IP: twelve colleagues behind one address all register", async () => {
    const ip = uniqueIp();
    const live = await insertLink(db(), referrerId, { maxUses: null });

    for (let colleague = 0; colleague < 12; colleague++) {
      expect((await registerPersonal(t.app, personalForm(live.token), ip)).status).toBe(201);
    }
  });
});

describe("the new account", () => {
  it("is a pending personal user referred by the link's owner, onboarding not started, and can log in", async () => {
    const form = personalForm(ref, { firstName: "  Erika ", lastName: " Mustermann  ", lang: "de" });

    const answer = await registerPersonal(t.app, form);

    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ success: true, message: "Registration successful. You can now log in." });
    expect(await userByEmail(form.email)).toMatchObject({
      email: form.email,
      role: "user",
      status: "pending",
      userType: "personal",
      firstName: "Erika",
      lastName: "Mustermann",
      companyName: null,
      language: "de",
      referredByUserId: referrerId,
      emailVerifiedAt: null,
      documentsUploadedAt: null,
      profileCompletedAt: null,
      contractSignedAt: null,
      adminVerifiedAt: null,
      lastLoginAt: null,
    });
    const session = await loginOk(t.app, form.email, form.password);
    expect(session.user).toMatchObject({
      email: form.email,
      userType: "personal",
      role: "user",
      status: "pending",
    });
  });

  it("is a pending company user referred by the link's owner, onboarding not started, and can log in", async () => {
    const form = companyForm(ref, { companyName: " Acme GmbH " });

    await registerOk(t.app, "company", form);

    const user = await userByEmail(form.companyEmail);
    expect(user).toMatchObject({
      role: "user",
      status: "pending",
      userType: "company",
      companyName: "Acme GmbH",
      firstName: null,
      lastName: null,
      language: "en",
      referredByUserId: referrerId,
      emailVerifiedAt: null,
      documentsUploadedAt: null,
      profileCompletedAt: null,
      contractSignedAt: null,
      adminVerifiedAt: null,
    });
    const session = await loginOk(t.app, form.companyEmail, form.password);
    expect(session.user).toMatchObject({ userType: "company", companyName: "Acme GmbH", status: "pending" });
  });

  it("stores an argon2id hash, never the password", async () => {
    const form = personalForm(ref);

    await registerOk(t.app, "personal", form);

    const user = await userByEmail(form.email);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(form.password);
  });

  it("counts one use of the link and records who registered", async () => {
    const link = await insertLink(db(), referrerId, { maxUses: 10 });
    const form = personalForm(link.token);

    await registerOk(t.app, "personal", form);

    const user = await userByEmail(form.email);
    expect(await linkUses(db(), link.id)).toBe(1);
    expect(await db().select().from(referralUses).where(eq(referralUses.linkId, link.id))).toEqual([
      expect.objectContaining({ newUserId: user?.id, newUserType: "personal" }),
    ]);
  });
});
