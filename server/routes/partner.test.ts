import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Earnings } from "../../lib/schemas/partner";
import { auditLog, commissions, ledgerEntries, shopApiKeys, shopOrders, users } from "../db/schema";
import { approveHeldCommissions } from "../domain/partner/commission-hold";
import { commissionCents } from "../domain/partner/ledger";
import { call, loginOk } from "../testing/auth-api";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;
const DAY_MS = 24 * 60 * 60 * 1000;

type Caller = { id: string; email: string; token: string };

async function signedIn(role: "user" | "admin" | "super_admin" = "user"): Promise<Caller> {
  const member = await createMember(db(), { role });
  const { accessToken } = await loginOk(t.app, member.email, member.password);
  return { id: member.id, email: member.email, token: accessToken };
}

let superAdmin: Caller;
let shopKey: string;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signedIn("super_admin");
  const created = await call(t.app, "POST", "/api/admin/shop-keys", {
    token: superAdmin.token,
    body: { name: "Members' shop" },
  });
  expect(created.status).toBe(201);
  shopKey = (created.body as { key: string }).key;
  const plan = await call(t.app, "PUT", "/api/admin/commission-plan", {
    token: superAdmin.token,
    body: { personalPercent: 10, companyPercent: 12.5, minimumOrderCents: 1000 },
  });
  expect(plan.status).toBe(200);
});
afterAll(() => t.close());

type PartnerOptions = {
  userType?: "personal" | "company";
  approved?: boolean;
  status?: "active" | "suspended";
};

/** A partner (approved unless told otherwise) and a buyer they invited. */
async function partnerAndBuyer(options: PartnerOptions = {}) {
  const partner = await createMember(db(), {
    userType: options.userType ?? "personal",
    status: options.status ?? "active",
    ...(options.userType === "company" ? { companyName: "Partner GmbH" } : {}),
  });
  if (options.approved !== false) {
    await db().update(users).set({ adminVerifiedAt: new Date() }).where(eq(users.id, partner.id));
  }
  const buyer = await createMember(db(), { firstName: "Bea", lastName: "Buyer" });
  await db().update(users).set({ referredByUserId: partner.id }).where(eq(users.id, buyer.id));
  return { partner, buyer };
}

const order = (buyerSub: string, overrides: Record<string, unknown> = {}) => ({
  orderId: `order-${randomUUID()}`,
  buyerSub,
  amountCents: 1999,
  currency: "EUR",
  placedAt: "2026-12-01T10:00:00Z",
  status: "paid",
  ...overrides,
});

const report = (body: unknown, key: string | null = shopKey) =>
  call(t.app, "POST", "/api/partner/orders", { body, ...(key ? { token: key } : {}) });

async function earningsOf(member: { email: string; password: string }, page = 1): Promise<Earnings> {
  const { accessToken } = await loginOk(t.app, member.email, member.password);
  const answer = await call(t.app, "GET", `/api/earnings?page=${page}`, { token: accessToken });
  expect(answer.status).toBe(200);
  return answer.body as unknown as Earnings;
}

const commissionsOfOrder = async (orderId: string) =>
  db()
    .select({ id: commissions.id, amountCents: commissions.amountCents, partner: commissions.partnerUserId })
    .from(commissions)
    .innerJoin(shopOrders, eq(shopOrders.id, commissions.shopOrderId))
    .where(eq(shopOrders.orderId, orderId));

