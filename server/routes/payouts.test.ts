import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Earnings } from "../../lib/schemas/partner";
import { createApp } from "../app";
import {
  changeReviews,
  ledgerEntries,
  mailOutbox,
  payoutItems,
  payouts,
  personalProfiles,
  users,
} from "../db/schema";
import { approveHeldCommissions } from "../domain/partner/commission-hold";
import { closeContractRenderer } from "../infra/pdf/render-contract-pdf";
import type { ObjectStorage } from "../infra/storage/types";
import { call, loginOk } from "../testing/auth-api";
import { type OutboxMail, waitForMail } from "../testing/eml";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;
const DAY_MS = 24 * 60 * 60 * 1000;

let superAdmin: { token: string };
let shopKey: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createMember(db(), { role: "super_admin" });
  superAdmin = { token: (await loginOk(t.app, admin.email, admin.password)).accessToken };
  const created = await call(t.app, "POST", "/api/admin/shop-keys", {
    token: superAdmin.token,
    body: { name: "Shop" },
  });
  shopKey = (created.body as { key: string }).key;
  const plan = await call(t.app, "PUT", "/api/admin/commission-plan", {
    token: superAdmin.token,
    body: { personalPercent: 10, companyPercent: 10, minimumOrderCents: 0 },
  });
  expect(plan.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await closeContractRenderer();
});

type Partner = Awaited<ReturnType<typeof createMember>> & { buyerId: string };

/** An approved partner with bank details, and a buyer they invited. */
async function partner(options: { iban?: string | null; language?: "en" | "de" } = {}): Promise<Partner> {
  const member = await createMember(db(), { firstName: "Paula", lastName: "Partner" });
  await db()
    .update(users)
    .set({ adminVerifiedAt: new Date(), language: options.language ?? "en" })
    .where(eq(users.id, member.id));
  if (options.iban !== null) {
    await db()
      .insert(personalProfiles)
      .values({
        userId: member.id,
        iban: options.iban ?? "DE02120300000000202051",
        accountHolderName: "Paula Partner",
      });
  }
  const buyer = await createMember(db());
  await db().update(users).set({ referredByUserId: member.id }).where(eq(users.id, buyer.id));
  return { ...member, buyerId: buyer.id };
}

/** An order of the partner's buyer earning `commissionCents` (10 %), returned for a later refund. */
async function sale(of: Partner, commissionCents: number) {
  const body = {
    orderId: `order-${randomUUID()}`,
    buyerSub: of.buyerId,
    amountCents: commissionCents * 10,
    currency: "EUR",
    placedAt: "2026-12-01T10:00:00Z",
    status: "paid",
  };
  const answer = await call(t.app, "POST", "/api/partner/orders", { token: shopKey, body });
  expect(answer.status).toBe(200);
  return body;
}
const refund = async (order: Awaited<ReturnType<typeof sale>>) =>
  expect(
    (
      await call(t.app, "POST", "/api/partner/orders", {
        token: shopKey,
        body: { ...order, status: "refunded" },
      })
    ).status,
  ).toBe(200);

/** Ends every commission's hold now. */
const endHolds = () => approveHeldCommissions(db(), new Date(Date.now() + 31 * DAY_MS), 30);

const admin = (method: string, path: string) => call(t.app, method, path, { token: superAdmin.token });

async function prepare() {
  const answer = await admin("POST", "/api/admin/payouts");
  return answer;
}

async function itemOf(payoutId: string, of: Partner) {
  const detail = await admin("GET", `/api/admin/payouts/${payoutId}`);
  expect(detail.status).toBe(200);
  const items = (detail.body as unknown as { items: Array<{ partnerUserId: string; amountCents: number }> })
    .items;
  return items.find((item) => item.partnerUserId === of.id);
}

async function earnings(of: Partner): Promise<Earnings> {
  const { accessToken } = await loginOk(t.app, of.email, of.password);
  const answer = await call(t.app, "GET", "/api/earnings", { token: accessToken });
  expect(answer.status).toBe(200);
  return answer.body as unknown as Earnings;
}

