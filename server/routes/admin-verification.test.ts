import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverStatusSchema } from "../../lib/schemas/admin";
import { auditLog, documents, permissions, userPermissions, users } from "../db/schema";
import { call, loginOk, post } from "../testing/auth-api";
import { readOutbox, waitForMail } from "../testing/eml";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

type Role = "user" | "admin" | "super_admin";
type Caller = { id: string; email: string; token: string };

/** A logged-in account of its own (STYLE.md: tests never share users). */
async function loggedIn(
  role: Role,
  input: { status?: "pending" | "active"; language?: "en" | "de" } = {},
): Promise<Caller> {
  const member = await createMember(db(), { role, status: input.status ?? "active" });
  if (input.language)
    await db().update(users).set({ language: input.language }).where(eq(users.id, member.id));
  const { accessToken } = await loginOk(t.app, member.email, member.password);
  return { id: member.id, email: member.email, token: accessToken };
}

const at = new Date("2024-05-01T10:00:00Z");
const allStepsDone = {
  emailVerifiedAt: at,
  documentsUploadedAt: at,
  profileCompletedAt: at,
  contractSignedAt: at,
};

/** A member row written directly (no password: these never log in), for the queue. */
async function insertUser(values: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db()
    .insert(users)
    .values({
      email: `queued-${crypto.randomBytes(5).toString("hex")}@example.com`,
      role: "user",
      status: "pending",
      userType: "personal",
      firstName: "Queued",
      lastName: "Member",
      ...values,
    })
    .returning();
  if (!row) throw new Error("user insert returned nothing");
  return row;
}

const get = (path: string, token?: string) => call(t.app, "GET", path, token ? { token } : {});
const put = (path: string, body: unknown, token?: string) =>
  call(t.app, "PUT", path, { body, ...(token ? { token } : {}) });

const auditRows = (action: string, subjectUserId?: string) =>
  db()
    .select()
    .from(auditLog)
    .where(
      subjectUserId
        ? and(eq(auditLog.action, action), eq(auditLog.subjectUserId, subjectUserId))
        : eq(auditLog.action, action),
    );

const userRow = async (id: string) => {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
};

async function createPermissionRow(name: string, isActive = true) {
  const [row] = await db().insert(permissions).values({ name, isActive }).returning();
  if (!row) throw new Error("permission insert returned nothing");
  return row;
}

const uniqueName = (label: string) => `${label}_${crypto.randomBytes(4).toString("hex")}`;

describe("admin verification calls: who may call them", () => {
  const someId = crypto.randomUUID();
  const endpoints: [string, string, unknown?][] = [
    ["GET", "/api/permissions"],
    ["POST", "/api/permissions", { name: "some_permission" }],
    ["GET", `/api/auth/users/${someId}/permissions`],
    ["PUT", `/api/admin/users/${someId}/permissions`, { permissions: [] }],
    ["GET", "/api/admin/verification-pending-users"],
    ["POST", `/api/admin/verify-user/${someId}`, { permissions: [] }],
    ["POST", `/api/admin/reject-user/${someId}`, { step: "documents", reason: "Blurry" }],
    ["GET", "/api/admin/server-status"],
  ];

  it.each(
    endpoints.map(([method, path, body]) => ({ method, path, body, route: path.replace(someId, "{id}") })),
  )("$method $route: visitors 401, members 403", async ({ method, path, body }) => {
    const member = await loggedIn("user");
    const visitor = await call(t.app, method, path, body === undefined ? {} : { body });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error?.code).toBe("UNAUTHORIZED");
    const asMember = await call(t.app, method, path, {
      token: member.token,
      ...(body === undefined ? {} : { body }),
    });
    expect(asMember.status).toBe(403);
    expect(asMember.body.error?.message).toBe("Access denied. You are not permitted to access admin areas.");
  });

  it("a demoted admin's still-valid token gets 403 (role read from the database)", async () => {
    const admin = await loggedIn("admin");
    expect((await get("/api/permissions", admin.token)).status).toBe(200);
    await db().update(users).set({ role: "user" }).where(eq(users.id, admin.id));
    expect((await get("/api/permissions", admin.token)).status).toBe(403);
  });
});

