// The admin user list at a million users on PostgreSQL: a broad term and two selective ones
// (an exact address, a rare surname), each for one admin and for `--connections` admins at once.
// The users live in a database of their own, `bench_admin_list`, seeded once in SQL and kept
// between runs (seeding and indexing a million users takes ≈ 1 min); BENCH_ADMIN_RESEED=1
// drops and seeds it again.
import { ADMIN_LIST_USERS, adminAccessToken, RARE_SURNAME, seedManyUsers } from "../admin-load";
import { startApi } from "../api-server";
import { createSeedToken } from "../auth-load";
import { measure } from "../load-test";
import {
  adminDatabaseUrl,
  PostgresUnreachableError,
  unlessUnreachable,
  withClient,
} from "../throwaway-postgres";
import { measured, notMeasured, type Scenario, type ScenarioResult } from "./result";

const ADMIN_LIST_DATABASE = "bench_admin_list";

const CASES = [
  { key: "ann", search: "ann", what: "a broad term (a fifth of all users)" },
  { key: "email", search: "member4711@bench.example.com", what: "an exact address" },
  { key: "surname", search: RARE_SURNAME, what: "a rare surname (10 users)" },
] as const;

const ADMIN_LIST_NAMES = CASES.flatMap((item) => [
  `admin-list-1m-${item.key}`,
  `admin-list-1m-${item.key}-1conn`,
]);

function log(message: string) {
  console.error(`[bench]   ${message}`);
}

/** The kept database's URL, created (empty) when missing or when a reseed is asked for. */
async function keptDatabase(adminUrl: string, reseed: boolean): Promise<{ url: string; fresh: boolean }> {
  const url = new URL(adminUrl);
  url.pathname = `/${ADMIN_LIST_DATABASE}`;
  const fresh = await withClient(adminUrl, async (client) => {
    const found = await client.query("select 1 from pg_database where datname = $1", [ADMIN_LIST_DATABASE]);
    if (found.rowCount && !reseed) return false;
    await client.query(`drop database if exists ${ADMIN_LIST_DATABASE} with (force)`);
    await client.query(`create database ${ADMIN_LIST_DATABASE}`);
    return true;
  });
  return { url: url.toString(), fresh };
}

export const adminListScenario: Scenario = {
  names: ADMIN_LIST_NAMES,
  needsNextBuild: false,
  async run(context) {
    const database = await unlessUnreachable(() =>
      keptDatabase(adminDatabaseUrl(), process.env.BENCH_ADMIN_RESEED === "1"),
    );
    if (database instanceof PostgresUnreachableError) {
      return ADMIN_LIST_NAMES.map((name) => notMeasured(name, "skipped", database.message));
    }
    const seedToken = createSeedToken();
    // The API migrates the database (a kept one gets new migrations too).
    const api = await startApi({
      label: "admin-list",
      verbose: context.verbose,
      settings: { DATABASE_URL: database.url, E2E_SEED_TOKEN: seedToken, LOG_LEVEL: "warn" },
    });
    try {
      const keptUsers = await withClient(database.url, async (client) =>
        Number((await client.query("select count(*) as n from users")).rows[0].n),
      );
      const seededUsers = Math.max(keptUsers, ADMIN_LIST_USERS);
      if (keptUsers < ADMIN_LIST_USERS) {
        const started = Date.now();
        await seedManyUsers(database.url, ADMIN_LIST_USERS);
        log(`seeded ${ADMIN_LIST_USERS} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } else {
        log(`${ADMIN_LIST_DATABASE} kept with ${keptUsers} users (BENCH_ADMIN_RESEED=1 seeds it again)`);
        // As autovacuum would have by the time admins search: a migration that rewrote users
        // (0026) leaves no page all-visible and new columns without statistics, which would
        // measure the time between an upgrade and the next vacuum. ≈ 1 s when nothing is left to do.
        await withClient(database.url, (client) => client.query("vacuum analyze users"));
      }
      const token = await adminAccessToken(api.url, seedToken);
      const headers = { authorization: `Bearer ${token}` };
      const results: ScenarioResult[] = [];
      for (const item of CASES) {
        for (const connections of [context.settings.connections, 1]) {
          const name = `admin-list-1m-${item.key}${connections === 1 ? "-1conn" : ""}`;
          if (!context.wanted.has(name)) continue;
          const query = new URLSearchParams({
            search: item.search,
            user_type: "personal",
            status: "active",
            page: "2",
            pageSize: "20",
          });
          const url = `${api.url}/api/admin/user-list?${query}`;
          const sample = (await (await fetch(url, { headers })).json()) as {
            total?: number;
            totalIsEstimate?: boolean;
          };
          const measurement = await measure({ url, headers }, { ...context.settings, connections });
          const goal = connections === 1 ? 50 : 100;
          results.push(
            measured(
              name,
              measurement,
              `GET /api/admin/user-list?${query} (${item.what}) on ${seededUsers.toLocaleString("en")} users, ` +
                `PostgreSQL, ${connections} connection(s): p95 ${measurement.p95Ms} ms (goal ≤ ${goal} ms); ` +
                `total ${sample.total}${sample.totalIsEstimate ? " (estimate)" : ""}`,
            ),
          );
        }
      }
      return results;
    } finally {
      await api.stop();
    }
  },
};
