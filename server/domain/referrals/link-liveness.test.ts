import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_LIVENESS, type LinkLiveness, linkLiveness } from "../../../lib/link-liveness";
import { referralLinks } from "../../db/schema";
import { createUser } from "../../testing/auth-api";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { effectiveStatus, linkIsLiveSql, linkLivenessSql } from "./link-status";
import { linkAcceptsUseCondition } from "./referral-links";

// "A link is live" is written once in TypeScript (lib/link-liveness.ts) and once in SQL
// (linkLivenessSql, which the registration's conditional UPDATE uses). Both read the same rows of
// a real database here and must name the same state for each.

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date();
const past = new Date(now.getTime() - DAY_MS);
const future = new Date(now.getTime() + DAY_MS);

type Case = {
  name: string;
  status?: "active" | "deactivated";
  expiresAt: Date | null;
  maxUses: number | null;
  uses: number;
  expected: LinkLiveness;
};

const cases: Case[] = [
  { name: "no expiry, no limit", expiresAt: null, maxUses: null, uses: 0, expected: "live" },
  {
    name: "expiry in the future, uses below the limit",
    expiresAt: future,
    maxUses: 3,
    uses: 2,
    expected: "live",
  },
  { name: "expiry in the past", expiresAt: past, maxUses: 3, uses: 0, expected: "expired" },
  { name: "expiry exactly now", expiresAt: now, maxUses: null, uses: 0, expected: "expired" },
  {
    name: "a millisecond before its expiry",
    expiresAt: new Date(now.getTime() + 1),
    maxUses: null,
    uses: 0,
    expected: "live",
  },
  { name: "uses at the limit", expiresAt: null, maxUses: 3, uses: 3, expected: "usedUp" },
  { name: "uses over the limit", expiresAt: null, maxUses: 3, uses: 4, expected: "usedUp" },
  { name: "no limit, many uses", expiresAt: future, maxUses: null, uses: 500, expected: "live" },
  { name: "a stored limit of 0", expiresAt: null, maxUses: 0, uses: 0, expected: "usedUp" },
  { name: "expired and used up", expiresAt: past, maxUses: 1, uses: 1, expected: "expired" },
  { name: "used up before its expiry", expiresAt: future, maxUses: 1, uses: 1, expected: "usedUp" },
  {
    name: "deactivated",
    status: "deactivated",
    expiresAt: future,
    maxUses: 3,
    uses: 0,
    expected: "deactivated",
  },
  {
    name: "deactivated, expired and used up",
    status: "deactivated",
    expiresAt: past,
    maxUses: 1,
    uses: 1,
    expected: "deactivated",
  },
];

let database: TestDatabase;
let ownerUserId: string;
const rows = new Map<string, typeof referralLinks.$inferSelect>();

beforeAll(async () => {
  database = await createTestDatabase();
  ownerUserId = (await createUser(database.db)).id;
  for (const entry of cases) {
    const [row] = await database.db
      .insert(referralLinks)
      .values({
        ownerUserId,
        token: crypto.randomBytes(32).toString("base64url"),
        status: entry.status ?? "active",
        expiresAt: entry.expiresAt,
        maxUses: entry.maxUses,
        uses: entry.uses,
      })
      .returning();
    if (!row) throw new Error("link insert returned nothing");
    rows.set(entry.name, row);
  }
});

afterAll(() => database.close());

async function sqlState(id: string, at?: Date) {
  const [answer] = await database.db
    .select({ state: linkLivenessSql(at), live: linkIsLiveSql(at) })
    .from(referralLinks)
    .where(eq(referralLinks.id, id));
  return answer;
}

describe("a link is live: the TypeScript and the SQL agree on the same rows", () => {
  it("the table covers every state", () => {
    expect(new Set(cases.map((entry) => entry.expected))).toEqual(new Set(LINK_LIVENESS));
  });

  it.each(cases)("$name: $expected", async (entry) => {
    const row = rows.get(entry.name);
    if (!row) throw new Error(`no row for ${entry.name}`);

    expect(linkLiveness(row, now)).toBe(entry.expected);
    // The UI reads the API's answer, whose dates are ISO strings.
    expect(linkLiveness({ ...row, expiresAt: row.expiresAt?.toISOString() ?? null }, now)).toBe(
      entry.expected,
    );
    expect(await sqlState(row.id, now)).toEqual({ state: entry.expected, live: entry.expected === "live" });
  });

  it("on the database's clock, the registration's claim takes exactly the links the API shows as active", async () => {
    // The database's now() is a moment after `now`: compare both sides at a time of that moment,
    // leaving out the rows whose expiry is within that moment.
    const today = new Date();
    const clear = (entry: Case) =>
      !entry.expiresAt || Math.abs(entry.expiresAt.getTime() - now.getTime()) > 60_000;
    for (const entry of cases.filter(clear)) {
      const row = rows.get(entry.name);
      if (!row) throw new Error(`no row for ${entry.name}`);
      const expected = linkLiveness(row, today);
      expect((await sqlState(row.id))?.state, entry.name).toBe(expected);
      const [claimable] = await database.db
        .select({ id: referralLinks.id })
        .from(referralLinks)
        .where(linkAcceptsUseCondition(row.id));
      const active = effectiveStatus(row, { status: "active" }, today) === "active";
      expect(Boolean(claimable), entry.name).toBe(active);
      expect(active, entry.name).toBe(expected === "live");
    }
  });
});
