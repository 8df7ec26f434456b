import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPIRY_DAY_OPTIONS, MAX_USES_OPTIONS } from "../../lib/constants";
import { permissions, referralLinks, users } from "../db/schema";
import { call, post } from "../testing/auth-api";
import {
  companyForm,
  createLink,
  createReferrer,
  insertLink,
  type LinkBody,
  linkUses,
  personalForm,
  registerOk,
  registerPersonal,
} from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const gone = {
  error: { code: "GONE", message: "Invalid or Expired Referral Link.", reason: "referralLinkInvalid" },
};

const list = async (token: string) => {
  const answer = await call(t.app, "GET", "/api/referral/list", { token });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { tokens: LinkBody[] }).tokens;
};
const stats = (token: string) => call(t.app, "GET", "/api/referral/stats", { token });
const info = (linkToken: string) => call(t.app, "GET", `/api/referral/info/${encodeURIComponent(linkToken)}`);
const deactivate = (token: string, tokenId: string) =>
  post(t.app, "/api/referral/deactivate", { tokenId }, { token });
const setOwnerStatus = (userId: string, status: "pending" | "active" | "suspended") =>
  db().update(users).set({ status }).where(eq(users.id, userId));

describe("POST /api/referral/create", () => {
  it("creates a link with the defaults (3 days, 10 uses) from an empty body", async () => {
    const owner = await createReferrer(t.app, db());

    const link = await createLink(t.app, owner.token, {});

    expect(link).toMatchObject({
      status: "active",
      label: null,
      maxUses: 10,
      used: 0,
      usageDisplay: "0/10",
      isUnlimited: false,
      registrations: [],
    });
    expect(link.expires).not.toBeNull();
    const lifetime = Date.parse(link.expires as string) - Date.parse(link.created);
    expect(Math.abs(lifetime - 3 * DAY_MS)).toBeLessThan(60_000);
  });

  it("issues an unguessable url-safe token and a link built from PUBLIC_URL", async () => {
    const owner = await createReferrer(t.app, db());

    const first = await createLink(t.app, owner.token);
    const second = await createLink(t.app, owner.token);

    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(first.link).toBe(`http://localhost:3000/register?ref=${first.token}`);
    expect(second.token).not.toBe(first.token);
  });

  it("accepts every allowed expiry and max-uses option; 0 means never and unlimited", async () => {
    const owner = await createReferrer(t.app, db());

    for (const expiresInDays of EXPIRY_DAY_OPTIONS) {
      for (const maxUses of MAX_USES_OPTIONS) {
        const link = await createLink(t.app, owner.token, { expiresInDays, maxUses });

        expect(link.maxUses).toBe(maxUses);
        expect(link.isUnlimited).toBe(maxUses === 0);
        expect(link.usageDisplay).toBe(maxUses === 0 ? "∞" : `0/${maxUses}`);
        if (expiresInDays === 0) {
          expect(link.expires).toBeNull();
        } else {
          const lifetime = Date.parse(link.expires as string) - Date.parse(link.created);
          expect(Math.abs(lifetime - expiresInDays * DAY_MS)).toBeLessThan(60_000);
        }
      }
    }
    expect(await list(owner.token)).toHaveLength(EXPIRY_DAY_OPTIONS.length * MAX_USES_OPTIONS.length);
  });

  it("stores never and unlimited as null in the database", async () => {
    const owner = await createReferrer(t.app, db());

    const link = await createLink(t.app, owner.token, { expiresInDays: 0, maxUses: 0 });

    expect(link).toMatchObject({ expires: null, isUnlimited: true, usageDisplay: "∞", maxUses: 0 });
    const [row] = await db()
      .select({ expiresAt: referralLinks.expiresAt, maxUses: referralLinks.maxUses })
      .from(referralLinks)
      .where(eq(referralLinks.id, link.id));
    expect(row).toEqual({ expiresAt: null, maxUses: null });
  });

  it.each([
    { expiresInDays: 2 },
    { expiresInDays: 30 },
    { expiresInDays: -1 },
    { expiresInDays: 1.5 },
    { expiresInDays: "3" },
    { maxUses: 4 },
    { maxUses: 100 },
    { maxUses: -10 },
    { maxUses: "10" },
    { label: "x".repeat(81) },
  ])("refuses the option %j with 422 and creates nothing", async (body) => {
    const owner = await createReferrer(t.app, db());

    const answer = await post(t.app, "/api/referral/create", body, { token: owner.token });

    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe("VALIDATION_FAILED");
    expect(await list(owner.token)).toEqual([]);
  });

  it("keeps a label, trimmed; a blank label is none", async () => {
    const owner = await createReferrer(t.app, db());

    const labelled = await createLink(t.app, owner.token, { label: "  for Acme GmbH  " });
    const blank = await createLink(t.app, owner.token, { label: "   " });

    expect(labelled.label).toBe("for Acme GmbH");
    expect(blank.label).toBeNull();
    expect((await list(owner.token)).map((link) => link.label)).toEqual([null, "for Acme GmbH"]);
  });
});