describe("permissions: list and create", () => {
  it("creates a permission trimmed, active by default, created by the caller; lists by name", async () => {
    const admin = await loggedIn("admin");
    const other = await loggedIn("admin");
    const name = uniqueName("can_export");
    const created = await post(
      t.app,
      "/api/permissions",
      { name: `  ${name}  `, description: "  May export  ", created_by: other.id },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    const permission = (created.body as unknown as { permission: Record<string, unknown> }).permission;
    expect(permission).toMatchObject({
      name,
      description: "May export",
      is_active: true,
      created_by: admin.id,
    });
    expect(typeof permission.id).toBe("string");

    const inactive = await post(
      t.app,
      "/api/permissions",
      { name: uniqueName("aaa_inactive"), is_active: false },
      { token: admin.token },
    );
    expect(inactive.status).toBe(201);
    expect((inactive.body as unknown as { permission: { is_active: boolean } }).permission.is_active).toBe(
      false,
    );

    const list = await get("/api/permissions", admin.token);
    expect(list.status).toBe(200);
    const names = (list.body as unknown as { permissions: { name: string }[] }).permissions.map(
      (p) => p.name,
    );
    expect(names).toContain(name);
    expect(names).toContain("can_create_referrals");
    expect(names).toEqual([...names].sort());

    const [audit] = await auditRows("admin.permission_created").then((rows) =>
      rows.filter((row) => (row.details as { permission?: string }).permission === name),
    );
    expect(audit?.actorUserId).toBe(admin.id);
  });

  it("refuses a blank name with the spec's message", async () => {
    const admin = await loggedIn("admin");
    for (const name of ["", "   "]) {
      const answer = await post(t.app, "/api/permissions", { name }, { token: admin.token });
      expect(answer.status).toBe(422);
      expect(answer.body.error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: "Permission name is required",
        reason: "permissionNameRequired",
      });
    }
  });

  it("refuses spaces, uppercase and other characters", async () => {
    const admin = await loggedIn("admin");
    for (const name of ["has space", "UpperCase", "dash-name", "ümlaut"]) {
      const answer = await post(t.app, "/api/permissions", { name }, { token: admin.token });
      expect(answer.status, name).toBe(422);
      expect(answer.body.error).toMatchObject({
        message: "Use lowercase letters, digits and underscores only, no spaces.",
        reason: "permissionNameFormat",
      });
    }
  });

  it("refuses a duplicate name clearly, also when sent in parallel", async () => {
    const admin = await loggedIn("admin");
    const existing = await post(
      t.app,
      "/api/permissions",
      { name: "can_create_referrals" },
      { token: admin.token },
    );
    expect(existing.status).toBe(409);
    expect(existing.body.error).toMatchObject({
      code: "CONFLICT",
      message: "A permission with this name already exists.",
      reason: "duplicatePermission",
    });

    const name = uniqueName("parallel");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, "/api/permissions", { name }, { token: admin.token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe("user permissions: read and replace", () => {
  it("replaces the set; GET lists the active names; unknown names refuse the whole change", async () => {
    const admin = await loggedIn("admin");
    const member = await createMember(db(), { canCreateReferrals: true });
    const first = await createPermissionRow(uniqueName("p_first"));
    const dormant = await createPermissionRow(uniqueName("p_dormant"), false);

    expect(await get(`/api/auth/users/${member.id}/permissions`, admin.token)).toMatchObject({
      status: 200,
      body: { permissions: ["can_create_referrals"] },
    });

    const replaced = await put(
      `/api/admin/users/${member.id}/permissions`,
      { permissions: [dormant.name, first.name, first.name] },
      admin.token,
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ success: true, permissions: [first.name, dormant.name].sort() });

    const rows = await db()
      .select({ permissionId: userPermissions.permissionId })
      .from(userPermissions)
      .where(eq(userPermissions.userId, member.id));
    expect(rows.map((row) => row.permissionId).sort()).toEqual([first.id, dormant.id].sort());
    // The inactive one is assigned but not in effect.
    expect((await get(`/api/auth/users/${member.id}/permissions`, admin.token)).body).toEqual({
      permissions: [first.name],
    });

    const unknown = await put(
      `/api/admin/users/${member.id}/permissions`,
      { permissions: [first.name, "no_such_permission", "nor_this"] },
      admin.token,
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.error?.message).toBe("Unknown permissions: no_such_permission, nor_this");
    expect((await get(`/api/auth/users/${member.id}/permissions`, admin.token)).body).toEqual({
      permissions: [first.name],
    });

    const cleared = await put(`/api/admin/users/${member.id}/permissions`, { permissions: [] }, admin.token);
    expect(cleared.body).toEqual({ success: true, permissions: [] });

    const audits = await auditRows("admin.user_permissions_changed", member.id);
    expect(audits).toHaveLength(2);
    expect(audits.every((row) => row.actorUserId === admin.id)).toBe(true);
  });

  it("only a super admin may change an admin's or super admin's permissions", async () => {
    const admin = await loggedIn("admin");
    const superAdmin = await loggedIn("super_admin");
    const otherAdmin = await createMember(db(), { role: "admin" });
    const otherSuper = await createMember(db(), { role: "super_admin" });
    const body = { permissions: ["can_create_referrals"] };

    for (const target of [otherSuper.id, otherAdmin.id, admin.id]) {
      const refused = await put(`/api/admin/users/${target}/permissions`, body, admin.token);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        message: "Only a super admin can change the permissions of an admin.",
        reason: "adminPermissionsSuperAdminOnly",
      });
    }
    expect((await get(`/api/auth/users/${otherSuper.id}/permissions`, admin.token)).body).toEqual({
      permissions: [],
    });

    for (const target of [otherSuper.id, otherAdmin.id]) {
      const allowed = await put(`/api/admin/users/${target}/permissions`, body, superAdmin.token);
      expect(allowed.status).toBe(200);
      expect((await get(`/api/auth/users/${target}/permissions`, admin.token)).body).toEqual(body);
    }
  });

  it("unknown users are 404", async () => {
    const admin = await loggedIn("admin");
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      expect((await get(`/api/auth/users/${id}/permissions`, admin.token)).status).toBe(404);
      expect((await put(`/api/admin/users/${id}/permissions`, { permissions: [] }, admin.token)).status).toBe(
        404,
      );
    }
  });
});

describe("GET /api/admin/verification-pending-users", () => {
  type Page = {
    users: Record<string, unknown>[];
    total: number;
    page: number;
    pageSize: number;
    pageCount: number;
  };

  it("onboarding=all lists pending, unverified members oldest first, with their step flags, page by page", async () => {
    const admin = await loggedIn("admin");
    const tag = `Tag${crypto.randomBytes(4).toString("hex")}`;
    const queued = [];
    for (let index = 0; index < 12; index += 1) {
      queued.push(
        await insertUser({
          lastName: tag,
          createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
          ...(index === 0 ? allStepsDone : {}),
          ...(index === 1 ? { userType: "company", companyName: "Acme GmbH" } : {}),
        }),
      );
    }
    // Not in the queue: active, suspended, admin-verified, or not a member.
    await insertUser({ lastName: tag, status: "active" });
    await insertUser({ lastName: tag, status: "suspended" });
    await insertUser({ lastName: tag, adminVerifiedAt: at });
    await insertUser({ lastName: tag, role: "admin" });

    const first = await get(
      `/api/admin/verification-pending-users?search=${tag.toLowerCase()}&pageSize=10&onboarding=all`,
      admin.token,
    );
    expect(first.status).toBe(200);
    const page1 = first.body as unknown as Page;
    expect(page1).toMatchObject({ total: 12, page: 1, pageSize: 10, pageCount: 2 });
    expect(page1.users.map((user) => user.id)).toEqual(queued.slice(0, 10).map((user) => user.id));
    expect(page1.users[0]).toMatchObject({
      email: queued[0]?.email,
      status: "pending",
      role: "user",
      email_verified: 1,
      documents_uploaded: 1,
      profile_completed: 1,
      contract_signed: 1,
      is_admin_verified: 0,
      created_at: "2024-01-01T00:00:00.000Z",
      last_login_at: null,
    });
    expect(page1.users[1]).toMatchObject({
      user_type: "company",
      company_name: "Acme GmbH",
      email_verified: 0,
    });

    const page2 = (
      await get(
        `/api/admin/verification-pending-users?search=${tag}&page=2&pageSize=10&onboarding=all`,
        admin.token,
      )
    ).body as unknown as Page;
    expect(page2).toMatchObject({ total: 12, page: 2, pageCount: 2 });
    expect(page2.users.map((user) => user.id)).toEqual(queued.slice(10).map((user) => user.id));

    const companies = (
      await get(
        `/api/admin/verification-pending-users?search=${tag}&user_type=company&onboarding=all`,
        admin.token,
      )
    ).body as unknown as Page;
    expect(companies.users.map((user) => user.id)).toEqual([queued[1]?.id]);

    const all = (await get("/api/admin/verification-pending-users?pageSize=100&onboarding=all", admin.token))
      .body as unknown as Page;
    expect(all.users.every((user) => user.status === "pending" && user.role === "user")).toBe(true);

    expect((await get("/api/admin/verification-pending-users?pageSize=7", admin.token)).status).toBe(422);
    expect((await get("/api/admin/verification-pending-users?onboarding=some", admin.token)).status).toBe(
      422,
    );
  });

  it("by default lists only members who finished all four steps; the toggle adds the others", async () => {
    const admin = await loggedIn("admin");
    const tag = `Ready${crypto.randomBytes(4).toString("hex")}`;
    const finished = await insertUser({ lastName: tag, ...allStepsDone, createdAt: new Date("2024-02-01") });
    const noContract = await insertUser({
      lastName: tag,
      ...allStepsDone,
      contractSignedAt: null,
      createdAt: new Date("2024-02-02"),
    });
    const onlyEmail = await insertUser({
      lastName: tag,
      emailVerifiedAt: at,
      createdAt: new Date("2024-02-03"),
    });
    // Finished, but not waiting for this admin: approved already, suspended, or not a member.
    await insertUser({ lastName: tag, ...allStepsDone, adminVerifiedAt: at });
    await insertUser({ lastName: tag, ...allStepsDone, status: "suspended" });
    await insertUser({ lastName: tag, ...allStepsDone, role: "admin" });

    const ready = (await get(`/api/admin/verification-pending-users?search=${tag}`, admin.token))
      .body as unknown as Page;
    expect(ready.total).toBe(1);
    expect(ready.users.map((user) => user.id)).toEqual([finished.id]);
    const explicit = (
      await get(`/api/admin/verification-pending-users?search=${tag}&onboarding=complete`, admin.token)
    ).body as unknown as Page;
    expect(explicit.users.map((user) => user.id)).toEqual([finished.id]);

    const everyone = (
      await get(`/api/admin/verification-pending-users?search=${tag}&onboarding=all`, admin.token)
    ).body as unknown as Page;
    expect(everyone.total).toBe(3);
    expect(everyone.users.map((user) => user.id)).toEqual([finished.id, noContract.id, onlyEmail.id]);
    expect(everyone.users[1]).toMatchObject({ contract_signed: 0, profile_completed: 1 });
    expect(everyone.users[2]).toMatchObject({ email_verified: 1, documents_uploaded: 0 });
  });

  it("the queue's total is the admin dashboard's 'awaiting verification' count", async () => {
    const admin = await loggedIn("admin");
    const counts = async () => {
      const queue = (await get("/api/admin/verification-pending-users", admin.token)).body as unknown as Page;
      const stats = (await get("/api/admin/user-stats", admin.token)).body as unknown as {
        verificationPending: number;
      };
      return { queue: queue.total, dashboard: stats.verificationPending };
    };
    const before = await counts();
    expect(before.queue).toBe(before.dashboard);

    await insertUser(allStepsDone);
    await insertUser({ ...allStepsDone, profileCompletedAt: null });
    await insertUser({ ...allStepsDone, status: "suspended" });
    await insertUser({ ...allStepsDone, adminVerifiedAt: at });
    const after = await counts();
    expect(after).toEqual({ queue: before.queue + 1, dashboard: before.queue + 1 });
  });
});

describe("POST /api/admin/verify-user/{userId}", () => {
  it("activates the member with the chosen permissions in one step, mails in their language, audits", async () => {
    const admin = await loggedIn("admin");
    const member = await loggedIn("user", { status: "pending", language: "de" });
    await db().update(users).set(allStepsDone).where(eq(users.id, member.id));
    expect((await get("/api/referral/list", member.token)).status).toBe(403);

    const answer = await post(
      t.app,
      `/api/admin/verify-user/${member.id}`,
      { permissions: ["can_create_referrals"] },
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      permissions: ["can_create_referrals"],
      emailSent: true,
    });

    const row = await userRow(member.id);
    expect(row.status).toBe("active");
    expect(row.adminVerifiedAt).toBeInstanceOf(Date);
    // The member's current token now reaches the referral calls (permissions read per call).
    expect((await get("/api/referral/list", member.token)).status).toBe(200);
    expect((await get("/api/auth/user/status", member.token)).body).toMatchObject({ is_admin_verified: 1 });

    const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(member.email));
    expect(mail.subject).toBe("Ihr Konto ist aktiv");
    expect(mail.text).toContain("http://localhost:3000/login");

    const [audit] = await auditRows("admin.user_verified", member.id);
    expect(audit).toMatchObject({
      actorUserId: admin.id,
      details: { permissions: ["can_create_referrals"] },
    });

    const again = await post(
      t.app,
      `/api/admin/verify-user/${member.id}`,
      { permissions: [] },
      { token: admin.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      message: "User is already verified.",
      reason: "userAlreadyVerified",
    });
  });

  it("mails English users in English; an empty permission list is allowed", async () => {
    const superAdmin = await loggedIn("super_admin");
    const member = await insertUser({ language: "en", ...allStepsDone });
    const answer = await post(
      t.app,
      `/api/admin/verify-user/${member.id}`,
      { permissions: [] },
      { token: superAdmin.token },
    );
    expect(answer.status).toBe(200);
    const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(member.email));
    expect(mail.subject).toBe("Your account is active");
    expect((await userRow(member.id)).status).toBe("active");
  });

  it("an unknown permission rolls everything back", async () => {
    const admin = await loggedIn("admin");
    const member = await insertUser(allStepsDone);
    const answer = await post(
      t.app,
      `/api/admin/verify-user/${member.id}`,
      { permissions: ["can_create_referrals", "made_up"] },
      { token: admin.token },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error?.message).toBe("Unknown permissions: made_up");
    const row = await userRow(member.id);
    expect(row).toMatchObject({ status: "pending", adminVerifiedAt: null });
    const granted = await db().select().from(userPermissions).where(eq(userPermissions.userId, member.id));
    expect(granted).toEqual([]);
    expect(await auditRows("admin.user_verified", member.id)).toEqual([]);
    expect((await readOutbox(t.mailDir)).some((mail) => mail.to.includes(member.email))).toBe(false);
  });

  it("unknown users are 404; admins and suspended accounts are not verified", async () => {
    const admin = await loggedIn("admin");
    for (const id of [crypto.randomUUID(), "nope"]) {
      const answer = await post(
        t.app,
        `/api/admin/verify-user/${id}`,
        { permissions: [] },
        { token: admin.token },
      );
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ message: "User not found.", reason: "targetUserNotFound" });
    }
    const otherAdmin = await insertUser({ role: "admin", ...allStepsDone });
    expect(
      (
        await post(
          t.app,
          `/api/admin/verify-user/${otherAdmin.id}`,
          { permissions: [] },
          { token: admin.token },
        )
      ).body.error?.message,
    ).toBe("Only member accounts can be verified.");
    const suspended = await insertUser({ status: "suspended", ...allStepsDone });
    const refused = await post(
      t.app,
      `/api/admin/verify-user/${suspended.id}`,
      { permissions: [] },
      { token: admin.token },
    );
    expect(refused.status).toBe(409);
    expect((await userRow(suspended.id)).status).toBe("suspended");
  });

  it("refuses a member who has not finished onboarding: 409 ONBOARDING_INCOMPLETE naming the missing steps", async () => {
    const admin = await loggedIn("admin");
    const steps = [
      ["email_verified", "emailVerifiedAt"],
      ["documents_uploaded", "documentsUploadedAt"],
      ["profile_completed", "profileCompletedAt"],
      ["contract_signed", "contractSignedAt"],
    ] as const;
    for (const [step, column] of steps) {
      const member = await insertUser({ ...allStepsDone, [column]: null });
      const answer = await post(
        t.app,
        `/api/admin/verify-user/${member.id}`,
        { permissions: ["can_create_referrals"] },
        { token: admin.token },
      );
      expect(answer.status, step).toBe(409);
      expect(answer.body.error).toEqual({
        code: "ONBOARDING_INCOMPLETE",
        message: "The user has not finished onboarding yet.",
        details: { missing: [step] },
      });
      expect(await userRow(member.id)).toMatchObject({ status: "pending", adminVerifiedAt: null });
      const granted = await db().select().from(userPermissions).where(eq(userPermissions.userId, member.id));
      expect(granted).toEqual([]);
      expect(await auditRows("admin.user_verified", member.id)).toEqual([]);
    }

    const fresh = await insertUser({ emailVerifiedAt: at });
    const answer = await post(
      t.app,
      `/api/admin/verify-user/${fresh.id}`,
      { permissions: [] },
      { token: admin.token },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.error?.details).toEqual({
      missing: ["documents_uploaded", "profile_completed", "contract_signed"],
    });
  });

  it("parallel verifications of one member: one succeeds, the others are told it is done", async () => {
    const admin = await loggedIn("admin");
    const member = await insertUser(allStepsDone);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(t.app, `/api/admin/verify-user/${member.id}`, { permissions: [] }, { token: admin.token }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await auditRows("admin.user_verified", member.id)).toHaveLength(1);
  });
});

