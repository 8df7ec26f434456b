import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db";
import { referralUses, users } from "../db/schema";
import { INVITEES_SHOWN, SECOND_LEVEL_SHOWN } from "../domain/referrals/invite-tree";
import { call } from "../testing/auth-api";
import {
  createLink,
  createMember,
  createReferrer,
  insertLink,
  personalForm,
  registerOk,
} from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

// Admin views of referrals: who invited a member and whom they invited (two levels), and the
// top referrers of the dashboard.

type Person = { id: string; name: string | null; email: string; userType: string };
type Invitee = Person & { approved: boolean; joined: string };
type Tree = {
  invitedBy: { member: Person | null; linkLabel: string | null; joined: string } | null;
  invited: { total: number; members: (Invitee & { invited: { total: number; members: Invitee[] } })[] };
};
type Top = { referrers: (Person & { registered: number; approved: number })[] };

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (path: string, token?: string) => call(t.app, "GET", path, token ? { token } : {});
const tree = async (adminToken: string, userId: string) => {
  const answer = await get(`/api/admin/users/${userId}/referrals`, adminToken);
  expect(answer.status).toBe(200);
  return answer.body as unknown as Tree;
};

/** Members invited through one link of `ownerId`, written directly (as registration leaves them). */
async function invite(
  ownerId: string,
  count: number,
  input: { approved?: boolean } = {},
  database: Database = db(),
) {
  const link = await insertLink(database, ownerId, { maxUses: null });
  const invited: string[] = [];
  for (let index = 0; index < count; index++) {
    const member = await createMember(database, { status: input.approved ? "active" : "pending" });
    await database
      .update(users)
      .set({ referredByUserId: ownerId, adminVerifiedAt: input.approved ? new Date() : null })
      .where(eq(users.id, member.id));
    await database.insert(referralUses).values({
      linkId: link.id,
      newUserId: member.id,
      newUserType: "personal",
      usedAt: new Date(Date.now() + index),
    });
    invited.push(member.id);
  }
  return invited;
}