describe("shop keys: super admins only, shown once, stored hashed, revocable, audited", () => {
  it("creates a key that authenticates the shop, lists it without the key, and revokes it", async () => {
    const created = await call(t.app, "POST", "/api/admin/shop-keys", {
      token: superAdmin.token,
      body: { name: "Staging shop" },
    });
    expect(created.status).toBe(201);
    const { id: keyId, key } = created.body as { id: string; key: string };
    expect(key).toMatch(/^pps_[A-Za-z0-9_-]{43}$/);
    const [stored] = await db().select().from(shopApiKeys).where(eq(shopApiKeys.id, keyId));
    expect(stored?.keyHash).not.toContain(key.slice(4));
    expect(JSON.stringify(stored)).not.toContain(key);

    const listed = await call(t.app, "GET", "/api/admin/shop-keys", { token: superAdmin.token });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const entry = ((listed.body as { keys: unknown }).keys as Array<Record<string, unknown>>).find(
      (row) => row.id === keyId,
    );
    expect(entry).toMatchObject({ name: "Staging shop", prefix: key.slice(0, 10), revokedAt: null });

    const { buyer } = await partnerAndBuyer();
    expect((await report(order(buyer.id), key)).status).toBe(200);
    const used = await call(t.app, "GET", "/api/admin/shop-keys", { token: superAdmin.token });
    const usedEntry = ((used.body as { keys: unknown }).keys as Array<Record<string, unknown>>).find(
      (row) => row.id === keyId,
    );
    expect(usedEntry?.lastUsedAt).not.toBeNull();

    const revoked = await call(t.app, "DELETE", `/api/admin/shop-keys/${keyId}`, {
      token: superAdmin.token,
    });
    expect(revoked.status).toBe(200);
    expect((await report(order(buyer.id), key)).status).toBe(401);
    const unknownKey = await call(t.app, "DELETE", `/api/admin/shop-keys/${randomUUID()}`, {
      token: superAdmin.token,
    });
    expect(unknownKey.status).toBe(404);
    expect(unknownKey.body).toMatchObject({
      error: { message: "Shop key not found", reason: "shopKeyNotFound" },
    });

    const audit = await db().select({ action: auditLog.action, details: auditLog.details }).from(auditLog);
    const actions = audit
      .filter((row) => (row.details as { shopKeyId?: string }).shopKeyId === keyId)
      .map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["admin.shop_key_created", "admin.shop_key_revoked"]));
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it("refuses admins who are not super admins, and members", async () => {
    for (const caller of [await signedIn("admin"), await signedIn("user")]) {
      for (const [method, path, body] of [
        ["GET", "/api/admin/shop-keys", undefined],
        ["POST", "/api/admin/shop-keys", { name: "mine" }],
        ["GET", "/api/admin/commission-plan", undefined],
        [
          "PUT",
          "/api/admin/commission-plan",
          { personalPercent: 50, companyPercent: 50, minimumOrderCents: 0 },
        ],
      ] as const) {
        const answer = await call(t.app, method, path, { token: caller.token, ...(body ? { body } : {}) });
        expect(answer.status, `${caller.email} ${method} ${path}`).toBe(403);
      }
    }
    expect((await call(t.app, "GET", "/api/admin/shop-keys")).status).toBe(401);
  });

  it("refuses an order without a key, with a made-up one, and with a session token", async () => {
    const { buyer } = await partnerAndBuyer();
    expect((await report(order(buyer.id), null)).status).toBe(401);
    expect((await report(order(buyer.id), `pps_${"A".repeat(43)}`)).status).toBe(401);
    expect((await report(order(buyer.id), superAdmin.token)).status).toBe(401);
  });
});