describe("GET /api/auth/admin/users/{id}/full: what the verify page shows", () => {
  it("carries the ID type, number and expiry of the current ID documents (replaced ones left out)", async () => {
    const admin = await loggedIn("admin");
    const member = await insertUser(allStepsDone);
    const path = `/api/auth/admin/users/${member.id}/full`;
    expect((await get(path, admin.token)).body).toMatchObject({ idDetails: null });

    const file = { originalFilename: "id.jpg", contentType: "image/jpeg", sizeBytes: 10, sha256: "0" };
    const idRow = (side: "front" | "back", idNumber: string, supersededAt: Date | null) => ({
      ...file,
      userId: member.id,
      kind: "id" as const,
      side,
      documentType: "personal_id",
      idType: "passport",
      idNumber,
      expiryDate: "2031-06-30",
      storageKey: crypto.randomUUID(),
      supersededAt,
    });
    await db()
      .insert(documents)
      .values([
        idRow("front", "OLD123", at),
        idRow("back", "P1234567", null),
        idRow("front", "P1234567", null),
      ]);
    const answer = await get(path, admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      idDetails: { idType: "passport", idNumber: "P1234567", expiryDate: "2031-06-30" },
      userStatus: { contract_signed: 1, contract_signed_at: at.toISOString() },
    });
  });
});

