import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../db";
import { changeReviews, documents, mailOutbox, users } from "../db/schema";
import { sweepIdExpiry } from "../domain/documents/id-expiry";
import { createIdExpirySweeper } from "../domain/documents/id-expiry-sweeper";
import { createLogger } from "../infra/logging/logger";
import { type ApiAnswer, call, loginOk } from "../testing/auth-api";
import { waitForMail } from "../testing/eml";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";
import { testDatabaseUrl } from "../testing/test-env";

// ID expiry: a member whose current ID expires within 30 days sees it on the dashboard (the
// notice data) and gets one mail, in their language, once per uploaded ID, also with two API
// instances sweeping one database; a member whose ID has expired is on the admins' list until a
// new ID is uploaded, which then goes before an admin like any ID change after approval.

let t: TestApp;
const db = () => t.deps.database.db;
const sweepDeps = () => ({ db: db(), mail: t.mailSender, publicUrl: "http://localhost:3000" });

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC day `days` after `from`, as YYYY-MM-DD (the expiry field's format). */
const dayAfter = (from: Date, days: number) =>
  new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);

type MemberOptions = {
  language?: "en" | "de";
  status?: "pending" | "active" | "suspended";
  userType?: "personal" | "company";
  approved?: boolean;
};

/** A member whose current ID (front and back rows, as an upload leaves them) expires on `expiryDate`. */
async function memberWithId(expiryDate: string, options: MemberOptions = {}) {
  const member = await createMember(db(), {
    status: options.status ?? "active",
    userType: options.userType ?? "personal",
    ...(options.userType === "company" ? { companyName: "Ablauf GmbH" } : {}),
  });
  await db()
    .update(users)
    .set({
      language: options.language ?? "en",
      adminVerifiedAt: options.approved === false ? null : new Date(),
    })
    .where(eq(users.id, member.id));
  await db()
    .insert(documents)
    .values(
      (["front", "back"] as const).map((side) => ({
        userId: member.id,
        kind: "id" as const,
        side,
        documentType: options.userType === "company" ? "company_id" : "personal_id",
        idType: "passport",
        idNumber: "X1234567",
        expiryDate,
        originalFilename: `${side}.jpg`,
        storageKey: crypto.randomUUID(),
        contentType: "image/jpeg",
        sizeBytes: 1000,
        sha256: "0".repeat(64),
      })),
    );
  return member;
}

const expiryMailsTo = (email: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, "id_expiring")));

const BOUNDARY = "----id-expiry-test-boundary";

/** A personal ID upload through the API, as the upload form sends it. */
async function uploadId(token: string, expiryDate: string): Promise<ApiAnswer> {
  const image = (red: number) =>
    sharp({ create: { width: 64, height: 40, channels: 3, background: { r: red, g: 40, b: 40 } } })
      .jpeg()
      .toBuffer();
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries({ idType: "passport", idNumber: "N0000001", expiryDate })) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const side of ["front", "back"]) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${side}"; filename="${side}.jpg"\r\n` +
          "Content-Type: image/jpeg\r\n\r\n",
      ),
      await image(side === "front" ? 200 : 100),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const body = Buffer.concat(parts);
  const response = await t.app.request("/api/upload/personal-id", {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "content-length": String(body.length),
      authorization: `Bearer ${token}`,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers, ms: 0 };
}

async function loggedInAdmin() {
  const admin = await createMember(db(), { role: "admin" });
  const { accessToken } = await loginOk(t.app, admin.email, admin.password);
  return accessToken;
}

describe("the dashboard's notice data: GET /api/documents/id-expiry", () => {
  it("says expiring with the date for an ID uploaded with an expiry within 30 days", async () => {
    const member = await createMember(db(), { status: "pending" });
    const { accessToken } = await loginOk(t.app, member.email, member.password);

    const before = await call(t.app, "GET", "/api/documents/id-expiry", { token: accessToken });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ state: "none", expiryDate: null });

    const expiryDate = dayAfter(new Date(), 10);
    expect((await uploadId(accessToken, expiryDate)).status).toBe(201);
    const after = await call(t.app, "GET", "/api/documents/id-expiry", { token: accessToken });
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ state: "expiring", expiryDate });
  });

  it("says valid beyond 30 days, and expired from the expiry day on (the day the upload refuses)", async () => {
    const now = new Date();
    const cases = [
      [dayAfter(now, 31), "valid"],
      [dayAfter(now, 30), "expiring"],
      [dayAfter(now, 1), "expiring"],
      [dayAfter(now, 0), "expired"],
      [dayAfter(now, -200), "expired"],
    ] as const;
    for (const [expiryDate, state] of cases) {
      const member = await memberWithId(expiryDate);
      const { accessToken } = await loginOk(t.app, member.email, member.password);
      const answer = await call(t.app, "GET", "/api/documents/id-expiry", { token: accessToken });
      expect({ expiryDate, state: answer.body }).toEqual({ expiryDate, state: { state, expiryDate } });
    }
  });

  it("answers only a signed-in caller", async () => {
    expect((await call(t.app, "GET", "/api/documents/id-expiry")).status).toBe(401);
  });

  it("still refuses an upload whose ID has already expired or expires today", async () => {
    const member = await createMember(db(), { status: "pending" });
    const { accessToken } = await loginOk(t.app, member.email, member.password);
    for (const expiryDate of [dayAfter(new Date(), 0), dayAfter(new Date(), -3)]) {
      const answer = await uploadId(accessToken, expiryDate);
      expect(answer.status).toBe(422);
      expect(answer.body.error?.message).toBe("Expiry date must be in the future.");
    }
  });
});

