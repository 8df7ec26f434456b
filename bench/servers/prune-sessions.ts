// The retention job's session step on its own, as a second API instance would run it: opens
// BENCH_DATABASE_URL with a pool of 2 and deletes every session ended more than
// SESSION_RETENTION_DAYS ago with its refresh tokens, in the job's batches. Run by
// bench/prune-scenario.ts in a child process while sign-ins are measured:
//   BENCH_DATABASE_URL=postgres://… node --import tsx bench/servers/prune-sessions.ts
// Prints one JSON line on stdout: sessions and refresh tokens deleted, and how long it took.
import pino from "pino";
import { openPostgres } from "../../server/db";
import { pruneEndedSessions } from "../../server/domain/retention/prune-ended-sessions";
import { RETENTION_BATCH_SIZE } from "../../server/domain/retention/retention-settings";
import { createFsStorage } from "../../server/infra/storage/fs-storage";

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error("prune-sessions: BENCH_DATABASE_URL is required");
  process.exit(1);
}

const database = await openPostgres(url, 2);
try {
  const started = performance.now();
  const pruned = await pruneEndedSessions(
    {
      db: database.db,
      // The session step stores and deletes no files.
      storage: createFsStorage({ root: "/nonexistent", signingSecret: "x".repeat(32) }),
      logger: pino({ level: "warn" }),
      settings: {
        sessionRetentionDays: 30,
        sessionIdleSeconds: 7 * 24 * 3600,
        auditIpRetentionDays: 90,
        replacedIdRetentionDays: 90,
        contractRetentionYears: 10,
      },
    },
    RETENTION_BATCH_SIZE,
  );
  const ms = Math.round(performance.now() - started);
  console.info(JSON.stringify({ ...pruned, ms, batchSize: RETENTION_BATCH_SIZE }));
} finally {
  await database.close();
}
