import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referralVisits, users } from "../db/schema";
import { recordVisit, visitorHash } from "../domain/referrals/visits";
import { call, post } from "../testing/auth-api";
import { createLink, createReferrer, type LinkBody, personalForm, registerOk } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

// The referral funnel: distinct visitors of the registration page a day (keyed hashes, no raw
// address), registrations, finished onboarding and approvals, per link and per member.

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Funnel = { opened: number; registered: number; onboarded: number; approved: number };
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

const visit = (linkToken: string, ip: string, userAgent = CHROME) =>
  call(t.app, "GET", `/api/referral/info/${encodeURIComponent(linkToken)}`, {
    ip,
    headers: { "user-agent": userAgent },
  });
const linkFunnel = async (ownerToken: string, linkId: string): Promise<Funnel | undefined> => {
  const answer = await call(t.app, "GET", "/api/referral/list", { token: ownerToken });
  expect(answer.status).toBe(200);
  const links = (answer.body as unknown as { tokens: (LinkBody & { funnel: Funnel })[] }).tokens;
  return links.find((link) => link.id === linkId)?.funnel;
};
const memberFunnel = async (ownerToken: string): Promise<Funnel> => {
  const answer = await call(t.app, "GET", "/api/referral/stats", { token: ownerToken });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { stats: { funnel: Funnel } }).stats.funnel;
};
const allStepsDone = {
  emailVerifiedAt: new Date(),
  documentsUploadedAt: new Date(),
  profileCompletedAt: new Date(),
  contractSignedAt: new Date(),
};
const userIdOf = async (email: string) => {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

describe("opened: distinct visitors of a link a day", () => {
  it("counts a visitor once a day, however often the page is loaded; another browser or address is another visitor", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);

    for (let load = 0; load < 3; load++) expect((await visit(link.token, "203.0.113.10")).status).toBe(200);
    expect(await linkFunnel(owner.token, link.id)).toMatchObject({ opened: 1 });

    await visit(link.token, "203.0.113.10", FIREFOX);
    await visit(link.token, "203.0.113.11");
    await visit(link.token, "203.0.113.11");
    expect(await linkFunnel(owner.token, link.id)).toMatchObject({ opened: 3 });
    expect(await memberFunnel(owner.token)).toMatchObject({ opened: 3 });
  });

  it("counts the same visitor again on another day", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);
    await visit(link.token, "198.51.100.7");
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await recordVisit(db(), "test-secret", link.id, { ip: "198.51.100.7", userAgent: CHROME }, yesterday);

    expect(await linkFunnel(owner.token, link.id)).toMatchObject({ opened: 2 });
  });

  it("counts addresses of one IPv6 /64 network as one visitor", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);

    await visit(link.token, "2001:db8:1:2::10");
    await visit(link.token, "2001:db8:1:2:aaaa::77");
    await visit(link.token, "2001:db8:1:3::10");

    expect(await linkFunnel(owner.token, link.id)).toMatchObject({ opened: 2 });
  });

  it("stores neither the address nor the user agent, and a day's hash does not match the next day's", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);
    await visit(link.token, "192.0.2.201", "Visitor-Agent/1.0");

    const rows = await db().select().from(referralVisits).where(eq(referralVisits.linkId, link.id));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("192.0.2.201");
    expect(stored).not.toContain("Visitor-Agent");
    expect(rows[0]?.day).toBe(new Date().toISOString().slice(0, 10));

    const visitor = { ip: "192.0.2.201", userAgent: "Visitor-Agent/1.0" };
    expect(visitorHash("secret", "2026-01-01", visitor)).toBe(visitorHash("secret", "2026-01-01", visitor));
    expect(visitorHash("secret", "2026-01-01", visitor)).not.toBe(
      visitorHash("secret", "2026-01-02", visitor),
    );
    // Without the server's secret the hash cannot be recomputed from a guessed address.
    expect(visitorHash("secret", "2026-01-01", visitor)).not.toBe(
      visitorHash("other", "2026-01-01", visitor),
    );
  });

  it("records at most 20 new visitors a day from one address across all links; the page still answers, another address still counts", async () => {
    const owner = await createReferrer(t.app, db());
    const first = await createLink(t.app, owner.token);
    const second = await createLink(t.app, owner.token);
    // One browser reloading the page spends one visit of the allowance, not one per load.
    for (let load = 0; load < 25; load++) await visit(first.token, "198.51.100.99", "Agent/0");
    // 50 "browsers" from one address, spread over two links, and from one IPv6 /64 as well.
    for (let agent = 0; agent < 50; agent++) {
      const link = agent % 2 === 0 ? first : second;
      expect((await visit(link.token, "198.51.100.99", `Agent/${agent}`)).status).toBe(200);
    }
    for (let host = 1; host <= 30; host++) {
      expect((await visit(first.token, `2001:db8:77:1::${host.toString(16)}`, `Agent/${host}`)).status).toBe(
        200,
      );
    }
    expect((await memberFunnel(owner.token)).opened).toBe(40);

    // Another address is counted as before.
    await visit(second.token, "198.51.100.100");
    expect((await memberFunnel(owner.token)).opened).toBe(41);
    const rows = await db().select().from(referralVisits).where(eq(referralVisits.linkId, second.id));
    expect(rows).toHaveLength(11);
  });

  it("does not count a visit of a link that cannot take registrations", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);
    await post(t.app, "/api/referral/deactivate", { tokenId: link.id }, { token: owner.token });

    expect((await visit(link.token, "203.0.113.50")).status).toBe(410);
    expect(await linkFunnel(owner.token, link.id)).toMatchObject({ opened: 0 });
  });
});

