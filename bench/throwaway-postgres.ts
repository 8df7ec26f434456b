import crypto from "node:crypto";
import pg from "pg";
import { registerCleanup } from "./cleanup";

const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

/** Thrown when the server cannot be reached or refuses the connection: the scenario is skipped. */
export class PostgresUnreachableError extends Error {}

export type ThrowawayDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * Creates `bench_<random>` next to the database of `adminUrl`, so the bench never writes to a
 * database someone works with; `drop` removes it even while connections are still open.
 */
async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
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
  await withClient(adminUrl, (client) => client.query(statement));
}

/** Runs `work` on a connection to `url`; a server that cannot be reached throws PostgresUnreachableError. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new PostgresUnreachableError(
      `PostgreSQL unreachable at ${redactUrl(url)}: ${describeError(error)}`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The server the bench's databases go to: DATABASE_URL's, else the local test server. */
export function adminDatabaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
}

/** A throwaway database on the bench's server, announced on stderr. */
export async function createBenchDatabase(): Promise<ThrowawayDatabase> {
  const adminUrl = adminDatabaseUrl();
  const database = await createThrowawayDatabase(adminUrl);
  console.error(`[bench]   throwaway database ${database.name} on ${redactUrl(adminUrl)}`);
  return database;
}

/**
 * What `connect` gives, or the PostgresUnreachableError it threw (a scenario that merely prefers
 * PostgreSQL is skipped with its message); any other failure is thrown on.
 */
export async function unlessUnreachable<T>(connect: () => Promise<T>): Promise<T | PostgresUnreachableError> {
  try {
    return await connect();
  } catch (error) {
    if (error instanceof PostgresUnreachableError) return error;
    throw error;
  }
}

function describeError(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string };
  // A refused connection to both ::1 and 127.0.0.1 is an AggregateError with an empty message.
  return message || code || String(error);
}

/** The URL without its password, for logs and notes. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(invalid URL)";
  }
}
