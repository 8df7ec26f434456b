import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { call, codeFrom, loginOk, post } from "../testing/auth-api";
import { waitForMail } from "../testing/eml";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Caller = { id: string; email: string; token: string };

/** A signed-in account of its own (tests never share users); members start with every step done. */
async function signedIn(role: "user" | "admin" = "user"): Promise<Caller> {
  const member = await createMember(db(), { role, status: role === "user" ? "pending" : "active" });
  if (role === "user") {
    const at = new Date("2024-05-01T10:00:00Z");
    await db()
      .update(users)
      .set({ emailVerifiedAt: at, documentsUploadedAt: at, profileCompletedAt: at, contractSignedAt: at })
      .where(eq(users.id, member.id));
  }
  const { accessToken } = await loginOk(t.app, member.email, member.password);
  return { id: member.id, email: member.email, token: accessToken };
}

const sentBack = async (caller: Caller) => {
  const answer = await call(t.app, "GET", "/api/auth/user/sent-back", { token: caller.token });
  expect(answer.status).toBe(200);
  return (answer.body as { sentBack: unknown }).sentBack;
};

async function reject(admin: Caller, member: Caller, step: string, reason = "Please check this step.") {
  const answer = await post(
    t.app,
    `/api/admin/reject-user/${member.id}`,
    { step, reason },
    { token: admin.token },
  );
  expect(answer.status).toBe(200);
}

describe("GET /api/auth/user/sent-back", () => {
  it("is null for a member no admin sent back", async () => {
    expect(await sentBack(await signedIn())).toBeNull();
  });

  it("names the step an admin sent back and when, only to that member, until the step is done again", async () => {
    const admin = await signedIn("admin");
    const member = await signedIn();
    const other = await signedIn();
    const before = Date.now();
    await reject(admin, member, "email", "The address bounces.");

    const shown = (await sentBack(member)) as { step: string; at: string; reason: string | null };
    expect(shown).toMatchObject({ step: "email", reason: "The address bounces." });
    expect(Date.parse(shown.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await sentBack(other)).toBeNull();

    // The member verifies the address again, through the API: the send-back is done with.
    const sent = await post(t.app, "/api/auth/send-verification-email", {}, { token: member.token });
    expect(sent.status).toBe(200);
    const mail = await waitForMail(
      t.mailDir,
      (candidate) => candidate.to.includes(member.email) && /\b\d{6}\b/.test(candidate.text),
    );
    const verified = await post(
      t.app,
      "/api/auth/verify-email-code",
      { code: codeFrom(mail) },
      { token: member.token },
    );
    expect(verified.status).toBe(200);
    expect(await sentBack(member)).toBeNull();
  });

  it("shows the latest send-back when there were several", async () => {
    const admin = await signedIn("admin");
    const member = await signedIn();
    await reject(admin, member, "documents");
    await reject(admin, member, "profile");
    expect(await sentBack(member)).toMatchObject({ step: "profile" });
  });

  it("answers 401 without a session", async () => {
    expect((await call(t.app, "GET", "/api/auth/user/sent-back")).status).toBe(401);
  });
});
