import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUser } from "../../lib/schemas/admin";
import { users } from "../db/schema";
import { call, loginOk, post } from "../testing/auth-api";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function asRole(role: "admin" | "super_admin") {
  const member = await createMember(db(), { role });
  const tokens = await loginOk(t.app, member.email, member.password);
  return { ...member, token: tokens.accessToken };
}
const get = (path: string, token: string) => call(t.app, "GET", path, { token });
const tag = () => `tg${randomBytes(4).toString("hex")}`;
type ListBody = { users: AdminUser[]; total: number; nextCursor: string | null };
const list = async (token: string, query: Record<string, string | number>) => {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const answer = await get(`/api/admin/user-list?${params}`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as ListBody;
};

type Seeded = {
  id: string;
  name: string;
  email: string;
  status: "pending" | "active" | "suspended";
  type: "personal" | "company";
  created: number;
};

/**
 * Twelve members found by one search word: names and addresses start with distinct letters in
 * different orders (so collation rules never decide), statuses and types repeat (ties broken by
 * creation time), creation times are all different.
 */
async function seedTwelve(word: string): Promise<Seeded[]> {
  const nameLetters = "mbkqdzfhawcr";
  const emailLetters = "jgxlpstvnoey";
  const statuses = ["active", "pending", "suspended"] as const;
  const seeded: Seeded[] = [];
  for (let index = 0; index < 12; index += 1) {
    const company = index % 4 === 1;
    const letter = nameLetters[index] as string;
    const member = await createMember(db(), {
      userType: company ? "company" : "personal",
      firstName: company ? null : `${letter.toUpperCase()}ara`,
      lastName: company ? null : word,
      companyName: company ? `${letter}${word} GmbH` : null,
      status: statuses[index % 3],
    });
    const email = `${(emailLetters[index] as string).toUpperCase()}-${word}@sort.example.com`;
    const created = Date.UTC(2023, 5, 1, 0, (index * 7) % 12);
    await db()
      .update(users)
      .set({ email, createdAt: new Date(created) })
      .where(eq(users.id, member.id));
    seeded.push({
      id: member.id,
      name: company ? `${letter}${word} gmbh` : `${letter}ara ${word}`,
      email: email.toLowerCase(),
      status: statuses[index % 3] as Seeded["status"],
      type: company ? "company" : "personal",
      created,
    });
  }
  return seeded;
}

const STATUS_RANK = { pending: 0, active: 1, suspended: 2 };
const TYPE_RANK = { personal: 0, company: 1 };
const keyOf: Record<string, (user: Seeded) => string | number> = {
  name: (user) => user.name,
  email: (user) => user.email,
  status: (user) => STATUS_RANK[user.status],
  type: (user) => TYPE_RANK[user.type],
  created: (user) => user.created,
};

/** The order the list promises: the column, then creation time, then id, all one direction. */
function expectedOrder(seeded: Seeded[], sort: string, dir: "asc" | "desc"): string[] {
  const key = keyOf[sort] as (user: Seeded) => string | number;
  const compare = (a: Seeded, b: Seeded) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) return x < y ? -1 : 1;
    if (a.created !== b.created) return a.created - b.created;
    return a.id < b.id ? -1 : 1;
  };
  const ascending = [...seeded].sort(compare).map((user) => user.id);
  return dir === "asc" ? ascending : ascending.reverse();
}

describe("GET /api/admin/user-list sorted", () => {
  it("orders by each column in both directions, by offset pages and by keyset cursor alike", async () => {
    const admin = await asRole("admin");
    const word = tag();
    const seeded = await seedTwelve(word);

    for (const sort of ["name", "email", "status", "type", "created"]) {
      for (const dir of ["asc", "desc"] as const) {
        const expected = expectedOrder(seeded, sort, dir);
        const whole = await list(admin.token, { search: word, sort, dir, pageSize: 20 });
        expect(
          whole.users.map((user) => user.id),
          `${sort} ${dir}`,
        ).toEqual(expected);

        const byOffset = await list(admin.token, { search: word, sort, dir, pageSize: 10, page: 2 });
        expect(byOffset.users.map((user) => user.id)).toEqual(expected.slice(10));

        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: ListBody = await list(admin.token, {
            search: word,
            sort,
            dir,
            pageSize: 10,
            ...(cursor ? { cursor } : {}),
          });
          seen.push(...page.users.map((user) => user.id));
          cursor = page.nextCursor;
        } while (cursor && seen.length < 40);
        expect(seen, `${sort} ${dir} by cursor`).toEqual(expected);
      }
    }
  });

  it("refuses an unknown column or direction and a cursor made for another order", async () => {
    const admin = await asRole("admin");
    const word = tag();
    await seedTwelve(word);
    expect((await get("/api/admin/user-list?sort=password_hash", admin.token)).status).toBe(422);
    expect((await get("/api/admin/user-list?dir=sideways", admin.token)).status).toBe(422);
    const first = await list(admin.token, { search: word, sort: "email", dir: "asc", pageSize: 10 });
    expect(first.nextCursor).toEqual(expect.any(String));
    const mixed = await get(
      `/api/admin/user-list?search=${word}&sort=name&dir=asc&cursor=${first.nextCursor}`,
      admin.token,
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toMatchObject({ message: "The cursor is not valid.", reason: "cursorInvalid" });
  });
});