describe("POST /api/admin/reject-user/{userId}", () => {
  it("documents: clears documents_uploaded_at only, keeps the account pending, mails the reason", async () => {
    const admin = await loggedIn("admin");
    const member = await loggedIn("user", { status: "pending" });
    await db().update(users).set(allStepsDone).where(eq(users.id, member.id));

    const reason = "The photo of your ID card is blurry. <b>Please</b> upload a sharper one.";
    const answer = await post(
      t.app,
      `/api/admin/reject-user/${member.id}`,
      { step: "documents", reason: `  ${reason}  ` },
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, emailSent: true });

    const row = await userRow(member.id);
    expect(row).toMatchObject({
      status: "pending",
      documentsUploadedAt: null,
      emailVerifiedAt: at,
      profileCompletedAt: at,
      contractSignedAt: at,
      adminVerifiedAt: null,
    });
    expect((await get("/api/auth/user/status", member.token)).body).toMatchObject({
      email_verified: 1,
      documents_uploaded: 0,
    });

    const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(member.email));
    expect(mail.subject).toBe("Please update your details");
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain("upload your ID documents");
    expect(mail.html).toContain("&#60;b&#62;Please&#60;/b&#62;");

    const [audit] = await auditRows("admin.user_rejected", member.id);
    expect(audit).toMatchObject({
      actorUserId: admin.id,
      details: { step: "documents", reasonLength: reason.length },
    });
    expect(JSON.stringify(audit?.details)).not.toContain("blurry");
  });

  it.each([
    ["email", "emailVerifiedAt"],
    ["profile", "profileCompletedAt"],
    ["contract", "contractSignedAt"],
  ] as const)("%s: clears %s and mails German users in German", async (step, column) => {
    const admin = await loggedIn("admin");
    const member = await insertUser({ ...allStepsDone, language: "de" });
    const answer = await post(
      t.app,
      `/api/admin/reject-user/${member.id}`,
      { step, reason: "Bitte korrigieren." },
      {
        token: admin.token,
      },
    );
    expect(answer.status).toBe(200);
    const row = await userRow(member.id);
    expect(row[column]).toBeNull();
    expect(row.documentsUploadedAt).toEqual(at);
    const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(member.email));
    expect(mail.subject).toBe("Bitte ergänzen Sie Ihre Angaben");
    expect(mail.text).toContain("Begründung: Bitte korrigieren.");
  });

  it("validates step and reason; 404 for unknown users; 409 once verified", async () => {
    const admin = await loggedIn("admin");
    const member = await insertUser();
    const blank = await post(
      t.app,
      `/api/admin/reject-user/${member.id}`,
      { step: "email", reason: "  " },
      {
        token: admin.token,
      },
    );
    expect(blank.status).toBe(422);
    expect(blank.body.error).toMatchObject({
      message: "A reason is required.",
      reason: "rejectReasonRequired",
    });
    const badStep = await post(
      t.app,
      `/api/admin/reject-user/${member.id}`,
      { step: "password", reason: "x" },
      {
        token: admin.token,
      },
    );
    expect(badStep.status).toBe(422);
    expect(
      (
        await post(
          t.app,
          `/api/admin/reject-user/${crypto.randomUUID()}`,
          { step: "email", reason: "x" },
          {
            token: admin.token,
          },
        )
      ).status,
    ).toBe(404);
    const verified = await insertUser({ status: "active", adminVerifiedAt: at });
    const late = await post(
      t.app,
      `/api/admin/reject-user/${verified.id}`,
      { step: "email", reason: "x" },
      {
        token: admin.token,
      },
    );
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      message: "User is already verified.",
      reason: "userAlreadyVerified",
    });
  });
});