const idOf = async (email: string) => {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

describe("GET /api/admin/users/{id}/referrals", () => {
  it("names who invited the member (with the link's label) and whom they invited, two levels deep", async () => {
    const admin = await createReferrer(t.app, db(), { role: "admin" });
    const anna = await createReferrer(t.app, db(), { firstName: "Anna", lastName: "Inviter" });
    const annasLink = await createLink(t.app, anna.token, { label: "for Ben" });
    const benForm = personalForm(annasLink.token, { firstName: "Ben", lastName: "Invited" });
    await registerOk(t.app, "personal", benForm);
    const ben = await idOf(benForm.email);
    // Ben invites Cleo and Dan; Cleo invites Eva, who is the third level seen from Ben's inviter.
    const [cleo, dan] = await invite(ben, 2);
    if (!cleo || !dan) throw new Error("invitees missing");
    const [eva] = await invite(cleo, 1, { approved: true });

    const bens = await tree(admin.token, ben);

    expect(bens.invitedBy).toMatchObject({
      member: { id: anna.id, name: "Anna Inviter", email: anna.email, userType: "personal" },
      linkLabel: "for Ben",
    });
    expect(bens.invited.total).toBe(2);
    expect(bens.invited.members.map((member) => member.id)).toEqual([cleo, dan]);
    expect(bens.invited.members[0]?.invited).toMatchObject({
      total: 1,
      members: [{ id: eva, approved: true }],
    });
    expect(bens.invited.members[1]?.invited).toEqual({ total: 0, members: [] });

    const annas = await tree(admin.token, anna.id);
    expect(annas.invitedBy).toBeNull();
    expect(annas.invited.members).toMatchObject([
      { id: ben, name: "Ben Invited", approved: false, invited: { total: 2 } },
    ]);
    // Two levels only: Eva (Ben's invitee's invitee) is not in Anna's tree.
    expect(JSON.stringify(annas)).not.toContain(eva);
  });

  it("lists the first invitees of a large tree with the totals", async () => {
    const admin = await createReferrer(t.app, db(), { role: "admin" });
    const busy = await createMember(db());
    const invited = await invite(busy.id, INVITEES_SHOWN + 2);
    const firstInvitee = invited[0] as string;
    await invite(firstInvitee, SECOND_LEVEL_SHOWN + 3);

    const busys = await tree(admin.token, busy.id);

    expect(busys.invited.total).toBe(INVITEES_SHOWN + 2);
    expect(busys.invited.members.map((member) => member.id)).toEqual(invited.slice(0, INVITEES_SHOWN));
    expect(busys.invited.members[0]?.invited.total).toBe(SECOND_LEVEL_SHOWN + 3);
    expect(busys.invited.members[0]?.invited.members).toHaveLength(SECOND_LEVEL_SHOWN);
  });

  it("keeps the link's label when the inviting member has been deleted", async () => {
    const admin = await createReferrer(t.app, db(), { role: "admin" });
    const gone = await createReferrer(t.app, db());
    const link = await createLink(t.app, gone.token, { label: "old campaign" });
    const form = personalForm(link.token);
    await registerOk(t.app, "personal", form);
    await db().delete(users).where(eq(users.id, gone.id));

    const invitedBy = (await tree(admin.token, await idOf(form.email))).invitedBy;

    expect(invitedBy).toMatchObject({ member: null, linkLabel: "old campaign" });
  });

  it("answers 404 for an unknown or malformed id, 403 to members and 401 without a session", async () => {
    const admin = await createReferrer(t.app, db(), { role: "admin" });
    const member = await createReferrer(t.app, db());

    const unknown = await get(`/api/admin/users/${randomUUID()}/referrals`, admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ message: "User not found", reason: "userNotFound" });
    expect((await get("/api/admin/users/not-a-uuid/referrals", admin.token)).status).toBe(404);
    const refused = await get(`/api/admin/users/${member.id}/referrals`, member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe("FORBIDDEN");
    expect((await get(`/api/admin/users/${member.id}/referrals`)).status).toBe(401);
  });
});

describe("GET /api/admin/top-referrers", () => {
  it("ranks members by approved invitees, then registrations, ten at most", async () => {
    // A database of its own: the ranking is over every member.
    const own = await createTestApp();
    try {
      const ownDb = own.deps.database.db;
      const admin = await createReferrer(own.app, ownDb, { role: "admin" });
      const referrers = [];
      for (let index = 0; index < 12; index++)
        referrers.push(await createMember(ownDb, { lastName: `R${index}` }));
      const [most, many, few, ...rest] = referrers;
      if (!most || !many || !few) throw new Error("members missing");
      await invite(most.id, 2, { approved: true }, ownDb);
      await invite(many.id, 1, { approved: true }, ownDb);
      await invite(many.id, 4, {}, ownDb);
      await invite(few.id, 1, { approved: true }, ownDb);
      await invite(few.id, 1, {}, ownDb);
      for (const member of rest) await invite(member.id, 1, {}, ownDb);
      // A deleted invitee no longer counts.
      const [deleted] = await invite(most.id, 1, { approved: true }, ownDb);
      await ownDb.delete(users).where(eq(users.id, deleted as string));

      const answer = await call(own.app, "GET", "/api/admin/top-referrers", { token: admin.token });

      expect(answer.status).toBe(200);
      const top = (answer.body as unknown as Top).referrers;
      expect(top).toHaveLength(10);
      expect(top.slice(0, 3)).toMatchObject([
        { id: most.id, approved: 2, registered: 2, name: "Rita R0" },
        { id: many.id, approved: 1, registered: 5 },
        { id: few.id, approved: 1, registered: 2 },
      ]);
      expect(top.slice(3).every((row) => row.approved === 0 && row.registered === 1)).toBe(true);
      const member = await createReferrer(own.app, ownDb);
      expect((await call(own.app, "GET", "/api/admin/top-referrers", { token: member.token })).status).toBe(
        403,
      );
    } finally {
      await own.close();
    }
  });

  it("is empty before anyone registered through a link", async () => {
    const own = await createTestApp();
    try {
      const admin = await createReferrer(own.app, own.deps.database.db, { role: "admin" });
      const answer = await call(own.app, "GET", "/api/admin/top-referrers", { token: admin.token });
      expect(answer.body).toEqual({ referrers: [] });
    } finally {
      await own.close();
    }
  });
});
