import { randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { AdminUser, userStatsSchema } from "../../lib/schemas/admin";
import {
  auditLog,
  authSessions,
  documents,
  mailOutbox,
  personalProfiles,
  referralLinks,
  referralUses,
  users,
} from "../db/schema";
import { escapeLike } from "../domain/admin/list-users";
import { call, login, loginOk, post, refresh, uniqueIp } from "../testing/auth-api";
import { createMember, insertLink, linkUses } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = "user" | "admin" | "super_admin";
type MemberInput = Parameters<typeof createMember>[1];

/** A member written to the database and logged in. */
async function signedIn(app: TestApp, input: MemberInput = {}) {
  const member = await createMember(app.deps.database.db, input);
  const tokens = await loginOk(app.app, member.email, member.password);
  return { ...member, token: tokens.accessToken, refreshToken: tokens.refreshToken };
}
const asRole = (role: Role) => signedIn(t, { role });

const get = (path: string, token?: string) => call(t.app, "GET", path, token ? { token } : {});
type ListBody = {
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  totalIsEstimate: boolean;
  nextCursor: string | null;
};
const listUsers = async (token: string, query: Record<string, string | number>) => {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const answer = await get(`/api/admin/user-list?${params}`, token);
  expect(answer.status).toBe(200);
  return answer.body as unknown as ListBody;
};
const auditActions = async (token: string, userId?: string) => {
  const answer = await get(`/api/admin/audit?pageSize=100${userId ? `&userId=${userId}` : ""}`, token);
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { entries: { action: string; details: Record<string, unknown> }[] })
    .entries;
};
const tag = () => `tg${randomBytes(4).toString("hex")}`;

async function storeDocument(userId: string, kind: "id" | "contract", side: "front" | "back" | null) {
  const storageKey = randomUUID();
  await t.deps.storage.put(storageKey, randomBytes(64), {
    contentType: kind === "id" ? "image/png" : "application/pdf",
  });
  await db()
    .insert(documents)
    .values({
      userId,
      kind,
      side,
      documentType: kind === "id" ? "personal_id" : "contract",
      idType: kind === "id" ? "passport" : null,
      idNumber: kind === "id" ? "X1234567" : null,
      originalFilename: kind === "id" ? `${side}.png` : "contract.pdf",
      storageKey,
      contentType: kind === "id" ? "image/png" : "application/pdf",
      sizeBytes: 64,
      sha256: "0".repeat(64),
    });
  return storageKey;
}

describe("access", () => {
  it("refuses visitors (401) and members (403) on every admin call", async () => {
    const member = await asRole("user");
    const subject = await createMember(db());
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/user-list"],
      ["GET", "/api/admin/user-stats"],
      ["GET", `/api/auth/admin/users/${subject.id}/full`],
      ["GET", `/api/auth/users/${subject.id}/full`],
      ["GET", `/api/auth/users/${subject.id}/documents`],
      ["GET", `/api/admin/user/${subject.id}/documents`],
      ["DELETE", `/api/admin/user/${subject.id}`],
      ["POST", `/api/admin/users/${subject.id}/suspend`],
      ["POST", `/api/admin/users/${subject.id}/reactivate`],
      ["PUT", `/api/admin/users/${subject.id}/role`, { role: "admin" }],
      ["GET", `/api/admin/users/${subject.id}/export`],
      ["GET", "/api/admin/audit"],
    ];
    for (const [method, path, body] of calls) {
      const visitor = await call(t.app, method, path, { body });
      expect(visitor.status, `${method} ${path} as visitor`).toBe(401);
      const user = await call(t.app, method, path, { body, token: member.token });
      expect(user.status, `${method} ${path} as member`).toBe(403);
    }
    const [row] = await db().select({ status: users.status }).from(users).where(eq(users.id, subject.id));
    expect(row?.status).toBe("active");
  });

  it("lets admins and super admins in", async () => {
    for (const role of ["admin", "super_admin"] as const) {
      const caller = await asRole(role);
      expect((await get("/api/admin/user-stats", caller.token)).status).toBe(200);
    }
  });
});

