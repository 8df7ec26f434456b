import crypto from "node:crypto";
import pg from "pg";
import { registerCleanup } from "./cleanup";

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

/** Thrown when the server cannot be reached or refuses the connection: the scenario is skipped. */
export class PostgresUnreachableError extends Error {}

export type ThrowawayDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * Creates `bench_<random>` next to the database of `adminUrl`, so the bench never writes to a
 * database someone works with; `drop` removes it even while connections are still open.
 */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `bench_${crypto.randomBytes(6).toString("hex")}`;
  await runAdminStatement(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = registerCleanup(() =>
    runAdminStatement(adminUrl, `drop database if exists ${name} with (force)`),
  );
  return { name, url: url.toString(), drop };
}

async function runAdminStatement(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new PostgresUnreachableError(
      `PostgreSQL unreachable at ${redactUrl(adminUrl)}: ${describeError(error)}`,
    );
  }
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function describeError(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string };
  // A refused connection to both ::1 and 127.0.0.1 is an AggregateError with an empty message.
  return message || code || String(error);
}

/** The URL without its password, for logs and notes. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(invalid URL)";
  }
}