describe("GET /api/admin/server-status", () => {
  it("reports this instance with numbers in range and the newest lines of its log buffer", async () => {
    const admin = await loggedIn("admin");
    const marker = `status-marker-${crypto.randomBytes(4).toString("hex")}`;
    t.deps.logger.warn(marker);
    const answer = await get("/api/admin/server-status", admin.token);
    expect(answer.status).toBe(200);
    const status = serverStatusSchema.parse(answer.body);
    expect(status.status).toBe("online");
    expect(status.instance).toContain(String(process.pid));
    expect(status.uptime.days).toBeGreaterThanOrEqual(0);
    expect(status.uptime.hours).toBeGreaterThanOrEqual(0);
    expect(status.uptime.hours).toBeLessThan(24);
    expect(status.uptime.minutes).toBeGreaterThanOrEqual(0);
    expect(status.uptime.minutes).toBeLessThan(60);
    expect(status.cpuUsagePercent).toBeGreaterThanOrEqual(0);
    expect(status.cpuUsagePercent).toBeLessThanOrEqual(100);
    expect(status.memory.total).toBeGreaterThan(0);
    expect(status.memory.used).toBeGreaterThan(0);
    expect(status.memory.used).toBeLessThanOrEqual(status.memory.total);
    expect(status.logs.length).toBeLessThanOrEqual(50);
    expect(status.logs).toContainEqual({
      time: expect.any(String),
      level: "warn",
      tier: "api",
      message: marker,
    });
  });

  it("summarises this instance's metrics: requests with their p95, failures and the mail outbox", async () => {
    const admin = await loggedIn("admin");
    const answer = await get("/api/admin/server-status", admin.token);
    expect(answer.status).toBe(200);
    const { metrics } = serverStatusSchema.parse(answer.body);
    // At least the admin's own sign-in and the calls before this one.
    expect(metrics.requests).toBeGreaterThan(0);
    expect(metrics.requestP95Ms).toBeGreaterThanOrEqual(0);
    expect(metrics.serverErrors).toBe(0);
    expect(metrics.jobFailures).toBe(0);
    expect(metrics.signInFailures).toBeGreaterThanOrEqual(0);
    expect(metrics.rateLimitRefusals).toBeGreaterThanOrEqual(0);
    expect(metrics.mailOutbox.pending).toBeGreaterThanOrEqual(0);
    expect(metrics.mailOutbox.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(metrics.since)).toBeLessThanOrEqual(Date.now());
  });
});