/** Runs every prepared run to its end, so the next test starts with none open. */
async function settleOpenRuns(action: "execute" | "cancel" = "cancel") {
  const list = await admin("GET", "/api/admin/payouts");
  for (const run of (list.body as unknown as { payouts: Array<{ id: string; status: string }> }).payouts) {
    if (run.status === "prepared")
      expect((await admin("POST", `/api/admin/payouts/${run.id}/${action}`)).status).toBe(200);
  }
}

/** The statement attached to a payout mail, and its text with white space runs as one space. */
async function statementOf(mail: OutboxMail) {
  expect(mail.attachments).toHaveLength(1);
  const [file] = mail.attachments;
  expect(file).toMatchObject({
    filename: expect.stringMatching(/^payout-statement-\d{4}-\d\d-\d\d\.pdf$/),
    contentType: "application/pdf",
  });
  const pdf = new Uint8Array(file?.content ?? []);
  const text = (await extractText(await getDocumentProxy(pdf), { mergePages: true })).text;
  return text.replace(/\s+/g, " ");
}

const runOf = async (runId: string) =>
  (await admin("GET", `/api/admin/payouts/${runId}`)).body as unknown as {
    messageId: string;
    status: string;
  };

/** Whether object storage holds `key` (the body is closed unread). */
async function isStored(key: string) {
  const object = await t.deps.storage.get(key);
  object?.body.destroy();
  return object !== null;
}

/** Runs `body` with the test app's sender stopped, so mails wait in the outbox to be looked at. */
async function withSenderStopped(body: () => Promise<void>) {
  await t.mailSender.stop();
  try {
    await body();
  } finally {
    t.mailSender.start();
  }
}

