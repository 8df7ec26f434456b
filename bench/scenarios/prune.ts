// The retention job deleting a million ended sessions while members sign in: sign-ins are
// measured alone, then again while a second process (as another API instance would) prunes the
// sessions in the job's batches. Each batch locks only its own rows and commits at once, so a
// sign-in should never wait behind it; the figures say how much the shared cores and disk cost.
// PostgreSQL only (the embedded database is one process): a throwaway database of its own.
import { startApi } from "../api-server";
import { createSeedToken, roundRobinLoginSteps, seedUsers } from "../auth-load";
import { childEnv, runChildScript } from "../child-server";
import { measure } from "../load-test";
import {
  createBenchDatabase,
  PostgresUnreachableError,
  unlessUnreachable,
  withClient,
} from "../throwaway-postgres";
import { measured, notMeasured, type Scenario } from "./result";

const PRUNE_NAMES = ["prune-1m-sessions-sign-in-alone", "prune-1m-sessions-sign-in-during"];
const ENDED_SESSIONS = 1_000_000;
// Sign-ins go round-robin over these accounts (login-api's reasoning: no account has two in flight).
const LOGIN_USERS = 200;
// Seeding, then two measurements and the prune; a prune still running after this fails the scenario.
const PRUNE_TIMEOUT_MS = 10 * 60_000;

function log(message: string) {
  console.error(`[bench]   ${message}`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A million sessions revoked 40 days ago, each with one refresh token, spread over the members. */
async function seedEndedSessions(url: string) {
  await withClient(url, async (client) => {
    await client.query(
      `with owners as (select array_agg(id) as ids from users where role = 'user'),
       made as (
         insert into auth_sessions (user_id, created_at, last_seen_at, last_used_at, expires_at, revoked_at, ip, user_agent)
         select owners.ids[1 + n % array_length(owners.ids, 1)], now() - interval '45 days',
                now() - interval '41 days', now() - interval '41 days', now() - interval '15 days',
                now() - interval '40 days', '192.0.2.' || (n % 250), 'Mozilla/5.0 (bench)'
         from owners, generate_series(1, $1::int) as n
         returning id
       )
       insert into refresh_tokens (session_id, token_hash, created_at)
       select id, md5(id::text), now() - interval '41 days' from made`,
      [ENDED_SESSIONS],
    );
    await client.query("vacuum analyze auth_sessions");
    await client.query("vacuum analyze refresh_tokens");
  });
}

type PruneResult = { sessions: number; refreshTokens: number; ms: number; batchSize: number };

export const pruneScenario: Scenario = {
  names: PRUNE_NAMES,
  needsNextBuild: false,
  async run(context) {
    const database = await unlessUnreachable(createBenchDatabase);
    if (database instanceof PostgresUnreachableError) {
      return PRUNE_NAMES.map((name) => notMeasured(name, "skipped", database.message));
    }
    const seedToken = createSeedToken();
    // Its own retention job first runs ten minutes after the start: after this scenario.
    const api = await startApi({
      label: "prune",
      verbose: context.verbose,
      settings: { DATABASE_URL: database.url, E2E_SEED_TOKEN: seedToken, LOG_LEVEL: "warn" },
    });
    try {
      const emails = await seedUsers(api.url, seedToken, "prune", LOGIN_USERS);
      let started = Date.now();
      await seedEndedSessions(database.url);
      log(
        `seeded ${ENDED_SESSIONS.toLocaleString("en")} ended sessions with a refresh token each in ${seconds(Date.now() - started)}`,
      );
      const target = { url: `${api.url}/api/auth/login`, requests: roundRobinLoginSteps(emails) };

      const alone = await measure(target, context.settings);

      started = Date.now();
      const pruning = runChildScript<PruneResult>({
        name: "prune-sessions",
        args: ["--import", "tsx", "bench/servers/prune-sessions.ts"],
        env: childEnv({ BENCH_DATABASE_URL: database.url }),
        timeoutMs: PRUNE_TIMEOUT_MS,
        verbose: context.verbose,
      });
      let pruneEndedAt = 0;
      void pruning.then(
        () => {
          pruneEndedAt = Date.now();
        },
        () => {},
      );
      const during = await measure(target, context.settings);
      const measuredUntil = Date.now();
      const pruned = await pruning;
      const overlap =
        pruneEndedAt && pruneEndedAt < measuredUntil
          ? `; WARNING: the prune ended ${seconds(measuredUntil - pruneEndedAt)} before the measurement did`
          : "";
      const rowsPerSecond = Math.round(pruned.sessions / (pruned.ms / 1000));
      const pruneNote =
        `prune: ${pruned.sessions.toLocaleString("en")} sessions and ${pruned.refreshTokens.toLocaleString("en")} refresh tokens ` +
        `in ${seconds(pruned.ms)} (${rowsPerSecond.toLocaleString("en")} sessions/s, batches of ${pruned.batchSize})`;
      log(pruneNote);
      const left = await withClient(database.url, async (client) =>
        Number(
          (await client.query("select count(*) as n from auth_sessions where revoked_at is not null")).rows[0]
            .n,
        ),
      );
      const base = `POST /api/auth/login (${LOGIN_USERS} accounts round-robin) on PostgreSQL`;
      return [
        measured(
          PRUNE_NAMES[0] as string,
          alone,
          `${base}, ${ENDED_SESSIONS.toLocaleString("en")} ended sessions in the table, no prune`,
        ),
        measured(
          PRUNE_NAMES[1] as string,
          during,
          `${base} while another process prunes them; ${pruneNote}; ${left} revoked sessions left${overlap}`,
        ),
      ];
    } finally {
      await api.stop();
      await database.drop();
    }
  },
};
