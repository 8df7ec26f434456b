import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referralUses, users } from "../db/schema";
import { strongPassword, uniqueEmail } from "../testing/auth-api";
import { createMember, insertLink, linkUses, personalForm, registerPersonal } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

// Registrations racing for a link's last uses. The use is one
// conditional UPDATE in the transaction that inserts the user, so the link can never hand out
// more uses than it has, however many requests arrive at once.

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

const referredBy = async (ownerId: string) => {
  const [row] = await db().select({ total: count() }).from(users).where(eq(users.referredByUserId, ownerId));
  return row?.total;
};

const usesOf = async (linkId: string) => {
  const [row] = await db()
    .select({ total: count() })
    .from(referralUses)
    .where(eq(referralUses.linkId, linkId));
  return row?.total;
};

describe("L2: parallel registrations racing for a link's uses", () => {
  it("1000 registrations on a 10-use link: exactly 10 accounts, 990 clear 410 refusals, no 5xx", async () => {
    const owner = await createMember(db());
    const link = await insertLink(db(), owner.id, { maxUses: 10 });
    const forms = Array.from({ length: 1000 }, () => personalForm(link.token));

    // The time is reported, not asserted: speed is the benchmarks' business.
    const started = performance.now();
    const answers = await Promise.all(forms.map((form) => registerPersonal(t.app, form)));
    const seconds = (performance.now() - started) / 1000;
    console.info(`L2 (${t.deps.database.kind}): 1000 parallel registrations in ${seconds.toFixed(1)} s`);

    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 10, 410: 990 });
    for (const answer of answers.filter((each) => each.status === 410)) {
      expect(answer.body.error).toEqual({
        code: "GONE",
        reason: "referralLinkInvalid",
        message: "Invalid or Expired Referral Link.",
      });
    }
    expect(await referredBy(owner.id)).toBe(10);
    expect(await linkUses(db(), link.id)).toBe(10);
    expect(await usesOf(link.id)).toBe(10);
    // The winners are exactly the 201s.
    const winners = forms.filter((_form, index) => answers[index]?.status === 201).map((form) => form.email);
    const registered = await db()
      .select({ email: users.email })
      .from(users)
      .where(eq(users.referredByUserId, owner.id));
    expect(registered.map((row) => row.email).sort()).toEqual(winners.sort());
  }, 120_000);

  it("10 registrations with one email at once: one account, nine 409s, one use counted", async () => {
    const owner = await createMember(db());
    const link = await insertLink(db(), owner.id, { maxUses: 10 });
    const email = uniqueEmail("same");
    const forms = Array.from({ length: 10 }, (_unused, index) => {
      const password = strongPassword();
      // Case variants of one address count as one email.
      const variant = index % 2 ? email.toUpperCase() : email;
      return personalForm(link.token, {
        email: variant,
        confirmEmail: variant,
        password,
        confirmPassword: password,
      });
    });

    const answers = await Promise.all(forms.map((form) => registerPersonal(t.app, form)));

    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 1, 409: 9 });
    for (const answer of answers.filter((each) => each.status === 409)) {
      expect(answer.body.error).toEqual({
        code: "CONFLICT",
        reason: "emailInUse",
        message: "Email address is already in use.",
      });
    }
    expect(await referredBy(owner.id)).toBe(1);
    expect(await linkUses(db(), link.id)).toBe(1);
    expect(await usesOf(link.id)).toBe(1);
  }, 60_000);
});
