import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { openDatabase } from "./db";
import { loadServerEnv } from "./env";
import { DirectoryLockedError } from "./infra/db/directory-lock";
import { createLogger, LogRingBuffer } from "./infra/logging/logger";
import { createMailer } from "./infra/mail";
import { loadOrCreateSecret } from "./infra/secrets";
import { createStorage } from "./infra/storage";

async function main() {
  let env: ReturnType<typeof loadServerEnv>;
  try {
    env = loadServerEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const logs = new LogRingBuffer();
  const logger = createLogger({ level: env.LOG_LEVEL, ring: logs });

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      console.error(`Cannot start the API: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  await database.migrate();
  logger.info({ database: database.kind }, "database ready, migrations applied");

  const storageSigningSecret = loadOrCreateSecret(
    env.DATA_DIR,
    "storage-signing",
    env.STORAGE_SIGNING_SECRET,
  );
  const storage = createStorage(env, storageSigningSecret);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger });

  const app = createApp({
    config: { publicUrl: env.PUBLIC_URL, storageSigningSecret },
    database,
    storage,
    mailer,
    logger,
    logs,
  });

  const server = serve({ fetch: app.fetch, port: env.API_PORT, hostname: env.API_HOST }, (info) => {
    logger.info(
      { address: info.address, port: info.port, storage: storage.driver, mail: mailer.driver },
      "API listening",
    );
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "API stopping");
    // Give open requests a moment, then close the database so PGlite flushes and releases its lock.
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  console.error("Cannot start the API:", error instanceof Error ? error.message : error);
  process.exit(1);
});