describe("GET /api/referral/list", () => {
  it("returns the caller's links in the field tokens, newest first", async () => {
    const owner = await createReferrer(t.app, db());
    const first = await createLink(t.app, owner.token, { label: "first" });
    const second = await createLink(t.app, owner.token, { label: "second" });
    const third = await createLink(t.app, owner.token, { label: "third", maxUses: 0 });

    const answer = await call(t.app, "GET", "/api/referral/list", { token: owner.token });

    expect(answer.status).toBe(200);
    const tokens = (answer.body as unknown as { tokens: LinkBody[] }).tokens;
    expect(tokens.map((link) => link.id)).toEqual([third.id, second.id, first.id]);
    expect(tokens.map((link) => link.usageDisplay)).toEqual(["∞", "0/10", "0/10"]);
  });

  it("shows used/max and each registration's name, type and date once people register", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token, { maxUses: 5 });
    const before = Date.now();
    await registerOk(
      t.app,
      "personal",
      personalForm(link.token, { firstName: "Erika", lastName: "Mustermann" }),
    );
    await registerOk(t.app, "company", companyForm(link.token, { companyName: "Acme GmbH" }));

    const [listed] = await list(owner.token);

    expect(listed).toMatchObject({ id: link.id, used: 2, maxUses: 5, usageDisplay: "2/5", status: "active" });
    expect(listed?.registrations).toEqual([
      { name: "Erika Mustermann", type: "personal", date: expect.any(String) },
      { name: "Acme GmbH", type: "company", date: expect.any(String) },
    ]);
    for (const registration of listed?.registrations ?? []) {
      expect(Date.parse(registration.date)).toBeGreaterThanOrEqual(before - 5_000);
      expect(Date.parse(registration.date)).toBeLessThanOrEqual(Date.now() + 5_000);
    }
  });

  it("shows a user only their own links", async () => {
    const alice = await createReferrer(t.app, db());
    const bob = await createReferrer(t.app, db());
    const alicesLink = await createLink(t.app, alice.token);
    const bobsLink = await createLink(t.app, bob.token);

    expect((await list(alice.token)).map((link) => link.id)).toEqual([alicesLink.id]);
    expect((await list(bob.token)).map((link) => link.id)).toEqual([bobsLink.id]);
  });
});

describe("POST /api/referral/deactivate", () => {
  it("lets the owner deactivate a link; it then lists as deactivated and its info answers 410", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);

    const answer = await deactivate(owner.token, link.id);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: "Referral link deactivated." });
    expect((await list(owner.token))[0]?.status).toBe("deactivated");
    expect(await info(link.token)).toMatchObject({ status: 410, body: gone });
    // Again: nothing left to do, still fine.
    expect((await deactivate(owner.token, link.id)).status).toBe(200);
  });

  it("refuses registrations through a deactivated link", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);
    await deactivate(owner.token, link.id);
    const form = personalForm(link.token);

    expect(await registerPersonal(t.app, form)).toMatchObject({ status: 410, body: gone });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, form.email))).toEqual([]);
  });

  it.each(["admin", "super_admin"] as const)("lets an %s deactivate another member's link", async (role) => {
    const owner = await createReferrer(t.app, db());
    const admin = await createReferrer(t.app, db(), { role, canCreateReferrals: false });
    const link = await createLink(t.app, owner.token);

    const answer = await deactivate(admin.token, link.id);

    expect(answer.status).toBe(200);
    expect((await list(owner.token))[0]?.status).toBe("deactivated");
  });

  it("answers 404 for another user's link and leaves it active", async () => {
    const owner = await createReferrer(t.app, db());
    const intruder = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);

    const answer = await deactivate(intruder.token, link.id);

    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({
      code: "NOT_FOUND",
      message: "Referral link not found.",
      reason: "referralLinkNotFound",
    });
    expect((await list(owner.token))[0]?.status).toBe("active");
    expect((await info(link.token)).status).toBe(200);
    expect((await list(intruder.token)).map((listed) => listed.id)).not.toContain(link.id);
  });

  it("answers 404 for an unknown id and 422 for an id that is no uuid", async () => {
    const owner = await createReferrer(t.app, db());

    expect((await deactivate(owner.token, crypto.randomUUID())).status).toBe(404);
    expect((await deactivate(owner.token, "not-a-uuid")).status).toBe(422);
  });
});