describe("the expiry sweep: one mail per ID", () => {
  it("mails members whose ID expires within 30 days once, in their language, and nobody else", async () => {
    const now = new Date("2031-05-10T08:00:00Z");
    const soon = await memberWithId("2031-05-20");
    const german = await memberWithId("2031-06-09", { language: "de", userType: "company" });
    const later = await memberWithId("2031-06-10");
    const expired = await memberWithId("2031-05-10");
    const suspended = await memberWithId("2031-05-15", { status: "suspended" });
    const onboarding = await memberWithId("2031-05-25", { status: "pending", approved: false });

    await sweepIdExpiry(sweepDeps(), now);
    await sweepIdExpiry(sweepDeps(), now);
    // An hour later, as the next scheduled sweep: still nothing new for them.
    await sweepIdExpiry(sweepDeps(), new Date(now.getTime() + 3600_000));

    expect(await expiryMailsTo(soon.email)).toHaveLength(1);
    expect(await expiryMailsTo(german.email)).toHaveLength(1);
    expect(await expiryMailsTo(onboarding.email)).toHaveLength(1);
    for (const member of [later, expired, suspended]) expect(await expiryMailsTo(member.email)).toEqual([]);

    await t.mailSender.flush();
    const english = await waitForMail(t.mailDir, (mail) => mail.to.includes(soon.email));
    expect(english.subject).toBe("Your ID document expires soon");
    expect(english.text).toContain("expires on May 20, 2031.");
    expect(english.text).toContain("http://localhost:3000/personal-id-upload");
    const deutsch = await waitForMail(t.mailDir, (mail) => mail.to.includes(german.email));
    expect(deutsch.subject).toBe("Ihr Ausweisdokument läuft bald ab");
    expect(deutsch.text).toContain("läuft am 9. Juni 2031 ab.");
    expect(deutsch.text).toContain("http://localhost:3000/company-id-upload");

    // The day the later one comes within 30 days, it gets its mail; the others still only one.
    await sweepIdExpiry(sweepDeps(), new Date("2031-05-11T00:30:00Z"));
    expect(await expiryMailsTo(later.email)).toHaveLength(1);
    expect(await expiryMailsTo(soon.email)).toHaveLength(1);
  });

  it("mails again for a newly uploaded ID that also expires soon, but not for the replaced one", async () => {
    const now = new Date();
    const member = await createMember(db(), { status: "pending" });
    const { accessToken } = await loginOk(t.app, member.email, member.password);
    expect((await uploadId(accessToken, dayAfter(now, 5))).status).toBe(201);
    await sweepIdExpiry(sweepDeps(), now);
    expect(await expiryMailsTo(member.email)).toHaveLength(1);

    expect((await uploadId(accessToken, dayAfter(now, 20))).status).toBe(201);
    await sweepIdExpiry(sweepDeps(), now);
    await sweepIdExpiry(sweepDeps(), now);
    const mails = await expiryMailsTo(member.email);
    expect(mails).toHaveLength(2);
  });

  it("commits the mark and the mail together: a sweep that fails writes neither", async () => {
    const now = new Date("2032-01-10T08:00:00Z");
    const member = await memberWithId("2032-01-20");
    const failing = {
      ...sweepDeps(),
      mail: {
        enqueue: async () => {
          throw new Error("outbox unavailable");
        },
        wake: () => {},
      },
    };
    await expect(sweepIdExpiry(failing, now)).rejects.toThrow("outbox unavailable");
    const [front] = await db()
      .select({ sent: documents.expiryNoticeSentAt })
      .from(documents)
      .where(and(eq(documents.userId, member.id), eq(documents.side, "front")));
    expect(front?.sent).toBeNull();
    expect(await expiryMailsTo(member.email)).toEqual([]);

    await sweepIdExpiry(sweepDeps(), now);
    expect(await expiryMailsTo(member.email)).toHaveLength(1);
  });
});