describe("payout runs", () => {
  it("prepares a checked SEPA file, pays nothing until executed, then pays once and mails the member", async () => {
    const paula = await partner();
    await sale(paula, 4000);
    await sale(paula, 2000);
    await endHolds();
    expect((await earnings(paula)).totals).toEqual({ pendingCents: 0, approvedCents: 6000, paidCents: 0 });

    const prepared = await prepare();
    expect(prepared.status).toBe(201);
    const runId = (prepared.body as { id: string }).id;
    expect(await itemOf(runId, paula)).toMatchObject({ amountCents: 6000 });
    const file = await t.app.request(`/api/admin/payouts/${runId}/sepa.xml`, {
      headers: { authorization: `Bearer ${superAdmin.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("application/xml");
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="PAYOUT-\d{8}-[0-9A-F]{8}\.xml"$/,
    );
    const xml = await file.text();
    expect(xml).toContain('<InstdAmt Ccy="EUR">60.00</InstdAmt>');
    expect(xml).toContain("<IBAN>DE02120300000000202051</IBAN>");
    expect(xml).toContain("<Nm>Paula Partner</Nm>");
    // Prepared is not paid: the member's balance has not moved.
    expect((await earnings(paula)).totals.approvedCents).toBe(6000);

    expect((await admin("POST", `/api/admin/payouts/${runId}/execute`)).status).toBe(200);
    const after = await earnings(paula);
    expect(after.totals).toEqual({ pendingCents: 0, approvedCents: 0, paidCents: 6000 });
    expect(after.payouts).toEqual([expect.objectContaining({ amountCents: 6000 })]);
    expect(after.entries.map((entry) => entry.state)).toEqual(["paid", "paid"]);
    const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(paula.email));
    expect(mail.subject).toBe("Your commission payout: €60.00");
    expect(mail.text).toContain("2051");
    expect(mail.text).toContain("The attached statement (PDF) lists the commissions this payout settles.");
    const statement = await statementOf(mail);
    expect(statement).toContain("Commission payout statement");
    expect(statement).toContain("Account holder Paula Partner");
    expect(statement).toContain(`Payout reference ${(await runOf(runId)).messageId}`);
    expect(statement).toContain("Paid to account ending in 2051");
    expect(statement).not.toContain("DE02120300000000202051");
    expect(statement).toContain("1 Dec 2026 Commission (10%) €400.00 €40.00");
    expect(statement).toContain("1 Dec 2026 Commission (10%) €200.00 €20.00");
    expect(statement).toContain("Total transferred €60.00");

    const again = await admin("POST", `/api/admin/payouts/${runId}/execute`);
    expect(again.status).toBe(409);
    expect((again.body.error as { code: string }).code).toBe("PAYOUT_NOT_OPEN");
    expect(again.body.error).toMatchObject({
      message: "This payout run is executed already.",
      reason: "payoutRunAlreadyExecuted",
    });
    expect((await admin("POST", `/api/admin/payouts/${runId}/cancel`)).status).toBe(409);
    expect((await earnings(paula)).totals.paidCents).toBe(6000);
  });

  it("attaches a German statement listing each commission and the total, and deletes the file once the mail is sent", async () => {
    const jana = await partner({ language: "de" });
    await sale(jana, 4000);
    await sale(jana, 2050);
    await endHolds();
    await settleOpenRuns("cancel");
    const runId = ((await prepare()).body as { id: string }).id;
    const { messageId } = await runOf(runId);
    let storageKey = "";
    await withSenderStopped(async () => {
      expect((await admin("POST", `/api/admin/payouts/${runId}/execute`)).status).toBe(200);
      // In the outbox, the row names the file; the bytes are in object storage, not the row.
      const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, jana.email));
      expect(row?.status).toBe("pending");
      expect(row?.attachments).toEqual([
        {
          filename: expect.stringMatching(/^payout-statement-\d{4}-\d\d-\d\d\.pdf$/),
          contentType: "application/pdf",
          storageKey: expect.any(String),
        },
      ]);
      storageKey = row?.attachments?.[0]?.storageKey ?? "";
      expect(await isStored(storageKey)).toBe(true);
    });

    const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(jana.email));
    expect(mail.subject).toMatch(/^Ihre Provisionsauszahlung: 60,50\s€$/);
    expect(mail.text).toContain("Die beigefügte Abrechnung (PDF) führt die Provisionen auf");
    const statement = await statementOf(mail);
    expect(statement).toContain("Partner-Plattform");
    expect(statement).toContain("Abrechnung Ihrer Provisionsauszahlung");
    expect(statement).toContain("Kontoinhaber Paula Partner");
    expect(statement).toContain(`Referenz der Auszahlung ${messageId}`);
    expect(statement).toContain("Überwiesen auf das Konto mit der Endung 2051");
    expect(statement).toContain("Bestelldatum Beschreibung Bestellbetrag Provision");
    expect(statement).toContain("01.12.2026 Provision (10 %) 400,00 € 40,00 €");
    expect(statement).toContain("01.12.2026 Provision (10 %) 205,00 € 20,50 €");
    expect(statement).toContain("Überwiesener Gesamtbetrag 60,50 €");

    // Sent: the row keeps no body and no file, and the file is gone from storage.
    await t.mailSender.flush();
    const [sent] = await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, jana.email));
    expect(sent).toMatchObject({ status: "sent", text: "", html: null, attachments: null });
    expect(await isStored(storageKey)).toBe(false);
  });

  it("leaves the run prepared and deletes the statements stored so far when storing one fails", async () => {
    const members = [await partner(), await partner()];
    for (const member of members) await sale(member, 5000);
    await endHolds();
    await settleOpenRuns("cancel");
    const runId = ((await prepare()).body as { id: string }).id;
    const attempted: string[] = [];
    const written: string[] = [];
    const deleted: string[] = [];
    const storage: ObjectStorage = {
      ...t.deps.storage,
      async put(key, body, options) {
        // The second statement fails to store, after the first was stored.
        attempted.push(key);
        if (written.length === 1) throw new Error("disk full at /srv/objects");
        written.push(key);
        return t.deps.storage.put(key, body, options);
      },
      async delete(key) {
        deleted.push(key);
        return t.deps.storage.delete(key);
      },
    };
    const failing = createApp({ ...t.deps, storage });
    const answer = await call(failing, "POST", `/api/admin/payouts/${runId}/execute`, {
      token: superAdmin.token,
    });
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain("disk full");
    // Both go: the one stored, and the one whose store failed (it may have been half written).
    expect(written).toHaveLength(1);
    expect(attempted).toHaveLength(2);
    expect([...deleted].sort()).toEqual([...attempted].sort());
    expect(await isStored(written[0] ?? "")).toBe(false);
    // Nothing was paid or mailed: the run is still prepared and can be executed.
    expect((await runOf(runId)).status).toBe("prepared");
    for (const member of members) {
      expect((await earnings(member)).totals).toMatchObject({ approvedCents: 5000, paidCents: 0 });
      expect(await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, member.email))).toEqual([]);
    }
    expect((await admin("POST", `/api/admin/payouts/${runId}/execute`)).status).toBe(200);
    for (const member of members) {
      const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(member.email));
      expect(await statementOf(mail)).toContain("Total transferred €50.00");
    }
    const [run] = await db().select({ status: payouts.status }).from(payouts).where(eq(payouts.id, runId));
    expect(run?.status).toBe("executed");
  });

  it("writes a file whose amounts and control sums add up to the run's transfers", async () => {
    const members = [await partner(), await partner(), await partner()];
    for (const [index, member] of members.entries()) await sale(member, 5001 + index * 333);
    await endHolds();
    const prepared = await prepare();
    const run = prepared.body as { id: string; totalCents: number; itemCount: number };
    const xml = (await (
      await t.app.request(`/api/admin/payouts/${run.id}/sepa.xml`, {
        headers: { authorization: `Bearer ${superAdmin.token}` },
      })
    ).text()) as string;
    const amounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([^<]*)</g)].map((match) =>
      Math.round(Number(match[1]) * 100),
    );
    expect(amounts).toHaveLength(run.itemCount);
    expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBe(run.totalCents);
    const [groupSum] = [...xml.matchAll(/<CtrlSum>([^<]*)</g)].map((match) => match[1]);
    expect(groupSum).toBe(
      `${Math.trunc(run.totalCents / 100)}.${String(run.totalCents % 100).padStart(2, "0")}`,
    );
    for (const [index, member] of members.entries()) {
      expect(await itemOf(run.id, member)).toMatchObject({ amountCents: 5001 + index * 333 });
    }
    expect((await admin("POST", `/api/admin/payouts/${run.id}/execute`)).status).toBe(200);
    const paidRows = await db()
      .select({ cents: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.payoutId, run.id), eq(ledgerEntries.bucket, "paid")));
    expect(Number(paidRows[0]?.cents)).toBe(run.totalCents);
  });

  it("leaves out members below the minimum, without bank details, with a bank change under review, or suspended", async () => {
    const below = await partner();
    const noBank = await partner({ iban: null });
    const reviewing = await partner();
    const suspended = await partner();
    const owed = await partner();
    await sale(below, 4999);
    for (const member of [noBank, reviewing, suspended, owed]) await sale(member, 5000);
    await db()
      .insert(changeReviews)
      .values({ userId: reviewing.id, kind: "bank_details", previous: {}, proposed: {} } as never);
    await db().update(users).set({ status: "suspended" }).where(eq(users.id, suspended.id));
    await endHolds();
    const prepared = await prepare();
    expect(prepared.status).toBe(201);
    const runId = (prepared.body as { id: string }).id;
    expect(await itemOf(runId, owed)).toMatchObject({ amountCents: 5000 });
    for (const member of [below, noBank, reviewing, suspended])
      expect(await itemOf(runId, member)).toBeUndefined();
    await settleOpenRuns();
  });

  it("never pays a member twice when two runs are prepared at once", async () => {
    const paula = await partner();
    await sale(paula, 7000);
    await endHolds();
    const answers = await Promise.all([prepare(), prepare(), prepare()]);
    const created = answers
      .filter((answer) => answer.status === 201)
      .map((answer) => (answer.body as { id: string }).id);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const including = [];
    for (const runId of created) if (await itemOf(runId, paula)) including.push(runId);
    expect(including).toHaveLength(1);
    await settleOpenRuns("execute");
    expect((await earnings(paula)).totals).toEqual({ pendingCents: 0, approvedCents: 0, paidCents: 7000 });
    const open = await db().select().from(payoutItems).where(eq(payoutItems.open, true));
    expect(open).toEqual([]);
  });

  it("cancels a run before execution: nothing paid, the file gone, the member in the next run again", async () => {
    const paula = await partner();
    await sale(paula, 5500);
    await endHolds();
    const first = (await prepare()).body as { id: string };
    expect((await admin("POST", `/api/admin/payouts/${first.id}/cancel`)).status).toBe(200);
    const file = await admin("GET", `/api/admin/payouts/${first.id}/sepa.xml`);
    expect(file.status).toBe(410);
    expect(file.body).toMatchObject({
      error: { code: "GONE", message: "This payout run was cancelled.", reason: "payoutRunCancelled" },
    });
    const executed = await admin("POST", `/api/admin/payouts/${first.id}/execute`);
    expect(executed.status).toBe(409);
    expect(executed.body).toMatchObject({
      error: { message: "This payout run is cancelled already.", reason: "payoutRunAlreadyCancelled" },
    });
    expect((await earnings(paula)).totals).toEqual({ pendingCents: 0, approvedCents: 5500, paidCents: 0 });
    const second = (await prepare()).body as { id: string };
    expect(await itemOf(second.id, paula)).toMatchObject({ amountCents: 5500 });
    await settleOpenRuns("execute");
    expect((await earnings(paula)).totals.paidCents).toBe(5500);
  });

  it("nets a refund after a payout against the next one", async () => {
    const paula = await partner({ language: "de" });
    const refunded = await sale(paula, 6000);
    await endHolds();
    await settleOpenRuns("cancel");
    const first = (await prepare()).body as { id: string };
    await admin("POST", `/api/admin/payouts/${first.id}/execute`);
    const german = await waitForMail(t.mailDir, (mail) => mail.to.includes(paula.email));
    expect(german.subject).toMatch(/^Ihre Provisionsauszahlung: 60,00\s€$/);

    await refund(refunded);
    expect((await earnings(paula)).totals).toEqual({
      pendingCents: 0,
      approvedCents: -6000,
      paidCents: 6000,
    });
    await sale(paula, 8000);
    await endHolds();
    // Owed 8 000 − 6 000 = 2 000: under the minimum, so not in a run yet.
    const nothing = await prepare();
    if (nothing.status === 201)
      expect(await itemOf((nothing.body as { id: string }).id, paula)).toBeUndefined();
    await settleOpenRuns("cancel");

    await sale(paula, 4000);
    await endHolds();
    const next = (await prepare()).body as { id: string };
    expect(await itemOf(next.id, paula)).toMatchObject({ amountCents: 6000 });
    await settleOpenRuns("execute");
    // The statement lists the refund as a negative line with its label, beside the commissions.
    const second = await waitForMail(
      t.mailDir,
      (mail) => mail.to.includes(paula.email) && mail.file !== german.file,
    );
    const statement = await statementOf(second);
    expect(statement).toContain(
      "01.12.2026 Bestellung erstattet: bereits ausgezahlte Provision verrechnet 600,00 € -60,00 €",
    );
    expect(statement).toContain("01.12.2026 Provision (10 %) 800,00 € 80,00 €");
    expect(statement).toContain("01.12.2026 Provision (10 %) 400,00 € 40,00 €");
    expect(statement).toContain("Überwiesener Gesamtbetrag 60,00 €");
    // Transferred 6 000 and 6 000; the ledger says 12 000 paid, nothing owed.
    expect((await earnings(paula)).totals).toEqual({ pendingCents: 0, approvedCents: 0, paidCents: 12_000 });
  });

  it("is for super admins only", async () => {
    const plainAdmin = await createMember(db(), { role: "admin" });
    const token = (await loginOk(t.app, plainAdmin.email, plainAdmin.password)).accessToken;
    for (const [method, path] of [
      ["GET", "/api/admin/payouts"],
      ["POST", "/api/admin/payouts"],
      ["POST", `/api/admin/payouts/${randomUUID()}/execute`],
    ] as const) {
      const refused = await call(t.app, method, path, { token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        error: {
          message: "Only super admins can manage shop keys and commissions.",
          reason: "partnerSuperAdminOnly",
        },
      });
    }
    const unknown = await admin("POST", `/api/admin/payouts/${randomUUID()}/execute`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      error: { message: "Payout run not found", reason: "payoutRunNotFound" },
    });
  });
});