describe("GET /api/referral/stats", () => {
  it("counts the caller's links and the people referred, by type", async () => {
    const owner = await createReferrer(t.app, db());
    const other = await createReferrer(t.app, db());
    const busy = await createLink(t.app, owner.token, { maxUses: 10 });
    const single = await createLink(t.app, owner.token, { maxUses: 1 });
    await createLink(t.app, owner.token, { maxUses: 0, expiresInDays: 0 });
    const stopped = await createLink(t.app, owner.token);
    const othersLink = await createLink(t.app, other.token);
    await registerOk(t.app, "personal", personalForm(busy.token));
    await registerOk(t.app, "personal", personalForm(busy.token));
    await registerOk(t.app, "company", companyForm(busy.token));
    await registerOk(t.app, "personal", personalForm(single.token));
    await registerOk(t.app, "company", companyForm(othersLink.token));
    await deactivate(owner.token, stopped.id);

    const answer = await stats(owner.token);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      stats: {
        totalLinks: 4,
        // busy and the unlimited one; single is used up, stopped deactivated.
        activeLinks: 2,
        linksUsed: 2,
        companyUsersReferred: 1,
        personalUsersReferred: 3,
        // Nobody opened the page (the registrations were posted directly) or went further.
        funnel: { opened: 0, registered: 4, onboarded: 0, approved: 0 },
      },
    });
  });

  it("is all zero for a member without links", async () => {
    const owner = await createReferrer(t.app, db());

    expect((await stats(owner.token)).body).toEqual({
      success: true,
      stats: {
        totalLinks: 0,
        activeLinks: 0,
        linksUsed: 0,
        companyUsersReferred: 0,
        personalUsersReferred: 0,
        funnel: { opened: 0, registered: 0, onboarded: 0, approved: 0 },
      },
    });
  });
});

describe("permission gate", () => {
  const calls = {
    create: (token?: string) => post(t.app, "/api/referral/create", {}, token ? { token } : {}),
    list: (token?: string) => call(t.app, "GET", "/api/referral/list", token ? { token } : {}),
    stats: (token?: string) => call(t.app, "GET", "/api/referral/stats", token ? { token } : {}),
    deactivate: (token?: string) =>
      post(t.app, "/api/referral/deactivate", { tokenId: crypto.randomUUID() }, token ? { token } : {}),
  };

  it.each(Object.keys(calls) as (keyof typeof calls)[])("refuses a visitor on %s with 401", async (name) => {
    const answer = await calls[name]();

    expect(answer.status).toBe(401);
    expect(answer.body.error?.code).toBe("UNAUTHORIZED");
  });

  it("refuses a plain user without can_create_referrals with 403 on every call", async () => {
    const user = await createReferrer(t.app, db(), { canCreateReferrals: false });

    for (const name of Object.keys(calls) as (keyof typeof calls)[]) {
      const answer = await calls[name](user.token);
      expect(answer.status, name).toBe(403);
      expect(answer.body.error, name).toEqual({
        code: "FORBIDDEN",
        message: "You do not have permission to perform this action",
        reason: "referralActionDenied",
      });
    }
    const [links] = await db()
      .select({ total: count() })
      .from(referralLinks)
      .where(eq(referralLinks.ownerUserId, user.id));
    expect(links?.total).toBe(0);
  });

  it.each([
    { who: "a user with can_create_referrals", role: "user", canCreateReferrals: true },
    { who: "an admin", role: "admin", canCreateReferrals: false },
    { who: "a super admin", role: "super_admin", canCreateReferrals: false },
  ] as const)("allows $who", async ({ role, canCreateReferrals }) => {
    const member = await createReferrer(t.app, db(), { role, canCreateReferrals });

    const created = await calls.create(member.token);
    expect(created.status).toBe(201);
    expect((await calls.list(member.token)).status).toBe(200);
    expect((await calls.stats(member.token)).status).toBe(200);
    expect((await deactivate(member.token, (created.body as unknown as LinkBody).id)).status).toBe(200);
  });

  it("reads the permission from the database on every call: revoked or inactive → 403 with the same token", async () => {
    const member = await createReferrer(t.app, db());
    expect((await calls.list(member.token)).status).toBe(200);

    await db()
      .update(permissions)
      .set({ isActive: false })
      .where(eq(permissions.name, "can_create_referrals"));
    try {
      expect((await calls.list(member.token)).status).toBe(403);
    } finally {
      await db()
        .update(permissions)
        .set({ isActive: true })
        .where(eq(permissions.name, "can_create_referrals"));
    }
    expect((await calls.list(member.token)).status).toBe(200);
  });
});