describe("the scheduled sweep in every API instance", () => {
  it("sweeps on its schedule with the real clock, and stops without a sweep left running", async () => {
    const member = await memberWithId(dayAfter(new Date(), 7));
    const sweeper = createIdExpirySweeper(
      { ...sweepDeps(), logger: createLogger({ level: "silent" }) },
      { firstAfterMs: 0, everyMs: 50 },
    );
    sweeper.start();
    const deadline = Date.now() + 5_000;
    while ((await expiryMailsTo(member.email)).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await sweeper.stop();
    await sweeper.stop();
    expect(await expiryMailsTo(member.email)).toHaveLength(1);

    // Stopped: an ID that comes due afterwards waits for the next start.
    const later = await memberWithId(dayAfter(new Date(), 8));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await expiryMailsTo(later.email)).toEqual([]);
  });
});

if (!testDatabaseUrl) {
  describe("the expiry sweep: two API instances on one database", () => {
    it.skip("needs PostgreSQL (DATABASE_URL): the embedded PGlite is one process and one connection, so there is no second instance to race", () => {});
  });
} else {
  describe("the expiry sweep: two API instances on one database", () => {
    it("queues exactly one mail per expiring ID when both instances sweep at once", async () => {
      const url = t.deps.database.url;
      if (!url) throw new Error("the PostgreSQL test database has no URL");
      const now = new Date("2033-03-01T08:00:00Z");
      const members = [];
      for (let index = 0; index < 120; index++) {
        members.push(await memberWithId(dayAfter(now, 1 + (index % 30))));
      }
      const instances = [await openPostgres(url, 3), await openPostgres(url, 3)];
      try {
        const sweeps = instances.flatMap((instance) =>
          [0, 1, 2].map(() =>
            sweepIdExpiry({ db: instance.db, mail: t.mailSender, publicUrl: "http://localhost:3000" }, now),
          ),
        );
        const queued = await Promise.all(sweeps);
        const total = queued.reduce((sum, count) => sum + count, 0);
        // Other tests' members may be swept too; these 120 are each mailed exactly once.
        expect(total).toBeGreaterThanOrEqual(members.length);
        for (const member of members) expect(await expiryMailsTo(member.email)).toHaveLength(1);
        console.info(`two instances, six sweeps: ${queued.join(" + ")} mails queued`);
      } finally {
        for (const instance of instances) await instance.close();
      }
    });
  });
}

describe("expired IDs on the admins' queue: GET /api/admin/expired-ids", () => {
  it("lists a member whose ID has expired with the date, until a new ID is uploaded for review", async () => {
    const admin = await loggedInAdmin();
    const expiredOn = dayAfter(new Date(), -2);
    const expired = await memberWithId(expiredOn);
    const current = await memberWithId(dayAfter(new Date(), 10));

    const listed = await call(t.app, "GET", "/api/admin/expired-ids", { token: admin });
    expect(listed.status).toBe(200);
    const members = (listed.body as unknown as { members: { user: { id: string }; expiry_date: string }[] })
      .members;
    const entry = members.find((member) => member.user.id === expired.id);
    expect(entry).toMatchObject({
      user: { id: expired.id, email: expired.email, approved: true, status: "active" },
      expiry_date: expiredOn,
    });
    expect(members.some((member) => member.user.id === current.id)).toBe(false);

    // The member's new upload: the account stays approved, the change waits for an admin, and
    // the member leaves the list.
    const { accessToken } = await loginOk(t.app, expired.email, expired.password);
    expect((await uploadId(accessToken, dayAfter(new Date(), 3650))).status).toBe(201);
    const [row] = await db().select().from(users).where(eq(users.id, expired.id));
    expect(row?.adminVerifiedAt).not.toBeNull();
    expect(row?.status).toBe("active");
    const reviews = await db()
      .select()
      .from(changeReviews)
      .where(and(eq(changeReviews.userId, expired.id), eq(changeReviews.status, "pending")));
    expect(reviews.map((review) => review.kind)).toEqual(["id_documents"]);
    const after = await call(t.app, "GET", "/api/admin/expired-ids", { token: admin });
    const still = (after.body as unknown as { members: { user: { id: string } }[] }).members;
    expect(still.some((member) => member.user.id === expired.id)).toBe(false);
    // The expired ID is kept, superseded, for the audit trail.
    const kept = await db()
      .select({ expiryDate: documents.expiryDate })
      .from(documents)
      .where(and(eq(documents.userId, expired.id), eq(documents.expiryDate, expiredOn)));
    expect(kept).toHaveLength(2);
    const current2 = await db()
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.userId, expired.id),
          isNull(documents.supersededAt),
          eq(documents.expiryDate, expiredOn),
        ),
      );
    expect(current2).toEqual([]);
  });

  it("is for admins only", async () => {
    const member = await createMember(db());
    const { accessToken } = await loginOk(t.app, member.email, member.password);
    expect((await call(t.app, "GET", "/api/admin/expired-ids", { token: accessToken })).status).toBe(403);
    expect((await call(t.app, "GET", "/api/admin/expired-ids")).status).toBe(401);
  });
});
