import crypto from "node:crypto";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../db";
import {
  auditLog,
  authSessions,
  changeReviews,
  contractSignatures,
  documents,
  mailOutbox,
  oidcPayloads,
  oneTimeCodes,
  passwordResetTokens,
  rateLimits,
  referralVisits,
  refreshTokens,
  users,
} from "../../db/schema";
import { post, uniqueEmail, uniqueIp } from "../../testing/auth-api";
import { waitForMail } from "../../testing/eml";
import { createMember, insertLink } from "../../testing/referral-api";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { testDatabaseUrl } from "../../testing/test-env";
import { openedByLink } from "../referrals/funnel";
import { pruneDeadRateLimits } from "./prune-rate-limits";
import type { RetentionDeps, RetentionSettings } from "./retention-settings";
import { runRetention } from "./run-retention";

// The retention job: each kind of kept data goes (or is thinned) once past its period, and
// nothing younger or still in use is touched; in batches smaller than the work, and with two
// instances running it at once.

let t: TestApp;
const db = () => t.deps.database.db;

const settings: RetentionSettings = {
  sessionRetentionDays: 30,
  sessionIdleSeconds: 7 * 24 * 3600,
  auditIpRetentionDays: 90,
  replacedIdRetentionDays: 90,
  contractRetentionYears: 10,
};
const deps = (database = db()): RetentionDeps => ({
  db: database,
  storage: t.deps.storage,
  logger: t.deps.logger,
  settings,
});

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const daysAhead = (days: number) => new Date(Date.now() + days * DAY_MS);
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

async function sessionWithTokens(
  userId: string,
  session: { expiresAt: Date; revokedAt?: Date; lastSeenAt?: Date },
  tokens = 3,
) {
  const [row] = await db()
    .insert(authSessions)
    .values({ userId, ...session })
    .returning({ id: authSessions.id });
  if (!row) throw new Error("session insert returned nothing");
  await db()
    .insert(refreshTokens)
    .values(Array.from({ length: tokens }, () => ({ sessionId: row.id, tokenHash: crypto.randomUUID() })));
  return row.id;
}

const sessionIdsOf = async (userId: string) =>
  (await db().select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId))).map(
    (row) => row.id,
  );

const tokensOf = async (sessionIds: string[]) =>
  db()
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(inArray(refreshTokens.sessionId, sessionIds));

/** An ID image row (and its stored file) of `userId`. */
async function idImage(userId: string, values: { createdAt: Date; supersededAt?: Date | null }) {
  const storageKey = crypto.randomUUID();
  await t.deps.storage.put(storageKey, Buffer.from("image"), { contentType: "image/jpeg" });
  const [row] = await db()
    .insert(documents)
    .values({
      userId,
      kind: "id",
      side: "front",
      documentType: "personal_id",
      idType: "passport",
      idNumber: "X1234567",
      expiryDate: "2040-01-01",
      originalFilename: "front.jpg",
      storageKey,
      contentType: "image/jpeg",
      sizeBytes: 5,
      sha256: "0".repeat(64),
      createdAt: values.createdAt,
      supersededAt: values.supersededAt ?? null,
    })
    .returning({ id: documents.id, storageKey: documents.storageKey });
  if (!row) throw new Error("document insert returned nothing");
  return row;
}

const documentIdsLeft = async (ids: string[]) =>
  (await db().select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))).map(
    (row) => row.id,
  );