describe("GET /api/referral/info/{token}", () => {
  it("names the referrer (display name and email) and what the link has left", async () => {
    const owner = await createReferrer(t.app, db(), { firstName: "Rita", lastName: "Referrer" });
    const link = await createLink(t.app, owner.token, { maxUses: 5 });

    const answer = await info(link.token);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      referrerName: "Rita Referrer",
      referrerEmail: owner.email,
      isUnlimited: false,
      usesRemaining: 5,
    });
    await registerOk(t.app, "personal", personalForm(link.token));
    expect((await info(link.token)).body).toMatchObject({ usesRemaining: 4 });
  });

  it("names a company owner by company name and reports an unlimited link", async () => {
    const owner = await createReferrer(t.app, db(), {
      userType: "company",
      companyName: "Beispiel AG",
      firstName: null,
      lastName: null,
    });
    const link = await createLink(t.app, owner.token, { maxUses: 0, expiresInDays: 0 });

    expect((await info(link.token)).body).toEqual({
      success: true,
      referrerName: "Beispiel AG",
      referrerEmail: owner.email,
      isUnlimited: true,
      usesRemaining: null,
    });
  });

  it("answers 404 for an unknown token", async () => {
    const answer = await info("no-such-token-at-all");

    expect(answer.status).toBe(404);
    expect(answer.body.error?.code).toBe("NOT_FOUND");
  });

  it("answers 410 for an expired link", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await insertLink(db(), owner.id, { expiresAt: new Date(Date.now() - 60_000) });

    expect(await info(link.token)).toMatchObject({ status: 410, body: gone });
  });

  it("answers 410 for a used-up link", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token, { maxUses: 1 });
    await registerOk(t.app, "personal", personalForm(link.token));

    expect(await info(link.token)).toMatchObject({ status: 410, body: gone });
  });

  it("answers 410 for a deactivated link", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);
    await deactivate(owner.token, link.id);

    expect(await info(link.token)).toMatchObject({ status: 410, body: gone });
  });

  it.each(["suspended", "pending"] as const)(
    "answers 410 while the owner is %s, and 200 again once active",
    async (status) => {
      const owner = await createReferrer(t.app, db());
      const link = await createLink(t.app, owner.token);

      await setOwnerStatus(owner.id, status);
      expect(await info(link.token)).toMatchObject({ status: 410, body: gone });

      await setOwnerStatus(owner.id, "active");
      expect((await info(link.token)).status).toBe(200);
    },
  );
});

describe("limits enforced at registration", () => {
  it("refuses an expired link with 410 and creates no user", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await insertLink(db(), owner.id, { expiresAt: new Date(Date.now() - 1_000) });
    const form = personalForm(link.token);

    const answer = await registerPersonal(t.app, form);

    expect(answer).toMatchObject({ status: 410, body: gone });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, form.email))).toEqual([]);
    expect(await linkUses(db(), link.id)).toBe(0);
  });

  it("takes exactly maxUses registrations, then refuses with 410", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token, { maxUses: 3 });

    for (let index = 0; index < 3; index += 1) await registerOk(t.app, "personal", personalForm(link.token));
    const late = personalForm(link.token);
    const answer = await registerPersonal(t.app, late);

    expect(answer).toMatchObject({ status: 410, body: gone });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, late.email))).toEqual([]);
    expect(await linkUses(db(), link.id)).toBe(3);
    expect((await list(owner.token))[0]).toMatchObject({ status: "inactive", usageDisplay: "3/3" });
  });

  it.each(["suspended", "pending"] as const)("refuses registration while the owner is %s", async (status) => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);
    await setOwnerStatus(owner.id, status);

    expect(await registerPersonal(t.app, personalForm(link.token))).toMatchObject({
      status: 410,
      body: gone,
    });
    expect(await linkUses(db(), link.id)).toBe(0);
  });

  it("answers 404 for a registration with an unknown token", async () => {
    const form = personalForm("unknown-token");

    expect((await registerPersonal(t.app, form)).status).toBe(404);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, form.email))).toEqual([]);
  });
});
