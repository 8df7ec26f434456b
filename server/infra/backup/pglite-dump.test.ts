import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "../../db";
import { dumpPglite } from "./pglite-dump";
import { countRows, portableDump, splitStatements } from "./sql-dump";

describe("dumpPglite on a database in use", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openPglite({});
    await database.migrate();
  });
  afterAll(() => database.close());

  const settings = async () =>
    JSON.stringify(await database.db.execute(sql`select name, setting from pg_settings order by name`));

  it("waits for a transaction under way and leaves the session as it found it", async () => {
    const before = await settings();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A request's transaction, paused between its two statements.
    const request = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into users (email) values ('first@example.com')`);
      await held;
      await tx.execute(sql`insert into users (email) values ('second@example.com')`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const dump = dumpPglite(database.pglite as NonNullable<DatabaseHandle["pglite"]>);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await request;
    const text = await dump;
    // Both rows or neither: never half a transaction. (It waited, so both.)
    expect(text).toContain("first@example.com");
    expect(text).toContain("second@example.com");

    // Writable again, and the settings pg_dump changed are back.
    await database.db.execute(sql`insert into users (email) values ('after@example.com')`);
    expect(await settings()).toBe(before);
    expect(countRows(text)["public.users"]).toBe(2);
    expect(countRows(text)["drizzle.__drizzle_migrations"]).toBeGreaterThan(0);
  });
});

describe("splitStatements and portableDump", () => {
  it("keeps literals whole and drops what an older server or a non-owner cannot run", () => {
    const dump = [
      "\\restrict abc123",
      "SET statement_timeout = 0;",
      "SET transaction_timeout = 0;",
      "-- Name: EXTENSION pg_trgm; Type: COMMENT",
      "COMMENT ON EXTENSION pg_trgm IS 'text similarity; trigrams';",
      "INSERT INTO public.t VALUES (1, 'a;b''",
      "INSERT INTO public.t VALUES (9, ''x'');');",
      "CREATE FUNCTION f() RETURNS int AS $$ select 1; $$ LANGUAGE sql;",
      "\\unrestrict abc123",
      "",
    ].join("\n");
    expect(splitStatements(dump).map((statement) => statement.head.slice(0, 12))).toEqual([
      "\\restrict ab",
      "SET statemen",
      "SET transact",
      "COMMENT ON E",
      "INSERT INTO ",
      "CREATE FUNCT",
      "\\unrestrict ",
    ]);
    expect(countRows(dump)).toEqual({ "public.t": 1 });
    expect(portableDump(dump)).toBe(
      [
        "SET statement_timeout = 0;",
        "INSERT INTO public.t VALUES (1, 'a;b''",
        "INSERT INTO public.t VALUES (9, ''x'');');",
        "CREATE FUNCTION f() RETURNS int AS $$ select 1; $$ LANGUAGE sql;",
      ].join("\n"),
    );
  });
});
