import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, personalProfiles, referralLinks, referralUses, users } from "../db/schema";
import { startApiProcess } from "../testing/api-process";
import { type ApiAnswer, call, loginOk, post } from "../testing/auth-api";
import { createLink, createMember, createReferrer, personalForm } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createEmptyPostgresDatabase } from "../testing/test-database";
import { testDatabaseUrl } from "../testing/test-env";

// The database connection of a request in flight dies (a failover, a restarted server, an
// administrator ending the session): the request answers a clear 503, its transaction leaves
// nothing behind, and the next request works on a fresh connection.

const onPostgres = Boolean(testDatabaseUrl);

if (!onPostgres) {
  describe("database connection dropped in the middle of a request", () => {
    it.skip("needs PostgreSQL (DATABASE_URL): the embedded PGlite runs in this process on one connection, there is no server connection to end", () => {});
  });
}

const backendPid = (client: pg.Client) => (client as unknown as { processID: number }).processID;

/**
 * Runs `request` while the blocker's open transaction holds a row it needs, waits until the
 * request's connection waits on that lock (inside its transaction), ends that connection on
 * the server, then lets the blocker roll back.
 */
async function dropConnectionWhileWaiting(
  { blocker, watcher }: { blocker: pg.Client; watcher: pg.Client },
  hold: (client: pg.Client) => Promise<unknown>,
  request: () => Promise<ApiAnswer>,
): Promise<ApiAnswer> {
  await blocker.query("begin");
  await hold(blocker);
  const answer = request();
  let pid: number | undefined;
  for (let tries = 0; tries < 200 && pid === undefined; tries++) {
    const waiting = await watcher.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid not in ($1, $2)`,
      [backendPid(blocker), backendPid(watcher)],
    );
    pid = waiting.rows[0]?.pid;
    if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(pid, "the request never waited on the held row").toBeDefined();
  await watcher.query("select pg_terminate_backend($1)", [pid]);
  const started = Date.now();
  const result = await answer;
  expect(Date.now() - started, "the request hung after its connection died").toBeLessThan(5_000);
  await blocker.query("rollback");
  return result;
}

function expectClear503(answer: ApiAnswer) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get("retry-after")).toBe("5");
  expect(answer.body).toEqual({
    error: { code: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable." },
  });
  expect(JSON.stringify(answer.body)).not.toMatch(/ at |terminat|postgres|stack/i);
}

describe.runIf(onPostgres)("database connection dropped in the middle of a request", () => {
  let t: TestApp;
  let blocker: pg.Client;
  let watcher: pg.Client;
  let partialAction = "";
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    blocker = new pg.Client({ connectionString: t.deps.database.url });
    watcher = new pg.Client({ connectionString: t.deps.database.url });
    await blocker.connect();
    await watcher.connect();
    // Work between two statements (a hash, a render) while the server ends the connection: the
    // next statement, and the rollback, find the client unusable.
    t.app.post("/api/test/drop-between-statements", async (c) => {
      await db().transaction(async (tx) => {
        await tx.insert(auditLog).values({ action: partialAction });
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        await watcher.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      return c.json({ done: true }, 200);
    });
  });

  afterAll(async () => {
    await blocker?.end();
    await watcher?.end();
    await t?.close();
  });

  it("a registration whose connection dies inside its transaction answers 503 and leaves nothing half written", async () => {
    const referrer = await createReferrer(t.app, db());
    const link = await createLink(t.app, referrer.token);
    const form = personalForm(link.token);
    const usesBefore = link.used;

    // The other transaction's uncommitted account with the same email makes the registration
    // wait after it has already counted the link's use.
    const answer = await dropConnectionWhileWaiting(
      { blocker, watcher },
      (client) => client.query("insert into users (email) values ($1)", [form.email]),
      () => post(t.app, "/api/register/personal-referral", form),
    );

    expectClear503(answer);
    const [row] = await db()
      .select({ uses: referralLinks.uses })
      .from(referralLinks)
      .where(eq(referralLinks.id, link.id));
    expect(row?.uses).toBe(usesBefore);
    expect(await db().select().from(users).where(eq(users.email, form.email))).toEqual([]);
    expect(await db().select().from(referralUses).where(eq(referralUses.linkId, link.id))).toEqual([]);

    // The next request works, on a fresh connection.
    const again = await post(t.app, "/api/register/personal-referral", form);
    expect(again.status).toBe(201);
    const [after] = await db()
      .select({ uses: referralLinks.uses })
      .from(referralLinks)
      .where(eq(referralLinks.id, link.id));
    expect(after?.uses).toBe(usesBefore + 1);
  });

  it("a profile save whose connection dies inside its transaction answers 503 and saves nothing", async () => {
    const member = await createMember(db());
    const { accessToken } = await loginOk(t.app, member.email, member.password);
    const profile = {
      dateOfBirth: "1990-04-12",
      nationality: "German",
      address: "Hauptstraße 1",
      zipCode: "10115",
      city: "Berlin",
      country: "DE",
      phoneSecondary: "",
      emergencyContactName: "",
      emergencyContactPhone: "",
      accountHolderName: "Erika Mustermann",
      iban: "DE89370400440532013000",
    };
    const save = () => post(t.app, "/api/profile/personal/complete", profile, { token: accessToken });

    // The other transaction's uncommitted profile row makes the save wait after it locked the account.
    const answer = await dropConnectionWhileWaiting(
      { blocker, watcher },
      (client) => client.query("insert into personal_profiles (user_id) values ($1)", [member.id]),
      save,
    );

    expectClear503(answer);
    expect(await db().select().from(personalProfiles).where(eq(personalProfiles.userId, member.id))).toEqual(
      [],
    );
    const [account] = await db()
      .select({ profileCompletedAt: users.profileCompletedAt })
      .from(users)
      .where(eq(users.id, member.id));
    expect(account?.profileCompletedAt).toBeNull();
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.subjectUserId, member.id), eq(auditLog.action, "onboarding.profile_completed")),
        ),
    ).toEqual([]);

    const again = await save();
    expect(again.status).toBe(200);
    const [saved] = await db()
      .select({ iban: personalProfiles.iban })
      .from(personalProfiles)
      .where(eq(personalProfiles.userId, member.id));
    expect(saved?.iban).toBe("DE89370400440532013000");
  });

  it("a transaction whose connection dies between two statements answers 503, keeps nothing, and the next request works", async () => {
    const action = `test.partial-${crypto.randomBytes(4).toString("hex")}`;
    partialAction = action;
    expectClear503(await call(t.app, "POST", "/api/test/drop-between-statements"));
    expect(await db().select().from(auditLog).where(eq(auditLog.action, action))).toEqual([]);
    expect((await call(t.app, "GET", "/api/health")).status).toBe(200);
  });
});

describe.runIf(onPostgres)("database connection dropped under the running API process", () => {
  it("the process survives, answers 503, and the next request succeeds", async () => {
    const database = await createEmptyPostgresDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "connection-drop-"));
    const blocker = new pg.Client({ connectionString: database.url });
    const watcher = new pg.Client({ connectionString: database.url });
    const api = await startApiProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir });
    try {
      await blocker.connect();
      await watcher.connect();
      // The first start's invite link (secrets/initial-admin.txt) is the way in.
      const invite = fs.readFileSync(path.join(dataDir, "secrets", "initial-admin.txt"), "utf8");
      const refToken = /ref=([A-Za-z0-9_-]+)/.exec(invite)?.[1];
      expect(refToken).toBeDefined();
      const remote = {
        request: (route: string, init?: RequestInit) => fetch(`http://127.0.0.1:${api.port}${route}`, init),
      };
      const form = personalForm(refToken ?? "");

      const answer = await dropConnectionWhileWaiting(
        { blocker, watcher },
        (client) => client.query("insert into users (email) values ($1)", [form.email]),
        () => post(remote, "/api/register/personal-referral", form),
      );

      expectClear503(answer);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(api.output().stderr).not.toContain("Connection terminated");
      expect((await post(remote, "/api/register/personal-referral", form)).status).toBe(201);
    } finally {
      await api.stop();
      await blocker.end().catch(() => {});
      await watcher.end().catch(() => {});
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("database failing inside a request (disk full, I/O error, internal error)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ["disk full", "53100"],
    ["out of memory", "53200"],
    ["I/O error", "58030"],
    ["internal error", "XX000"],
    ["server shutting down", "57P01"],
    ["statement cancelled", "57014"],
  ])("%s answers 503 without a stack, and the next request works", async (_what, sqlState) => {
    const db = t.deps.database.db;
    const member = await createMember(db);
    const { accessToken } = await loginOk(t.app, member.email, member.password);
    await db.execute(
      sql.raw(`create or replace function fail_profiles() returns trigger language plpgsql as $$
        begin raise exception 'database failure' using errcode = '${sqlState}'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger fail_profiles before insert or update on personal_profiles
        for each row execute function fail_profiles()`),
    );
    const profile = {
      dateOfBirth: "1990-04-12",
      nationality: "German",
      address: "Hauptstraße 1",
      zipCode: "10115",
      city: "Berlin",
      country: "DE",
      phoneSecondary: "",
      emergencyContactName: "",
      emergencyContactPhone: "",
      accountHolderName: "Erika Mustermann",
      iban: "DE89370400440532013000",
    };
    const save = () => post(t.app, "/api/profile/personal/complete", profile, { token: accessToken });
    try {
      expectClear503(await save());
    } finally {
      await db.execute(sql.raw("drop trigger fail_profiles on personal_profiles"));
    }
    const [account] = await db
      .select({ profileCompletedAt: users.profileCompletedAt })
      .from(users)
      .where(eq(users.id, member.id));
    expect(account?.profileCompletedAt).toBeNull();
    expect((await save()).status).toBe(200);
  });
});