describe("GET /api/admin/user-list", () => {
  it("searches case-insensitively in email, first name, last name and company name", async () => {
    const admin = await asRole("admin");
    const word = tag();
    const upper = word.toUpperCase();
    const byEmail = await createMember(db(), { firstName: "A", lastName: "B" });
    await db()
      .update(users)
      .set({ email: `x-${word}@example.com` })
      .where(eq(users.id, byEmail.id));
    const byFirst = await createMember(db(), { firstName: `Anna${upper}`, lastName: "B" });
    const byLast = await createMember(db(), { firstName: "A", lastName: `${word}Berg` });
    const byCompany = await createMember(db(), {
      userType: "company",
      firstName: null,
      lastName: null,
      companyName: `ACME ${upper} GmbH`,
    });
    await createMember(db(), { firstName: "Other", lastName: "Person" });

    const body = await listUsers(admin.token, { search: upper.slice(0, 6) + word.slice(6) });

    expect(body.users.map((user) => user.id).sort()).toEqual(
      [byEmail.id, byFirst.id, byLast.id, byCompany.id].sort(),
    );
    expect(body.total).toBe(4);
    const company = body.users.find((user) => user.id === byCompany.id);
    expect(company).toMatchObject({ user_type: "company", company_name: `ACME ${upper} GmbH` });
    expect(company).not.toHaveProperty("password_hash");
    expect(company).not.toHaveProperty("passwordHash");
  });

  it("treats % and _ in the search as plain characters", async () => {
    const admin = await asRole("admin");
    const word = tag();
    const literal = await createMember(db(), { lastName: `${word}_x%y` });
    await createMember(db(), { lastName: `${word}ax_y` });

    const body = await listUsers(admin.token, { search: `${word}_x%` });

    expect(body.users.map((user) => user.id)).toEqual([literal.id]);
  });

  it("finds what ILIKE finds in one of the four fields, never a term spanning two", async () => {
    const admin = await asRole("admin");
    const word = tag();
    const spanning = await createMember(db(), { firstName: `${word}ab`, lastName: `cd${word}` });
    await createMember(db(), { firstName: `Çağla${word}`, lastName: "İSTANBUL ÆØÅ ẞ" });
    await createMember(db(), { userType: "company", companyName: `ΣΊΣΥΦΟΣ ${word}`, firstName: null });
    const twoLines = await createMember(db(), { lastName: `${word}\nzweite Zeile` });
    // What the four ILIKEs the list searched with before search_text find.
    const ilikeIds = async (term: string) => {
      const pattern = `%${escapeLike(term)}%`;
      const rows = await db()
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            isNull(users.deletedAt),
            or(
              ilike(users.email, pattern),
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
              ilike(users.companyName, pattern),
            ),
          ),
        );
      return rows.map((row) => row.id).sort();
    };
    const terms = [
      `abcd${word}`,
      `${word}AB`,
      `çağla${word}`,
      `ÇAĞLA${word}`,
      "i̇stanbul æøå",
      "İSTANBUL ÆØÅ ẞ",
      `σίσυφος ${word}`,
      `ΣΊΣΥΦΟΣ ${word}`,
      `${word}\nzweite`,
      `${word}\nZWEITE zeile`,
      // search_text holds first and last name on two lines; a term with a line break is not
      // matched against it.
      `${word}ab\ncd${word}`,
    ];
    for (const term of terms) {
      const body = await listUsers(admin.token, { search: term, pageSize: 100 });
      expect(body.users.map((user) => user.id).sort(), term).toEqual(await ilikeIds(term));
      expect(body.total, term).toBe(body.users.length);
    }
    expect(await ilikeIds(`abcd${word}`)).toEqual([]);
    expect(await ilikeIds(`${word}ab\ncd${word}`)).toEqual([]);
    expect(await ilikeIds(`${word}AB`)).toEqual([spanning.id]);
    expect(await ilikeIds(`${word}\nZWEITE zeile`)).toEqual([twoLines.id]);
  });

  it("filters exactly by user type, status and role", async () => {
    const admin = await asRole("admin");
    const word = tag();
    const make = (input: MemberInput) => createMember(db(), { lastName: word, ...input });
    const company = await make({ userType: "company", companyName: "Co" });
    const pending = await make({ status: "pending" });
    const suspended = await make({ status: "suspended" });
    const otherAdmin = await make({ role: "admin" });
    const superAdmin = await make({ role: "super_admin" });
    const plain = await make({});
    const ids = async (query: Record<string, string>) =>
      (await listUsers(admin.token, { search: word, ...query })).users.map((user) => user.id).sort();

    expect(await ids({ user_type: "company" })).toEqual([company.id]);
    expect(await ids({ status: "pending" })).toEqual([pending.id]);
    expect(await ids({ status: "suspended" })).toEqual([suspended.id]);
    expect(await ids({ role: "admin" })).toEqual([otherAdmin.id]);
    expect(await ids({ role: "super_admin" })).toEqual([superAdmin.id]);
    expect(await ids({ role: "user", status: "active", user_type: "personal" })).toEqual([plain.id]);
    const invalid = await get(`/api/admin/user-list?role=root`, admin.token);
    expect(invalid.status).toBe(422);
  });

  it("pages newest first with pageCount = ceil(total / pageSize)", async () => {
    const admin = await asRole("admin");
    const word = tag();
    const created: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      const member = await createMember(db(), { lastName: `${word}-${index}` });
      await db()
        .update(users)
        .set({ createdAt: new Date(Date.UTC(2024, 0, 1, 0, index)) })
        .where(eq(users.id, member.id));
      created.push(member.id);
    }
    const newestFirst = [...created].reverse();

    const first = await listUsers(admin.token, { search: word });
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10, pageCount: 3 });
    expect(first.users.map((user) => user.id)).toEqual(newestFirst.slice(0, 10));

    const second = await listUsers(admin.token, { search: word, pageSize: 20, page: 2 });
    expect(second).toMatchObject({ total: 25, page: 2, pageSize: 20, pageCount: 2 });
    expect(second.users.map((user) => user.id)).toEqual(newestFirst.slice(20));

    expect((await get(`/api/admin/user-list?pageSize=15`, admin.token)).status).toBe(422);
  });

  it("counts exactly up to 1 000 matches and gives an estimate beyond, flagged", async () => {
    const admin = await asRole("admin");
    const word = tag();
    // Straight into the table: 1 005 members, 5 of them suspended.
    await db().execute(sql`
      insert into users (email, last_name, status)
      select ${word} || '-' || n || '@list.example.com', ${word},
             (case when n <= 5 then 'suspended' else 'active' end)::user_status
      from generate_series(1, 1005) as n`);

    const broad = await listUsers(admin.token, { search: word, pageSize: 100 });
    expect(broad.totalIsEstimate).toBe(true);
    expect(broad.total).toBeGreaterThan(1000);
    expect(broad.pageCount).toBe(Math.ceil(broad.total / 100));
    expect(broad.users).toHaveLength(100);

    const narrow = await listUsers(admin.token, { search: word, status: "suspended" });
    expect(narrow).toMatchObject({ total: 5, pageCount: 1, totalIsEstimate: false, nextCursor: null });
    const exactAtCap = await listUsers(admin.token, { search: word, status: "active", page: 2 });
    expect(exactAtCap).toMatchObject({ total: 1000, pageCount: 100, totalIsEstimate: false });
  });

  it("pages by keyset: nextCursor leads through every match once, ties on creation time included", async () => {
    const admin = await asRole("admin");
    const word = tag();
    for (let index = 0; index < 25; index += 1) {
      const member = await createMember(db(), { lastName: `${word}-${index}` });
      // Groups of three share a creation time, with microseconds JavaScript dates cannot hold.
      await db()
        .update(users)
        .set({
          createdAt: sql`timestamptz '2024-01-01 00:00:00.123456+00' + ${Math.floor(index / 3)} * interval '1 minute'`,
        })
        .where(eq(users.id, member.id));
    }
    const expected = (
      await db()
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.lastName} like ${`${word}-%`}`)
        .orderBy(desc(users.createdAt), desc(users.id))
    ).map((row) => row.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let step = 0; step < 4; step += 1) {
      const page: ListBody = await listUsers(admin.token, {
        search: word,
        pageSize: 10,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.total).toBe(25);
      seen.push(...page.users.map((user) => user.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected);
    expect(cursor).toBeNull();

    const bad = await get(`/api/admin/user-list?cursor=not-a-cursor`, admin.token);
    expect(bad.status).toBe(400);
  });

  it("finds members by a whole or partial address, case-insensitively, wildcards as plain characters", async () => {
    const admin = await asRole("admin");
    const word = tag();
    const domain = `${word}.example.com`;
    const insert = async (email: string) => {
      const [row] = await db().insert(users).values({ email, lastName: "Mail" }).returning({ id: users.id });
      return row?.id;
    };
    const anna = await insert(`anna@${domain}`);
    const joanna = await insert(`joanna@${domain}`);
    const annaOther = await insert(`anna@other-${domain}`);
    await insert(`anxa@${domain}`);
    const ids = async (search: string) =>
      (await listUsers(admin.token, { search })).users.map((user) => user.id).sort();

    expect(await ids(`anna@${domain}`)).toEqual([anna, joanna].sort());
    expect(await ids(`ANNA@${domain.toUpperCase()}`)).toEqual([anna, joanna].sort());
    expect(await ids(`oanna@${domain}`)).toEqual([joanna]);
    expect(await ids(`anna@`)).toEqual(expect.arrayContaining([anna, joanna, annaOther]));
    expect(await ids(`an_a@${domain}`)).toEqual([]);
    expect(await ids(`@other-${domain}`)).toEqual([annaOther]);
  });
});

describe("GET /api/admin/user-stats", () => {
  it("counts users by role, status and type, the verification queue and permissions", async () => {
    const admin = await asRole("admin");
    const stats = async () =>
      (await get("/api/admin/user-stats", admin.token)).body as unknown as z.infer<typeof userStatsSchema>;
    const before = await stats();
    const now = new Date();
    const steps = {
      emailVerifiedAt: now,
      documentsUploadedAt: now,
      profileCompletedAt: now,
      contractSignedAt: now,
    };
    const waiting = await createMember(db(), { status: "pending", userType: "company", companyName: "Q" });
    await db().update(users).set(steps).where(eq(users.id, waiting.id));
    const halfway = await createMember(db(), { status: "pending" });
    await db().update(users).set({ emailVerifiedAt: now }).where(eq(users.id, halfway.id));
    await createMember(db(), { role: "admin" });

    const after = await stats();

    expect(after.totalUsers - before.totalUsers).toBe(3);
    expect(after.adminUsers - before.adminUsers).toBe(1);
    expect(after.activeUsers - before.activeUsers).toBe(1);
    expect(after.companyUsers - before.companyUsers).toBe(1);
    expect(after.personalUsers - before.personalUsers).toBe(2);
    expect(after.verificationPending - before.verificationPending).toBe(1);
    expect(after.permissions).toBeGreaterThanOrEqual(1);
  });
});

describe("full user data and documents", () => {
  it("answers both full-user paths the same, with the IBAN masked", async () => {
    const admin = await asRole("admin");
    const member = await createMember(db(), { canCreateReferrals: true });
    await db()
      .insert(personalProfiles)
      .values({ userId: member.id, iban: "DE89370400440532013000", city: "Berlin" });

    const first = await get(`/api/auth/admin/users/${member.id}/full`, admin.token);
    const second = await get(`/api/auth/users/${member.id}/full`, admin.token);

    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({
      user: { id: member.id, email: member.email, role: "user", status: "active" },
      personalProfile: { userType: "personal", city: "Berlin" },
      companyProfile: null,
      permissions: ["can_create_referrals"],
    });
    expect(JSON.stringify(first.body)).not.toContain("0532013000");
    const missing = await get(`/api/auth/users/${randomUUID()}/full`, admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ message: "User not found", reason: "userNotFound" });
    expect((await get(`/api/auth/users/not-a-uuid/full`, admin.token)).status).toBe(404);
  });

  it("lists ID documents and contracts with working 300 s signed URLs", async () => {
    const admin = await asRole("admin");
    const member = await createMember(db());
    const front = await storeDocument(member.id, "id", "front");
    await storeDocument(member.id, "id", "back");
    await storeDocument(member.id, "contract", null);

    const answer = await get(`/api/admin/user/${member.id}/documents`, admin.token);
    const other = await get(`/api/auth/users/${member.id}/documents`, admin.token);

    expect(answer.status).toBe(200);
    expect(other.status).toBe(200);
    const body = answer.body as unknown as {
      idDocuments: Record<string, string>[];
      contracts: Record<string, string>[];
    };
    expect(body.idDocuments.map((document) => document.side)).toEqual(["front", "back"]);
    expect(body.idDocuments[0]).toMatchObject({
      document_type: "personal_id",
      id_type: "passport",
      original_filename: "front.png",
      object_storage_id: front,
    });
    expect(body.contracts).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain("X1234567");
    const url = new URL(body.idDocuments[0]?.signedUrl ?? "", "http://localhost");
    const lifetimeMs = Number(url.searchParams.get("exp")) * 1000 - Date.now();
    expect(lifetimeMs).toBeGreaterThan(290_000);
    expect(lifetimeMs).toBeLessThanOrEqual(301_000);
    const download = await t.app.request(`${url.pathname}${url.search}`);
    expect(download.status).toBe(200);
  });
});

describe("DELETE /api/admin/user/{id}", () => {
  it("erases the user as a member's own deletion does: the row stays a placeholder, contracts and audit stay, ID files go", async () => {
    const admin = await asRole("admin");
    const referrer = await createMember(db());
    const referrersLink = await insertLink(db(), referrer.id);
    const target = await signedIn(t);
    const [original] = await db().select({ email: users.email }).from(users).where(eq(users.id, target.id));
    await db()
      .insert(referralUses)
      .values({ linkId: referrersLink.id, newUserId: target.id, newUserType: "personal" });
    await db().update(referralLinks).set({ uses: 1 }).where(eq(referralLinks.id, referrersLink.id));
    const ownLink = await insertLink(db(), target.id, { uses: 1 });
    const invited = await createMember(db());
    await db()
      .insert(referralUses)
      .values({ linkId: ownLink.id, newUserId: invited.id, newUserType: "personal" });
    await db().update(users).set({ referredByUserId: target.id }).where(eq(users.id, invited.id));
    await db()
      .insert(personalProfiles)
      .values({ userId: target.id, city: "Köln", iban: "DE89370400440532013000" });
    const idKey = await storeDocument(target.id, "id", "front");
    const contractKey = await storeDocument(target.id, "contract", null);

    const answer = await call(t.app, "DELETE", `/api/admin/user/${target.id}`, { token: admin.token });

    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const [row] = await db().select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({
      email: `deleted-${target.id}@deleted.invalid`,
      passwordHash: null,
      firstName: null,
      lastName: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const remaining = async (table: typeof documents | typeof authSessions | typeof personalProfiles) =>
      (await db().select({ n: count() }).from(table).where(eq(table.userId, target.id)))[0]?.n;
    expect(await remaining(personalProfiles)).toBe(0);
    expect(await remaining(authSessions)).toBe(0);
    // The ID image is gone, the signed contract stays as evidence.
    const kept = await db().select().from(documents).where(eq(documents.userId, target.id));
    expect(kept.map((document) => document.kind)).toEqual(["contract"]);
    expect(await t.deps.storage.get(idKey)).toBeNull();
    expect(await t.deps.storage.get(contractKey)).not.toBeNull();
    expect((await refresh(t.app, target.refreshToken)).status).toBe(401);
    expect((await get("/api/auth/me", target.token)).status).toBe(401);
    expect((await login(t.app, target.email, target.password)).status).toBe(401);
    // The referral history keeps its counts; the person it names is the placeholder.
    expect(await linkUses(db(), referrersLink.id)).toBe(1);
    const uses = await db().select().from(referralUses).where(eq(referralUses.linkId, referrersLink.id));
    expect(uses.map((use) => use.newUserId)).toEqual([target.id]);
    const [own] = await db().select().from(referralLinks).where(eq(referralLinks.id, ownLink.id));
    expect(own).toMatchObject({ ownerUserId: target.id, uses: 1, status: "deactivated" });
    expect((await get(`/api/referral/info/${ownLink.token}`)).status).toBe(410);
    // The member they invited keeps the account, still pointing at the placeholder.
    const [invitedRow] = await db().select().from(users).where(eq(users.id, invited.id));
    expect(invitedRow).toMatchObject({ referredByUserId: target.id, email: invited.email, deletedAt: null });
    // The confirmation went to the address before it was erased.
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "account_deleted"), eq(mailOutbox.recipient, original?.email ?? "")));
    expect(mail).toBeDefined();
    const entries = await auditActions(admin.token, admin.id);
    expect(entries.find((entry) => entry.action === "admin.user_deleted")?.details).toMatchObject({
      userId: target.id,
      documentsDeleted: 1,
    });
    // An erased account is no member to list, and cannot be deleted twice.
    const listed = await listUsers(admin.token, { search: target.id.slice(0, 8), pageSize: 100 });
    expect(listed.users.map((user) => user.id)).not.toContain(target.id);
    expect((await call(t.app, "DELETE", `/api/admin/user/${target.id}`, { token: admin.token })).status).toBe(
      404,
    );
  });

  it("lets nobody delete themselves and only a super admin delete an admin", async () => {
    const admin = await asRole("admin");
    const otherAdmin = await asRole("admin");
    const superAdmin = await asRole("super_admin");
    await asRole("super_admin");
    const del = (token: string, id: string) => call(t.app, "DELETE", `/api/admin/user/${id}`, { token });

    const self = await del(admin.token, admin.id);
    expect(self.status).toBe(403);
    expect(self.body.error).toMatchObject({
      message: "You cannot delete your own account.",
      reason: "ownAccountNotDeletable",
    });
    const selfSuper = await del(superAdmin.token, superAdmin.id);
    expect(selfSuper.status).toBe(403);
    expect(selfSuper.body.error).toMatchObject({
      message: "You cannot delete your own account.",
      reason: "ownAccountNotDeletable",
    });
    const adminOnAdmin = await del(admin.token, otherAdmin.id);
    expect(adminOnAdmin.status).toBe(403);
    expect(adminOnAdmin.body.error).toMatchObject({
      message: "Only a super admin can delete an admin.",
      reason: "adminDeleteSuperAdminOnly",
    });
    expect((await del(admin.token, superAdmin.id)).status).toBe(403);

    expect((await del(superAdmin.token, otherAdmin.id)).status).toBe(200);
    expect((await get("/api/admin/user-stats", admin.token)).status).toBe(200);
  });
});

describe("suspend and reactivate", () => {
  it("ends the user's sessions, makes their links inactive, and reactivation restores login", async () => {
    const admin = await asRole("admin");
    const target = await signedIn(t);
    const link = await insertLink(db(), target.id);
    expect((await get(`/api/referral/info/${link.token}`)).status).toBe(200);

    const suspended = await post(t.app, `/api/admin/users/${target.id}/suspend`, undefined, {
      token: admin.token,
    });

    expect(suspended.status).toBe(200);
    // The ended session's tokens are refused, and their holder is told why.
    const refreshed = await refresh(t.app, target.refreshToken);
    expect(refreshed.status).toBe(403);
    expect(refreshed.body.error?.code).toBe("ACCOUNT_SUSPENDED");
    const meAnswer = await get("/api/auth/me", target.token);
    expect(meAnswer.status).toBe(403);
    expect(meAnswer.body.error?.code).toBe("ACCOUNT_SUSPENDED");
    const live = await db()
      .select({ n: count() })
      .from(authSessions)
      .where(and(eq(authSessions.userId, target.id), isNull(authSessions.revokedAt)));
    expect(live[0]?.n).toBe(0);
    expect((await get(`/api/referral/info/${link.token}`)).status).toBe(410);
    expect(
      (
        await post(
          t.app,
          "/api/auth/login",
          { email: target.email, password: target.password },
          { ip: uniqueIp() },
        )
      ).status,
    ).toBe(403);
    const again = await post(t.app, `/api/admin/users/${target.id}/suspend`, undefined, {
      token: admin.token,
    });
    expect(again.status).toBe(409);

    const reactivated = await post(t.app, `/api/admin/users/${target.id}/reactivate`, undefined, {
      token: admin.token,
    });

    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ success: true, status: "active" });
    await loginOk(t.app, target.email, target.password);
    expect((await get(`/api/referral/info/${link.token}`)).status).toBe(200);
    const actions = (await auditActions(admin.token, target.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["admin.user_suspended", "admin.user_reactivated"]));
  });

  it("returns a suspended pending member to pending, not past the admin's approval", async () => {
    const admin = await asRole("admin");
    const target = await createMember(db(), { status: "pending" });
    await post(t.app, `/api/admin/users/${target.id}/suspend`, undefined, { token: admin.token });

    const answer = await post(t.app, `/api/admin/users/${target.id}/reactivate`, undefined, {
      token: admin.token,
    });

    expect(answer.body).toMatchObject({ status: "pending" });
  });

  it("lets only a super admin suspend an admin, and nobody suspend themselves", async () => {
    const admin = await asRole("admin");
    const otherAdmin = await asRole("admin");
    const superAdmin = await asRole("super_admin");
    const suspend = (token: string, id: string) =>
      post(t.app, `/api/admin/users/${id}/suspend`, undefined, { token });

    const adminOnAdmin = await suspend(admin.token, otherAdmin.id);
    expect(adminOnAdmin.status).toBe(403);
    expect(adminOnAdmin.body.error).toMatchObject({
      message: "Only a super admin can suspend an admin.",
      reason: "adminSuspendSuperAdminOnly",
    });
    const selfSuspend = await suspend(admin.token, admin.id);
    expect(selfSuspend.status).toBe(403);
    expect(selfSuspend.body.error).toMatchObject({
      message: "You cannot suspend your own account.",
      reason: "ownAccountNotSuspendable",
    });
    expect((await suspend(superAdmin.token, superAdmin.id)).status).toBe(403);

    expect((await suspend(superAdmin.token, otherAdmin.id)).status).toBe(200);
    const stale = await get("/api/admin/user-stats", otherAdmin.token);
    expect(stale.status).toBe(403);
    expect(stale.body.error?.code).toBe("ACCOUNT_SUSPENDED");
    const reactivate = (token: string) =>
      post(t.app, `/api/admin/users/${otherAdmin.id}/reactivate`, undefined, { token });
    const byAdmin = await reactivate(admin.token);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error).toMatchObject({
      message: "Only a super admin can reactivate an admin.",
      reason: "adminReactivateSuperAdminOnly",
    });
    expect((await reactivate(superAdmin.token)).status).toBe(200);
  });
});

describe("PUT /api/admin/users/{id}/role", () => {
  const setRole = (token: string, id: string, role: Role) =>
    call(t.app, "PUT", `/api/admin/users/${id}/role`, { token, body: { role } });

  it("is for super admins only; a demoted admin's old token is refused at once", async () => {
    const superAdmin = await asRole("super_admin");
    const admin = await asRole("admin");
    const member = await createMember(db());

    const byAdmin = await setRole(admin.token, member.id, "admin");
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error).toMatchObject({
      message: "Only a super admin can change roles.",
      reason: "roleChangeSuperAdminOnly",
    });

    const promoted = await setRole(superAdmin.token, member.id, "admin");
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ success: true, role: "admin" });

    expect((await setRole(superAdmin.token, admin.id, "user")).status).toBe(200);
    const stale = await get("/api/admin/user-list", admin.token);
    expect(stale.status).toBe(401);
    const self = await setRole(superAdmin.token, superAdmin.id, "admin");
    expect(self.status).toBe(403);
    expect(self.body.error).toMatchObject({
      message: "You cannot change your own role.",
      reason: "ownRoleNotChangeable",
    });
    expect((await setRole(superAdmin.token, member.id, "root" as Role)).status).toBe(422);
    const entries = await auditActions(superAdmin.token, admin.id);
    expect(entries.find((entry) => entry.action === "admin.user_role_changed")?.details).toEqual({
      from: "admin",
      to: "user",
    });
  });
});

describe("a role change ends the sessions it made stale", () => {
  it("the promoted member's access and refresh tokens stop working; they sign in again with the new role", async () => {
    const superAdmin = await asRole("super_admin");
    const member = await signedIn(t);

    const promoted = await call(t.app, "PUT", `/api/admin/users/${member.id}/role`, {
      token: superAdmin.token,
      body: { role: "admin" },
    });
    expect(promoted.status).toBe(200);

    expect((await get("/api/auth/me", member.token)).status).toBe(401);
    expect((await refresh(t.app, member.refreshToken)).status).toBe(401);
    const again = await loginOk(t.app, member.email, member.password);
    expect(again.user.role).toBe("admin");
    expect((await get("/api/auth/me", superAdmin.token)).status).toBe(200);
  });
});

describe("the last super admin", () => {
  it("can be neither deleted, suspended nor demoted", async () => {
    const own = await createTestApp();
    try {
      const only = await signedIn(own, { role: "super_admin" });
      const admin = await signedIn(own, { role: "admin" });
      const send = (method: string, path: string, token: string, body?: unknown) =>
        call(own.app, method, path, { token, body });

      const deleted = await send("DELETE", `/api/admin/user/${only.id}`, only.token);
      expect(deleted.status).toBe(403);
      expect(deleted.body.error).toMatchObject({
        message: "The last super admin cannot be deleted.",
        reason: "lastSuperAdminNotDeletable",
      });
      const demoted = await send("PUT", `/api/admin/users/${only.id}/role`, only.token, { role: "admin" });
      expect(demoted.status).toBe(403);
      expect(demoted.body.error).toMatchObject({
        message: "The last super admin cannot be demoted.",
        reason: "lastSuperAdminNotDemotable",
      });
      const suspended = await send("POST", `/api/admin/users/${only.id}/suspend`, admin.token);
      expect(suspended.status).toBe(403);
      expect(suspended.body.error).toMatchObject({
        message: "The last super admin cannot be suspended.",
        reason: "lastSuperAdminNotSuspendable",
      });
      expect((await send("DELETE", `/api/admin/user/${only.id}`, admin.token)).status).toBe(403);

      // With a second super admin, one may demote the other; the demoted one then may not act
      // back, neither with the old session (ended by the role change) nor after signing in again.
      const second = await signedIn(own, { role: "super_admin" });
      expect(
        (await send("PUT", `/api/admin/users/${second.id}/role`, only.token, { role: "admin" })).status,
      ).toBe(200);
      expect(
        (await send("PUT", `/api/admin/users/${only.id}/role`, second.token, { role: "admin" })).status,
      ).toBe(401);
      const secondAgain = await loginOk(own.app, second.email, second.password);
      expect(
        (await send("PUT", `/api/admin/users/${only.id}/role`, secondAgain.accessToken, { role: "admin" }))
          .status,
      ).toBe(403);
      const [row] = await own.deps.database.db.select().from(users).where(eq(users.id, only.id));
      expect(row?.role).toBe("super_admin");
    } finally {
      await own.close();
    }
  });
});

describe("GET /api/admin/users/{id}/export", () => {
  it("downloads the user's data as JSON without secrets", async () => {
    const admin = await asRole("admin");
    const member = await createMember(db(), { canCreateReferrals: true });
    await db().insert(personalProfiles).values({ userId: member.id, iban: "DE89370400440532013000" });
    const key = await storeDocument(member.id, "id", "front");
    const link = await insertLink(db(), member.id);

    const response = await t.app.request(`/api/admin/users/${member.id}/export`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="user-${member.id}.json"`);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.user).toMatchObject({ id: member.id, email: member.email });
    expect(body.profile.iban).toMatch(/^DE89 •••• •••• •••• 3000$/);
    expect(body.permissions).toEqual(["can_create_referrals"]);
    expect(body.documents).toHaveLength(1);
    expect(body.referralLinks).toHaveLength(1);
    for (const secret of ["0532013000", "X1234567", key, link.token, "signedUrl", "password", "$argon2"]) {
      expect(text).not.toContain(secret);
    }
    const actions = (await auditActions(admin.token, member.id)).map((entry) => entry.action);
    expect(actions).toContain("admin.user_exported");
  });

  it("answers 404 for a user that does not exist", async () => {
    const admin = await asRole("admin");
    const missing = await get(`/api/admin/users/${randomUUID()}/export`, admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ message: "User not found", reason: "userNotFound" });
  });
});

