// One indexed SELECT per request, through the project's own database layer (server/db) and
// Drizzle, so the number says what a Hono route with one lookup can do on this machine.
// Run by bench/run.ts in a child process:
//   PORT=4100 BENCH_DATA_DIR=./bench-data/pglite node --import tsx bench/servers/select-server.ts
//   PORT=4100 BENCH_DATABASE_URL=postgres://…/bench_1234 node --import tsx bench/servers/select-server.ts
// It migrates, seeds BENCH_USERS users (default 10 000) and only then listens, so the first
// answer on the port means it is ready.
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { type Database, type DatabaseHandle, openPglite, openPostgres } from "../../server/db";
import { users } from "../../server/db/schema";

const SEED_BATCH_SIZE = 2_000;

const port = Number(process.env.PORT);
const userCount = Number(process.env.BENCH_USERS || 10_000);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = process.env.BENCH_DATA_DIR || undefined;
if (!Number.isInteger(port) || port < 1 || port > 65_535 || !Number.isInteger(userCount) || userCount < 1) {
  console.error("select-server: set PORT to a free port and BENCH_USERS (if set) to a positive integer");
  process.exit(1);
}
if (!databaseUrl && !dataDir) {
  console.error("select-server: set BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite)");
  process.exit(1);
}

/** Stored in mixed case, looked up in lower case: the unique index on lower(email) must serve. */
function seededEmail(index: number) {
  return `Bench.User${index}@Example.com`;
}

async function seedUsers(db: Database, count: number) {
  for (let from = 0; from < count; from += SEED_BATCH_SIZE) {
    const to = Math.min(from + SEED_BATCH_SIZE, count) - 1;
    await db.execute(sql`
      insert into users (email, first_name)
      select 'Bench.User' || n || '@Example.com', 'User ' || n
      from generate_series(${from}::int, ${to}::int) as n
    `);
  }
  // Fresh statistics, or the planner may not trust the index on a table it thinks is empty.
  await db.execute(sql`analyze users`);
}

function findUserByEmailQuery(db: Database, email: string) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
}

async function findUserByEmail(db: Database, email: string) {
  const [user] = await findUserByEmailQuery(db, email);
  return user;
}

/** The plan of the very query the route runs, so the report can show the index is used. */
async function explainFindUser(db: Database): Promise<string> {
  const query = findUserByEmailQuery(db, seededEmail(0).toLowerCase()).getSQL();
  const result = (await db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
}

async function main() {
  const started = performance.now();
  const database: DatabaseHandle = databaseUrl
    ? await openPostgres(databaseUrl)
    : await openPglite({ dataDir: dataDir as string });
  await database.migrate();
  await seedUsers(database.db, userCount);
  const plan = await explainFindUser(database.db);
  console.error(
    `select-server: ${database.kind} migrated and seeded with ${userCount} users in ${Math.round(performance.now() - started)} ms`,
  );

  const app = new Hono()
    .get("/user", async (c) => {
      const index = Number(c.req.query("i"));
      if (!Number.isInteger(index) || index < 0 || index >= userCount) {
        return c.json(
          { error: { code: "BAD_REQUEST", message: `i must be an integer in [0, ${userCount})` } },
          400,
        );
      }
      const user = await findUserByEmail(database.db, seededEmail(index).toLowerCase());
      if (!user) return c.json({ error: { code: "NOT_FOUND", message: "No such user." } }, 404);
      return c.json(user);
    })
    .get("/info", (c) => c.json({ database: database.kind, users: userCount, plan }));

  const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, (info) => {
    console.error(`select-server listening on 127.0.0.1:${info.port}`);
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 3_000).unref();
    server.close(() => {
      database.close().finally(() => process.exit(0));
    });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  console.error("select-server failed:", error);
  process.exit(1);
});