describe("the commission plan", () => {
  it("takes percentages with two decimals at most, 0 to 100, and a whole minimum", async () => {
    for (const body of [
      { personalPercent: 12.345, companyPercent: 10, minimumOrderCents: 0 },
      { personalPercent: 101, companyPercent: 10, minimumOrderCents: 0 },
      { personalPercent: -1, companyPercent: 10, minimumOrderCents: 0 },
      { personalPercent: 10, companyPercent: 10, minimumOrderCents: 10.5 },
      { personalPercent: 10, companyPercent: 10 },
    ]) {
      const answer = await call(t.app, "PUT", "/api/admin/commission-plan", {
        token: superAdmin.token,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    const plan = await call(t.app, "GET", "/api/admin/commission-plan", { token: superAdmin.token });
    expect(plan.body).toMatchObject({ personalPercent: 10, companyPercent: 12.5, minimumOrderCents: 1000 });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "admin.commission_plan_changed"));
    expect(audit.at(-1)?.details).toMatchObject({
      after: { personalBasisPoints: 1000, companyBasisPoints: 1250, minimumOrderCents: 1000 },
    });
  });

  it("rounds half a cent up, in integers: 1 999 cents at 12.5 % is 250, 0.5 cent is 1", () => {
    expect(commissionCents(1999, 1250)).toBe(250);
    expect(commissionCents(1, 5000)).toBe(1);
    expect(commissionCents(1, 4999)).toBe(0);
    expect(commissionCents(1_000_000_000, 10_000)).toBe(1_000_000_000);
    expect(commissionCents(33_333, 333)).toBe(1110);
  });
});

describe("orders from the shop and the commissions they earn", () => {
  it("earns the buyer's inviter their account type's rate, shown in their earnings without the buyer", async () => {
    const personal = await partnerAndBuyer();
    const company = await partnerAndBuyer({ userType: "company" });
    const first = order(personal.buyer.id, { amountCents: 1999 });
    const answer = await report(first);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ orderId: first.orderId, status: "paid" });
    expect(await commissionsOfOrder(first.orderId)).toEqual([
      expect.objectContaining({ amountCents: 200, partner: personal.partner.id }),
    ]);
    const second = order(company.buyer.id, { amountCents: 1999 });
    expect((await report(second)).status).toBe(200);
    expect(await commissionsOfOrder(second.orderId)).toEqual([
      expect.objectContaining({ amountCents: 250, partner: company.partner.id }),
    ]);

    const earnings = await earningsOf(personal.partner);
    expect(earnings.totals).toEqual({ pendingCents: 200, approvedCents: 0, paidCents: 0 });
    expect(earnings.entries).toEqual([
      expect.objectContaining({
        orderAmountCents: 1999,
        commissionCents: 200,
        state: "pending",
        orderDate: "2026-12-01T10:00:00.000Z",
      }),
    ]);
    const shown = JSON.stringify(earnings);
    for (const secret of [personal.buyer.email, personal.buyer.id, "Bea", "Buyer", first.orderId]) {
      expect(shown).not.toContain(secret);
    }
  });

  it("earns nothing below the minimum, for an unapproved or suspended inviter, or without an inviter", async () => {
    const below = await partnerAndBuyer();
    const pending = await partnerAndBuyer({ approved: false });
    const suspended = await partnerAndBuyer({ status: "suspended" });
    const uninvited = await createMember(db());
    const orders = [
      order(below.buyer.id, { amountCents: 999 }),
      order(pending.buyer.id, { amountCents: 5000 }),
      order(suspended.buyer.id, { amountCents: 5000 }),
      order(uninvited.id, { amountCents: 5000 }),
    ];
    for (const body of orders) {
      expect((await report(body)).status).toBe(200);
      expect(await commissionsOfOrder(body.orderId)).toEqual([]);
    }
    // One cent more than the minimum's edge earns: the minimum itself is included.
    const atMinimum = order(below.buyer.id, { amountCents: 1000 });
    await report(atMinimum);
    expect(await commissionsOfOrder(atMinimum.orderId)).toHaveLength(1);
  });

  it("refuses a buyer who is no member, another currency, fractions of a cent and a negative amount", async () => {
    const { buyer } = await partnerAndBuyer();
    const unknown = await report(order(randomUUID()));
    expect(unknown.status).toBe(422);
    expect((unknown.body.error as { code: string }).code).toBe("BUYER_UNKNOWN");
    for (const overrides of [
      { currency: "USD" },
      { amountCents: 19.99 },
      { amountCents: -100 },
      { amountCents: 0 },
      { placedAt: "yesterday" },
      { status: "shipped" },
      { buyerSub: "not-a-uuid" },
    ]) {
      const answer = await report(order(buyer.id, overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(422);
    }
  });

  it("records 50 parallel repeats of one order once, each answered alike", async () => {
    const { partner, buyer } = await partnerAndBuyer();
    const body = order(buyer.id, { amountCents: 10_000 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => report(body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await db().select().from(shopOrders).where(eq(shopOrders.orderId, body.orderId))).toHaveLength(1);
    const earned = await commissionsOfOrder(body.orderId);
    expect(earned).toEqual([expect.objectContaining({ amountCents: 1000 })]);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.partnerUserId, partner.id));
    expect(entries).toHaveLength(1);
  });

  it("applies a refund once, whether 20 reports of it arrive at once, and refuses a changed order", async () => {
    const { partner, buyer } = await partnerAndBuyer();
    const body = order(buyer.id, { amountCents: 4000 });
    await report(body);
    const refunds = await Promise.all(
      Array.from({ length: 20 }, () => report({ ...body, status: "refunded" })),
    );
    expect(refunds.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const entries = await db()
      .select({ event: ledgerEntries.event, bucket: ledgerEntries.bucket, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.partnerUserId, partner.id));
    expect(entries).toEqual(
      expect.arrayContaining([
        { event: "earned", bucket: "pending", cents: 400 },
        { event: "reversed", bucket: "pending", cents: -400 },
      ]),
    );
    expect(entries).toHaveLength(2);

    const paidAgain = await report(body);
    expect(paidAgain.status).toBe(409);
    expect((paidAgain.body.error as { code: string }).code).toBe("ORDER_CONFLICT");
    expect(paidAgain.body.error).toMatchObject({
      message: "A refunded order cannot become paid again.",
      reason: "refundedOrderNotPayable",
    });
    const changed = await report({ ...body, status: "refunded", amountCents: 4001 });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatchObject({
      message: "This order id was reported before with other details.",
      reason: "orderReportedDifferently",
    });
    const partnerEarnings = await earningsOf(partner);
    expect(partnerEarnings.totals).toEqual({ pendingCents: 0, approvedCents: 0, paidCents: 0 });
    expect(partnerEarnings.entries[0]?.state).toBe("reversed");
  });

  it("records an order reported as refunded from the start, earning nothing", async () => {
    const { buyer } = await partnerAndBuyer();
    const body = order(buyer.id, { status: "refunded" });
    expect((await report(body)).status).toBe(200);
    expect(await commissionsOfOrder(body.orderId)).toEqual([]);
  });
});

describe("the hold: commissions become approved after COMMISSION_HOLD_DAYS without a refund", () => {
  it("approves after the hold, not before; a refund after approval takes it back from approved", async () => {
    const { partner, buyer } = await partnerAndBuyer();
    const kept = order(buyer.id, { amountCents: 20_000 });
    const refundedLater = order(buyer.id, { amountCents: 10_000 });
    const refundedEarly = order(buyer.id, { amountCents: 5_000 });
    for (const body of [kept, refundedLater, refundedEarly]) await report(body);
    await report({ ...refundedEarly, status: "refunded" });

    const now = Date.now();
    await approveHeldCommissions(db(), new Date(now + 29 * DAY_MS), 30);
    let earnings = await earningsOf(partner);
    expect(earnings.totals).toEqual({ pendingCents: 3000, approvedCents: 0, paidCents: 0 });

    await approveHeldCommissions(db(), new Date(now + 30 * DAY_MS + 60_000), 30);
    earnings = await earningsOf(partner);
    expect(earnings.totals).toEqual({ pendingCents: 0, approvedCents: 3000, paidCents: 0 });
    expect(earnings.entries.map((entry) => entry.state).sort()).toEqual(["approved", "approved", "reversed"]);

    // Run again: nothing is approved twice.
    await approveHeldCommissions(db(), new Date(now + 31 * DAY_MS), 30);
    await report({ ...refundedLater, status: "refunded" });
    earnings = await earningsOf(partner);
    expect(earnings.totals).toEqual({ pendingCents: 0, approvedCents: 2000, paidCents: 0 });
    const rows = await db()
      .select({ event: ledgerEntries.event })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.partnerUserId, partner.id), eq(ledgerEntries.event, "approved")));
    // Two approvals, each a row out of pending and a row into approved.
    expect(rows).toHaveLength(4);
  });

  it("a refund racing the approval run leaves the commission either reversed or approved-then-reversed, never both approved and pending", async () => {
    const { partner, buyer } = await partnerAndBuyer();
    const bodies = Array.from({ length: 10 }, () => order(buyer.id, { amountCents: 1000 }));
    for (const body of bodies) await report(body);
    await Promise.all([
      approveHeldCommissions(db(), new Date(Date.now() + 31 * DAY_MS), 30),
      ...bodies.map((body) => report({ ...body, status: "refunded" })),
    ]);
    const earnings = await earningsOf(partner);
    expect(earnings.totals).toEqual({ pendingCents: 0, approvedCents: 0, paidCents: 0 });
    expect(earnings.entries.every((entry) => entry.state === "reversed")).toBe(true);
  });
});

describe("earnings: GET /api/earnings", () => {
  it("pages the entries, newest first, and is for signed-in members only", async () => {
    const { partner, buyer } = await partnerAndBuyer();
    for (let index = 0; index < 55; index++) await report(order(buyer.id, { amountCents: 1000 + index }));
    const first = await earningsOf(partner);
    expect(first.total).toBe(55);
    expect(first.pageCount).toBe(2);
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]?.orderAmountCents).toBe(1054);
    const second = await earningsOf(partner, 2);
    expect(second.entries).toHaveLength(5);
    expect(second.entries.at(-1)?.orderAmountCents).toBe(1000);
    expect(first.totals.pendingCents).toBe(
      55 * 100 +
        [...Array(55).keys()].reduce((sum, index) => sum + commissionCents(1000 + index, 1000) - 100, 0),
    );
    expect((await call(t.app, "GET", "/api/earnings")).status).toBe(401);
    const nobody = await signedIn();
    const empty = await call(t.app, "GET", "/api/earnings", { token: nobody.token });
    expect(empty.body).toMatchObject({
      totals: { pendingCents: 0, approvedCents: 0, paidCents: 0 },
      entries: [],
      total: 0,
    });
  });
});