describe("registered, finished onboarding, approved", () => {
  it("follows each member through the steps, per link and for the member's links together", async () => {
    const admin = await createReferrer(t.app, db(), { role: "admin" });
    const owner = await createReferrer(t.app, db());
    const first = await createLink(t.app, owner.token, { label: "first" });
    const second = await createLink(t.app, owner.token, { label: "second" });
    const forms = [personalForm(first.token), personalForm(first.token), personalForm(first.token)];
    for (const form of forms) await registerOk(t.app, "personal", form);
    const onSecond = personalForm(second.token);
    await registerOk(t.app, "personal", onSecond);
    const [stillOnboarding, onboarded, approved] = await Promise.all(
      forms.map((form) => userIdOf(form.email)),
    );
    if (!stillOnboarding || !onboarded || !approved) throw new Error("registrations missing");

    expect(await linkFunnel(owner.token, first.id)).toEqual({
      opened: 0,
      registered: 3,
      onboarded: 0,
      approved: 0,
    });

    // Three of four steps is still onboarding; all four is finished.
    await db()
      .update(users)
      .set({ ...allStepsDone, contractSignedAt: null })
      .where(eq(users.id, stillOnboarding));
    await db().update(users).set(allStepsDone).where(eq(users.id, onboarded));
    await db().update(users).set(allStepsDone).where(eq(users.id, approved));
    const verified = await post(
      t.app,
      `/api/admin/verify-user/${approved}`,
      { permissions: [] },
      { token: admin.token },
    );
    expect(verified.status).toBe(200);

    expect(await linkFunnel(owner.token, first.id)).toEqual({
      opened: 0,
      registered: 3,
      onboarded: 2,
      approved: 1,
    });
    expect(await linkFunnel(owner.token, second.id)).toEqual({
      opened: 0,
      registered: 1,
      onboarded: 0,
      approved: 0,
    });
    expect(await memberFunnel(owner.token)).toEqual({ opened: 0, registered: 4, onboarded: 2, approved: 1 });
  });

  it("keeps an approved member in 'finished onboarding' when a step is sent back later", async () => {
    const admin = await createReferrer(t.app, db(), { role: "admin" });
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);
    const form = personalForm(link.token);
    await registerOk(t.app, "personal", form);
    const id = await userIdOf(form.email);
    await db().update(users).set(allStepsDone).where(eq(users.id, id));
    expect(
      (await post(t.app, `/api/admin/verify-user/${id}`, { permissions: [] }, { token: admin.token })).status,
    ).toBe(200);
    await db().update(users).set({ documentsUploadedAt: null }).where(eq(users.id, id));

    expect(await linkFunnel(owner.token, link.id)).toMatchObject({
      registered: 1,
      onboarded: 1,
      approved: 1,
    });
  });

  it("counts a deleted member's registration, but not as onboarded or approved", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);
    const form = personalForm(link.token);
    await registerOk(t.app, "personal", form);
    const id = await userIdOf(form.email);
    await db().update(users).set(allStepsDone).where(eq(users.id, id));
    await db().delete(users).where(eq(users.id, id));

    expect(await linkFunnel(owner.token, link.id)).toEqual({
      opened: 0,
      registered: 1,
      onboarded: 0,
      approved: 0,
    });
    expect(await memberFunnel(owner.token)).toEqual({ opened: 0, registered: 1, onboarded: 0, approved: 0 });
  });

  it("counts only the caller's own links", async () => {
    const owner = await createReferrer(t.app, db());
    const other = await createReferrer(t.app, db());
    const othersLink = await createLink(t.app, other.token);
    await visit(othersLink.token, "203.0.113.90");
    await registerOk(t.app, "personal", personalForm(othersLink.token));

    expect(await memberFunnel(owner.token)).toEqual({ opened: 0, registered: 0, onboarded: 0, approved: 0 });
    expect(await memberFunnel(other.token)).toEqual({ opened: 1, registered: 1, onboarded: 0, approved: 0 });
  });

  it("a visit through the page, then a registration, shows in both steps", async () => {
    const owner = await createReferrer(t.app, db());
    const link = await createLink(t.app, owner.token);
    await visit(link.token, "203.0.113.120");
    await registerOk(t.app, "personal", personalForm(link.token));

    expect(await linkFunnel(owner.token, link.id)).toEqual({
      opened: 1,
      registered: 1,
      onboarded: 0,
      approved: 0,
    });
  });
});