describe("retention: what goes and what stays", () => {
  it("deletes sessions ended more than 30 days ago with their refresh tokens, keeps live and recently ended ones", async () => {
    const member = await createMember(db());
    const gone = [
      await sessionWithTokens(member.id, { expiresAt: daysAhead(5), revokedAt: daysAgo(31) }),
      await sessionWithTokens(member.id, { expiresAt: daysAgo(31), lastSeenAt: daysAgo(32) }),
      // Not revoked, not expired, but unrefreshed past the 7-day idle limit 31 days ago.
      await sessionWithTokens(member.id, { expiresAt: daysAhead(1), lastSeenAt: daysAgo(38) }),
    ];
    const kept = [
      await sessionWithTokens(member.id, { expiresAt: daysAhead(10), lastSeenAt: new Date() }),
      await sessionWithTokens(member.id, { expiresAt: daysAhead(5), revokedAt: daysAgo(29) }),
      await sessionWithTokens(member.id, { expiresAt: daysAgo(29), lastSeenAt: daysAgo(30) }),
      await sessionWithTokens(member.id, { expiresAt: daysAhead(1), lastSeenAt: daysAgo(36) }),
    ];

    const report = await runRetention(deps());

    expect(report.failed).toEqual([]);
    expect(report.endedSessions).toBeGreaterThanOrEqual(3);
    expect(report.refreshTokens).toBeGreaterThanOrEqual(9);
    expect((await sessionIdsOf(member.id)).sort()).toEqual([...kept].sort());
    expect(await tokensOf(gone)).toHaveLength(0);
    expect(await tokensOf(kept)).toHaveLength(kept.length * 3);
  });

  it("deletes rate-limit rows past their window, keeps live windows and the login-code mark a day longer", async () => {
    const id = crypto.randomUUID();
    const key = (name: string) => `retention-test:${id}:${name}`;
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    await db()
      .insert(rateLimits)
      .values([
        { key: key("dead"), count: 3, windowEndsAt: ago(60) },
        { key: key("live"), count: 3, windowEndsAt: ago(-600) },
        // A state row with count 0 inside its window (a code's window, a block).
        { key: key("state"), count: 0, windowEndsAt: ago(-600) },
        { key: `second-factor:blocks:${id}`, count: 2, windowEndsAt: ago(-3600) },
        { key: `login-code:issued:recent-${id}@example.com`, count: 0, windowEndsAt: ago(3600) },
        { key: `login-code:issued:old-${id}@example.com`, count: 0, windowEndsAt: ago(25 * 3600) },
      ]);

    await runRetention(deps());

    const left = await db()
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${`%${id}%`}`);
    expect(left.map((row) => row.key).sort()).toEqual(
      [
        key("live"),
        key("state"),
        `login-code:issued:recent-${id}@example.com`,
        `second-factor:blocks:${id}`,
      ].sort(),
    );
  });

  it("an expired login code answers alike for a known and an unknown address at every step of the pruning", async () => {
    const known = await createMember(db());
    const unknown = uniqueEmail("nobody");
    const marks = [known.email, unknown].map((email) => `login-code:issued:${email}`);
    for (const email of [known.email, unknown]) {
      const asked = await post(t.app, "/api/auth/login-code/request", { email }, { ip: uniqueIp() });
      expect(asked.status).toBe(200);
    }
    // The code is made and mailed after the answer: wait for its mail, so it exists before it
    // is made to run out below.
    await waitForMail(t.mailDir, (mail) => mail.to.includes(known.email));
    const answers = async () =>
      Promise.all(
        [known.email, unknown].map(async (email) => {
          const answer = await post(
            t.app,
            "/api/auth/login-code/verify",
            { email, code: "000000" },
            { ip: uniqueIp() },
          );
          return `${answer.status} ${(answer.body as { error?: { code?: string } }).error?.code}`;
        }),
      );
    // Both ran out an hour ago.
    await db()
      .update(oneTimeCodes)
      .set({ expiresAt: daysAgo(1 / 24) })
      .where(eq(oneTimeCodes.userId, known.id));
    await db()
      .update(rateLimits)
      .set({ windowEndsAt: daysAgo(1 / 24) })
      .where(inArray(rateLimits.key, marks));

    // A run whose code step was over before the known address's code expired: its marks stay.
    await pruneDeadRateLimits(deps(), 1000);
    expect(await answers()).toEqual(["400 CODE_EXPIRED", "400 CODE_EXPIRED"]);

    // The next run deletes the expired code; the marks still say "expired" for both.
    await runRetention(deps());
    expect(await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, known.id))).toHaveLength(0);
    expect(await answers()).toEqual(["400 CODE_EXPIRED", "400 CODE_EXPIRED"]);

    // A day later the marks go too, and both read as no code at all.
    await db()
      .update(rateLimits)
      .set({ windowEndsAt: daysAgo(1.1) })
      .where(inArray(rateLimits.key, marks));
    await runRetention(deps());
    expect(await db().select().from(rateLimits).where(inArray(rateLimits.key, marks))).toHaveLength(0);
    expect(await answers()).toEqual(["400 CODE_INVALID", "400 CODE_INVALID"]);
  });

  it("deletes used and expired codes and reset links, keeps the live ones", async () => {
    const member = await createMember(db());
    const code = (values: { expiresAt: Date; consumedAt?: Date }) => ({
      userId: member.id,
      purpose: "login" as const,
      codeHash: crypto.randomUUID(),
      ...values,
    });
    await db()
      .insert(oneTimeCodes)
      .values([
        code({ expiresAt: daysAhead(0.005), consumedAt: new Date() }),
        code({ expiresAt: daysAgo(0.005) }),
        code({ expiresAt: daysAhead(0.005) }),
      ]);
    const link = (values: { expiresAt: Date; usedAt?: Date }) => ({
      userId: member.id,
      tokenHash: crypto.randomUUID(),
      ...values,
    });
    await db()
      .insert(passwordResetTokens)
      .values([
        link({ expiresAt: daysAhead(0.01), usedAt: new Date() }),
        link({ expiresAt: daysAgo(0.01) }),
        link({ expiresAt: daysAhead(0.01) }),
      ]);

    await runRetention(deps());

    const codes = await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, member.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]?.consumedAt).toBeNull();
    expect(codes[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const links = await db()
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, member.id));
    expect(links).toHaveLength(1);
    expect(links[0]?.usedAt).toBeNull();
  });

  it("replaces the visitor hashes of days before yesterday by placeholders, keeping the funnel's counts", async () => {
    const owner = await createMember(db());
    const link = await insertLink(db(), owner.id);
    const hash = () => crypto.randomBytes(16).toString("base64url").slice(0, 22);
    const visits = [3, 3, 2, 1, 0].map((days) => ({
      linkId: link.id,
      day: utcDay(daysAgo(days)),
      visitorHash: hash(),
    }));
    await db().insert(referralVisits).values(visits);
    const openedBefore = (await openedByLink(db(), [link.id])).get(link.id);

    const report = await runRetention(deps());

    expect(report.referralVisitHashes).toBeGreaterThanOrEqual(3);
    const rows = await db().select().from(referralVisits).where(eq(referralVisits.linkId, link.id));
    const byDay = (days: number) => rows.filter((row) => row.day === utcDay(daysAgo(days)));
    for (const row of [...byDay(3), ...byDay(2)]) expect(row.visitorHash).toMatch(/^~[0-9a-f-]{36}$/);
    for (const row of [...byDay(1), ...byDay(0)]) {
      expect(visits.map((visit) => visit.visitorHash)).toContain(row.visitorHash);
    }
    expect((await openedByLink(db(), [link.id])).get(link.id)).toBe(openedBefore);
    expect(openedBefore).toBe(5);
  });

  it("shortens the addresses of audit rows older than 90 days to their network, leaves younger ones whole", async () => {
    const member = await createMember(db());
    const audit = (ip: string | null, at: Date) => ({
      action: "retention.test",
      subjectUserId: member.id,
      ip,
      at,
    });
    await db()
      .insert(auditLog)
      .values([
        audit("203.0.113.77", daysAgo(91)),
        audit("2001:db8:85a3:1234::42", daysAgo(400)),
        audit("::ffff:198.51.100.9", daysAgo(91)),
        audit("not an address", daysAgo(91)),
        audit(null, daysAgo(91)),
        audit("203.0.113.78", daysAgo(89)),
      ]);

    await runRetention(deps());

    const rows = await db()
      .select({ ip: auditLog.ip, at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, member.id), eq(auditLog.action, "retention.test")))
      .orderBy(auditLog.at);
    expect(rows.map((row) => row.ip).sort()).toEqual(
      ["198.51.100.x", "2001:db8:85a3::/48", "203.0.113.78", "203.0.113.x", null, null].sort(),
    );
  });

  it("deletes replaced ID images 90 days after their change was accepted, and their files; keeps the rest", async () => {
    const member = await createMember(db());
    // Accepted 91 days ago: the images it replaced go, and one uploaded and replaced again while
    // the review was pending; the accepted upload is the current ID and stays.
    const replaced = await idImage(member.id, { createdAt: daysAgo(400), supersededAt: daysAgo(100) });
    const reviewOpened = daysAgo(100);
    const inBetween = await idImage(member.id, { createdAt: daysAgo(99), supersededAt: daysAgo(95) });
    const current = await idImage(member.id, { createdAt: daysAgo(95) });
    await db()
      .insert(changeReviews)
      .values({
        userId: member.id,
        kind: "id_documents",
        status: "accepted",
        previous: { documentIds: [replaced.id] },
        proposed: { documentIds: [current.id] },
        createdAt: reviewOpened,
        decidedAt: daysAgo(91),
      });

    // Accepted 89 days ago: kept for now.
    const other = await createMember(db());
    const recentlyReplaced = await idImage(other.id, { createdAt: daysAgo(300), supersededAt: daysAgo(92) });
    const otherCurrent = await idImage(other.id, { createdAt: daysAgo(92) });
    await db()
      .insert(changeReviews)
      .values({
        userId: other.id,
        kind: "id_documents",
        status: "accepted",
        previous: { documentIds: [recentlyReplaced.id] },
        proposed: { documentIds: [otherCurrent.id] },
        createdAt: daysAgo(92),
        decidedAt: daysAgo(89),
      });

    // Rejected long ago (the rejected upload stays for the audit trail), and a change pending now
    // whose old images an admin has still to see.
    const third = await createMember(db());
    const rejectedUpload = await idImage(third.id, { createdAt: daysAgo(300), supersededAt: daysAgo(200) });
    const restored = await idImage(third.id, { createdAt: daysAgo(400), supersededAt: daysAgo(120) });
    const pendingNew = await idImage(third.id, { createdAt: daysAgo(120) });
    await db()
      .insert(changeReviews)
      .values([
        {
          userId: third.id,
          kind: "id_documents",
          status: "rejected",
          previous: { documentIds: [restored.id] },
          proposed: { documentIds: [rejectedUpload.id] },
          createdAt: daysAgo(300),
          decidedAt: daysAgo(200),
        },
        {
          userId: third.id,
          kind: "id_documents",
          status: "pending",
          previous: { documentIds: [restored.id] },
          proposed: { documentIds: [pendingNew.id] },
          createdAt: daysAgo(120),
        },
      ]);

    const report = await runRetention(deps());

    expect(report.replacedIdImages).toBeGreaterThanOrEqual(2);
    const all = [
      replaced,
      inBetween,
      current,
      recentlyReplaced,
      otherCurrent,
      rejectedUpload,
      restored,
      pendingNew,
    ];
    expect((await documentIdsLeft(all.map((row) => row.id))).sort()).toEqual(
      [current, recentlyReplaced, otherCurrent, rejectedUpload, restored, pendingNew]
        .map((row) => row.id)
        .sort(),
    );
    expect(await t.deps.storage.get(replaced.storageKey)).toBeNull();
    expect(await t.deps.storage.get(inBetween.storageKey)).toBeNull();
    const kept = await t.deps.storage.get(current.storageKey);
    expect(kept).not.toBeNull();
    kept?.body.destroy();
  });

  it("deletes sent and failed mails after 30 days, keeps younger and unsent ones", async () => {
    const tag = crypto.randomUUID();
    // A failed mail's file stays for an admin's retry until the row goes; a pending one's stays.
    const file = async () => {
      const storageKey = crypto.randomUUID();
      await t.deps.storage.put(storageKey, Buffer.from("%PDF-"), { contentType: "application/pdf" });
      return [{ filename: "statement.pdf", contentType: "application/pdf", storageKey }];
    };
    const [failedFile, pendingFile] = [await file(), await file()];
    const mail = (status: "pending" | "sent" | "failed", at: Date) => ({
      kind: "retention_test",
      recipient: `${tag}@example.com`,
      language: "en",
      subject: status,
      text: "",
      status,
      createdAt: at,
      sentAt: status === "sent" ? at : null,
      lastAttemptAt: at,
      // Out of the running sender's reach.
      nextAttemptAt: daysAhead(1),
      attachments: status === "failed" ? failedFile : status === "pending" ? pendingFile : null,
    });
    await db()
      .insert(mailOutbox)
      .values([
        mail("sent", daysAgo(31)),
        mail("failed", daysAgo(31)),
        mail("sent", daysAgo(29)),
        mail("pending", daysAgo(40)),
      ]);

    await runRetention(deps());

    const left = await db()
      .select({ status: mailOutbox.status, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, `${tag}@example.com`));
    expect(left.map((row) => row.status).sort()).toEqual(["pending", "sent"]);
    expect(left.find((row) => row.status === "sent")?.createdAt.getTime()).toBeGreaterThan(
      daysAgo(30).getTime(),
    );
    expect(await t.deps.storage.get(failedFile[0]?.storageKey ?? "")).toBeNull();
    const kept = await t.deps.storage.get(pendingFile[0]?.storageKey ?? "");
    expect(kept).not.toBeNull();
    kept?.body.destroy();
  });

  it("deletes an account deleted more than 10 years ago with its contracts and files, keeps its audit rows and one deleted 9 years ago", async () => {
    const account = await createMember(db());
    const recent = await createMember(db());
    const invitee = await createMember(db());
    await db().update(users).set({ referredByUserId: account.id }).where(eq(users.id, invitee.id));
    await db()
      .update(users)
      .set({ deletedAt: daysAgo(3653 + 5) })
      .where(eq(users.id, account.id));
    await db()
      .update(users)
      .set({ deletedAt: daysAgo(9 * 365) })
      .where(eq(users.id, recent.id));
    const contracts = [];
    for (const owner of [account, recent]) {
      const storageKey = crypto.randomUUID();
      await t.deps.storage.put(storageKey, Buffer.from("%PDF-1.7"), { contentType: "application/pdf" });
      const [contract] = await db()
        .insert(documents)
        .values({
          userId: owner.id,
          kind: "contract",
          documentType: "contract",
          originalFilename: "contract.pdf",
          storageKey,
          contentType: "application/pdf",
          sizeBytes: 8,
          sha256: "1".repeat(64),
        })
        .returning({ id: documents.id, storageKey: documents.storageKey });
      if (!contract) throw new Error("contract insert returned nothing");
      await db()
        .insert(contractSignatures)
        .values({
          userId: owner.id,
          templateName: "Partner agreement",
          templateVersion: 1,
          documentId: contract.id,
          method: "drawn",
          sha256: "1".repeat(64),
        });
      contracts.push(contract);
    }
    const [audited] = await db()
      .insert(auditLog)
      .values({ action: "account.deleted", actorUserId: account.id, subjectUserId: account.id })
      .returning({ id: auditLog.id });

    const report = await runRetention(deps());

    expect(report.deletedAccounts).toBeGreaterThanOrEqual(1);
    const left = await db()
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [account.id, recent.id]));
    expect(left.map((row) => row.id)).toEqual([recent.id]);
    expect(await documentIdsLeft(contracts.map((row) => row.id))).toEqual([contracts[1]?.id]);
    expect(await t.deps.storage.get(contracts[0]?.storageKey ?? "")).toBeNull();
    const keptFile = await t.deps.storage.get(contracts[1]?.storageKey ?? "");
    expect(keptFile).not.toBeNull();
    keptFile?.body.destroy();
    const [auditRow] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, audited?.id ?? 0));
    expect(auditRow).toMatchObject({ action: "account.deleted", actorUserId: null, subjectUserId: null });
    const [inviteeRow] = await db().select().from(users).where(eq(users.id, invitee.id));
    expect(inviteeRow?.referredByUserId).toBeNull();
  });

  it("deletes the webshop sign-in's records past their expiry, keeps live ones and those without one", async () => {
    const tag = crypto.randomUUID();
    await db()
      .insert(oidcPayloads)
      .values([
        { model: "AuthorizationCode", id: `${tag}-old`, payload: {}, expiresAt: daysAgo(1) },
        { model: "Session", id: `${tag}-live`, payload: {}, expiresAt: daysAhead(1) },
        { model: "Client", id: `${tag}-forever`, payload: {}, expiresAt: null },
      ]);
    const dry = await runRetention(deps(), { dryRun: true });
    expect(dry.webshopSignIns).toBeGreaterThanOrEqual(1);
    const report = await runRetention(deps());
    expect(report.webshopSignIns).toBeGreaterThanOrEqual(1);
    const left = await db()
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(like(oidcPayloads.id, `${tag}-%`));
    expect(left.map((row) => row.id).sort()).toEqual([`${tag}-forever`, `${tag}-live`]);
  });

  it("dry: counts what would go and deletes nothing", async () => {
    const member = await createMember(db());
    await sessionWithTokens(member.id, { expiresAt: daysAhead(5), revokedAt: daysAgo(40) }, 2);

    const report = await runRetention(deps(), { dryRun: true });

    expect(report.endedSessions).toBeGreaterThanOrEqual(1);
    expect(report.refreshTokens).toBeGreaterThanOrEqual(2);
    expect(await sessionIdsOf(member.id)).toHaveLength(1);
  });
});

/** `count` ended sessions (one refresh token each) and old audit rows, in one statement each. */
async function manyEnded(database: ReturnType<typeof db>, userId: string, count: number) {
  await database.execute(sql`
    with made as (
      insert into auth_sessions (user_id, expires_at, revoked_at, ip)
      select ${userId}, now() + interval '1 day', now() - interval '40 days', '192.0.2.' || (n % 250)
      from generate_series(1, ${count}) as n
      returning id
    )
    insert into refresh_tokens (session_id, token_hash) select id, gen_random_uuid()::text from made`);
  await database.execute(sql`
    insert into audit_log (action, subject_user_id, ip, at)
    select 'retention.batch', ${userId}, '198.51.100.' || (n % 250), now() - interval '100 days'
    from generate_series(1, ${count}) as n`);
}

const leftOf = async (database: ReturnType<typeof db>, userId: string) => {
  const [sessions] = await database
    .select({ n: sql<number>`count(*)::int` })
    .from(authSessions)
    .where(eq(authSessions.userId, userId));
  const [whole] = await database
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(eq(auditLog.subjectUserId, userId), like(auditLog.ip, "%.%"), sql`${auditLog.ip} not like '%.x'`),
    );
  return { sessions: sessions?.n, wholeIps: whole?.n };
};

describe("retention in batches", () => {
  it("works through more rows than a batch, and more blocks than one slice, in many rounds", async () => {
    const member = await createMember(db());
    await manyEnded(db(), member.id, 3000);
    const [size] = await db()
      .select({ blocks: sql<number>`(pg_relation_size('auth_sessions') / 8192)::int` })
      .from(sql`(select 1) as one`);
    // The walk takes 32 blocks a step: the sessions span several steps.
    expect(size?.blocks).toBeGreaterThan(32);

    const report = await runRetention(deps(), { batchSize: 40 });

    expect(report.failed).toEqual([]);
    expect(report.endedSessions).toBeGreaterThanOrEqual(3000);
    expect(report.auditIps).toBeGreaterThanOrEqual(3000);
    expect(await leftOf(db(), member.id)).toEqual({ sessions: 0, wholeIps: 0 });
  });
});

if (!testDatabaseUrl) {
  describe("retention: two API instances on one database", () => {
    it.skip("needs PostgreSQL (DATABASE_URL): the embedded PGlite is one process and one connection, so there is no second instance to race", () => {});
  });
} else {
  describe("retention: two API instances on one database", () => {
    it("deletes and shortens every row once when both instances run the job at once", async () => {
      const url = t.deps.database.url;
      if (!url) throw new Error("the PostgreSQL test database has no URL");
      const member = await createMember(db());
      // Everything else due was pruned by the tests before: these rows are the whole work.
      await runRetention(deps());
      await manyEnded(db(), member.id, 2000);
      const instances = [await openPostgres(url, 3), await openPostgres(url, 3)];
      try {
        const reports = await Promise.all(
          instances.flatMap((instance) =>
            [0, 1].map(() => runRetention(deps(instance.db), { batchSize: 50 })),
          ),
        );
        for (const report of reports) expect(report.failed).toEqual([]);
        const total = (key: "endedSessions" | "refreshTokens" | "auditIps") =>
          reports.reduce((sum, report) => sum + report[key], 0);
        expect(total("endedSessions")).toBe(2000);
        expect(total("refreshTokens")).toBe(2000);
        expect(total("auditIps")).toBe(2000);
        expect(await leftOf(db(), member.id)).toEqual({ sessions: 0, wholeIps: 0 });
        console.info(
          `two instances, four runs: ${reports.map((report) => report.endedSessions).join(" + ")} sessions`,
        );
      } finally {
        for (const instance of instances) await instance.close();
      }
    }, 60_000);
  });
}
