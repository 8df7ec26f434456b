import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../db";
import { testDatabaseUrl } from "./test-env";

export type TestDatabase = DatabaseHandle & { url?: string };

/** A database of its own, migrated, for one test file (or one test). */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const snapshot = new Blob([fs.readFileSync(inject("pgliteSnapshot"))]);
    return openPglite({ loadDataDir: snapshot });
  }
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = databaseUrlFor(name);
  const handle = await openPostgres(url, 5);
  await handle.migrate();
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** An empty, unmigrated PostgreSQL database and a way to drop it (migration tests). */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  return {
    url: databaseUrlFor(name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