describe("GET /api/admin/audit", () => {
  it("lists entries newest first, overall or per user, with actor and subject", async () => {
    const superAdmin = await asRole("super_admin");
    const member = await createMember(db());
    await post(t.app, `/api/admin/users/${member.id}/suspend`, undefined, { token: superAdmin.token });
    await post(t.app, `/api/admin/users/${member.id}/reactivate`, undefined, { token: superAdmin.token });

    const answer = await get(`/api/admin/audit?userId=${member.id}&pageSize=10`, superAdmin.token);

    expect(answer.status).toBe(200);
    const body = answer.body as unknown as {
      total: number;
      entries: { action: string; actor: { id: string; email: string }; subject: { id: string } }[];
    };
    expect(body.total).toBe(2);
    expect(body.entries.map((entry) => entry.action)).toEqual([
      "admin.user_reactivated",
      "admin.user_suspended",
    ]);
    expect(body.entries[0]).toMatchObject({
      actor: { id: superAdmin.id, email: superAdmin.email },
      subject: { id: member.id },
    });
    const overall = await get("/api/admin/audit?page=1&pageSize=10", superAdmin.token);
    expect((overall.body as unknown as { total: number }).total).toBeGreaterThan(2);
    const rows = await db().select({ n: count() }).from(auditLog);
    expect((overall.body as unknown as { total: number }).total).toBe(rows[0]?.n);
  });

  it("refuses a cursor it did not make", async () => {
    const superAdmin = await asRole("super_admin");
    const answer = await get("/api/admin/audit?cursor=not-a-cursor", superAdmin.token);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ message: "The cursor is not valid.", reason: "cursorInvalid" });
  });
});

describe("OpenAPI", () => {
  it("documents the admin calls", async () => {
    const answer = await get("/api/openapi.json");
    expect(answer.status).toBe(200);
    const paths = Object.keys((answer.body as unknown as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/admin/user-list",
        "/api/admin/user-stats",
        "/api/auth/users/{id}/full",
        "/api/admin/user/{id}",
        "/api/admin/users/{id}/role",
        "/api/admin/audit",
      ]),
    );
  });
});