describe("GET /api/admin/audit filtered", () => {
  it("filters by action and by part of a user's email, pages by keyset, and lists the actions", async () => {
    const admin = await asRole("super_admin");
    const word = tag();
    const one = await createMember(db());
    const two = await createMember(db());
    await db()
      .update(users)
      .set({ email: `one-${word}@audit.example.com` })
      .where(eq(users.id, one.id));
    await db()
      .update(users)
      .set({ email: `two-${word}@audit.example.com` })
      .where(eq(users.id, two.id));
    for (const member of [one, two]) {
      await post(t.app, `/api/admin/users/${member.id}/suspend`, undefined, { token: admin.token });
      await post(t.app, `/api/admin/users/${member.id}/reactivate`, undefined, { token: admin.token });
    }
    type AuditBody = {
      entries: { action: string; subject: { email: string | null } }[];
      total: number;
      nextCursor: string | null;
    };
    const audit = async (query: string) => {
      const answer = await get(`/api/admin/audit?${query}`, admin.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as unknown as AuditBody;
    };

    const byEmail = await audit(`email=${word.toUpperCase()}`);
    expect(byEmail.total).toBe(4);
    expect(byEmail.entries.map((entry) => [entry.action, entry.subject.email])).toEqual([
      ["admin.user_reactivated", `two-${word}@audit.example.com`],
      ["admin.user_suspended", `two-${word}@audit.example.com`],
      ["admin.user_reactivated", `one-${word}@audit.example.com`],
      ["admin.user_suspended", `one-${word}@audit.example.com`],
    ]);

    const suspensions = await audit(`email=one-${word}&action=admin.user_suspended`);
    expect(suspensions.entries.map((entry) => entry.action)).toEqual(["admin.user_suspended"]);
    const everySuspension = await audit("action=admin.user_suspended&pageSize=100");
    expect(new Set(everySuspension.entries.map((entry) => entry.action))).toEqual(
      new Set(["admin.user_suspended"]),
    );
    expect(everySuspension.total).toBeGreaterThanOrEqual(2);
    expect((await audit(`email=nobody-${word}`)).entries).toEqual([]);
    // Wildcards in the email text are plain characters.
    expect((await audit(`email=one_${word}`)).total).toBe(0);

    const firstPage = await audit(`email=${word}&pageSize=10`);
    expect(firstPage.nextCursor).toBeNull();
    const pages: string[] = [];
    let cursor: string | null = null;
    const everything = await audit("pageSize=10");
    do {
      const page: AuditBody = await audit(`pageSize=10${cursor ? `&cursor=${cursor}` : ""}`);
      pages.push(...page.entries.map((entry) => entry.action));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toHaveLength(everything.total);
    expect((await get("/api/admin/audit?cursor=nonsense", admin.token)).status).toBe(400);

    const actions = await get("/api/admin/audit/actions", admin.token);
    expect(actions.status).toBe(200);
    const names = (actions.body as unknown as { actions: string[] }).actions;
    expect(names).toEqual(
      expect.arrayContaining(["admin.user_reactivated", "admin.user_suspended", "auth.login"]),
    );
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it("is for admins only", async () => {
    const member = await createMember(db());
    const tokens = await loginOk(t.app, member.email, member.password);
    expect((await get("/api/admin/audit/actions", tokens.accessToken)).status).toBe(403);
    expect((await call(t.app, "GET", "/api/admin/audit/actions")).status).toBe(401);
  });
});
