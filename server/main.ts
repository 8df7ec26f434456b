import type http from "node:http";
import { serve } from "@hono/node-server";
import { DEFAULT_EXPIRY_DAYS, DEFAULT_MAX_USES } from "../lib/constants";
import { createApp } from "./app";
import { openDatabase } from "./db";
import { bootstrapSuperAdmin } from "./domain/auth/create-admin";
import { reencryptTotpSecrets, totpSecretKeys } from "./domain/auth/totp";
import { configureDisplay, displaySettingsOf } from "./domain/display-settings";
import { createIdExpirySweeper } from "./domain/documents/id-expiry-sweeper";
import { createMailSender } from "./domain/mail/sender";
import { createCommissionHoldJob } from "./domain/partner/commission-hold";
import { createReferralLink } from "./domain/referrals/referral-links";
import { createRetentionJob } from "./domain/retention/retention-job";
import { retentionSettingsOf } from "./domain/retention/retention-settings";
import { ensureBaseData } from "./domain/seed/ensure-base-data";
import { createApiMetrics } from "./domain/system/api-metrics";
import { loadServerEnv } from "./env";
import { authKeys, loadAppSecrets } from "./infra/app-secrets";
import {
  loopbackUrl,
  newBackupToken,
  removeBackupAccess,
  writeBackupAccess,
} from "./infra/backup/backup-access";
import { showBootstrapSecrets } from "./infra/bootstrap-secrets";
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from "./infra/client-ip";
import { DirectoryLockedError } from "./infra/db/directory-lock";
import { closeAfterDelay } from "./infra/http/graceful-close";
import { apiServerOptions } from "./infra/http/server-timeouts";
import { createLogger, LogRingBuffer } from "./infra/logging/logger";
import { serializeError } from "./infra/logging/safe-error";
import { createMailer } from "./infra/mail";
import { createStorage } from "./infra/storage";
import { createTokenService } from "./infra/tokens";
import { decideTestSeedMount } from "./routes/test-seed";

async function main() {
  let env: ReturnType<typeof loadServerEnv>;
  try {
    env = loadServerEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // Before anything renders a mail or a PDF: their times and footers follow these.
  configureDisplay(displaySettingsOf(env));

  const logs = new LogRingBuffer();
  const logger = createLogger({ level: env.LOG_LEVEL, ring: logs });

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
    });
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      console.error(`Cannot start the API: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  await database.migrate();
  logger.info({ database: database.kind }, "database ready, migrations applied");

  await ensureBaseData(database.db);
  const admin = await bootstrapSuperAdmin(database.db, {
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
  });
  if (admin) {
    // A first invite link, so the platform can grow from the first start (joining needs one).
    const invite = await createReferralLink({ db: database.db, publicUrl: env.PUBLIC_URL }, admin.user, {
      expiresInDays: DEFAULT_EXPIRY_DAYS,
      maxUses: DEFAULT_MAX_USES,
      label: "First invite",
    });
    // Shown to the operator only, never logged: the log buffer is shown to admins and kept by
    // log collectors.
    const password = admin.generatedPassword
      ? `Password (shown once; change it): ${admin.generatedPassword}`
      : "Password: ADMIN_PASSWORD";
    const file = showBootstrapSecrets({
      dataDir: env.DATA_DIR,
      text:
        `First super admin created: ${admin.email}\n${password}\n` +
        `First invite link (${DEFAULT_EXPIRY_DAYS} days, ${DEFAULT_MAX_USES} uses): ${invite.link}`,
    });
    logger.info({ file }, "first super admin created; sign-in details written to the secrets folder");
  }

  // From configuration, else shared through the database by every instance using it.
  const secrets = await loadAppSecrets(database.db, env, (message) => logger.warn(message));
  const { keys, storageSigningSecret, storagePreviousSigningSecrets } = secrets;
  const auth = authKeys(secrets);
  // After an AUTH_SECRET rotation: the members' authenticator secrets move to the new secret now,
  // so none depends on AUTH_SECRET_PREVIOUS after this start.
  const reencrypted = await reencryptTotpSecrets(database.db, totpSecretKeys(auth));
  if (reencrypted > 0) {
    logger.info({ reencrypted }, "authenticator secrets re-encrypted under the current AUTH_SECRET");
  }
  const tokens = await createTokenService({ keys, accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS });
  const storage = createStorage(env, storageSigningSecret);
  const mailer = createMailer({
    transport: env.MAIL_TRANSPORT,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    dataDir: env.DATA_DIR,
    logger,
  });
  // Always collected (the admin's server status shows the main figures); served at /metrics only
  // with METRICS_TOKEN, and only then with Node's process metrics, which nobody else reads.
  const metrics = createApiMetrics(database, { processMetrics: env.METRICS_TOKEN !== undefined });
  // Requests write mails into the database's outbox; this loop delivers them with retries.
  const mailSender = createMailSender({ db: database.db, mailer, logger, storage, jobs: metrics });

  // Hourly: mails members whose ID expires within 30 days, once per ID (through the outbox).
  const idExpirySweeper = createIdExpirySweeper({
    db: database.db,
    mail: mailSender,
    publicUrl: env.PUBLIC_URL,
    logger,
    jobs: metrics,
  });
  // Hourly: commissions whose refund window (COMMISSION_HOLD_DAYS) has passed become payable.
  const commissionHoldJob = createCommissionHoldJob({
    db: database.db,
    holdDays: env.COMMISSION_HOLD_DAYS,
    logger,
    jobs: metrics,
  });
  // Every six hours: deletes or thins what has outlived its retention period (server/env.ts).
  const retentionJob = createRetentionJob({
    db: database.db,
    storage,
    logger,
    jobs: metrics,
    settings: retentionSettingsOf(env),
  });
  // The embedded database can only be dumped through this process (infra/backup/backup-access.ts).
  const backupToken = database.pglite ? newBackupToken() : undefined;
  // Set by the first SIGTERM/SIGINT: readiness answers 503 from then on (stop() below).
  let stopping = false;
  const app = createApp({
    isStopping: () => stopping,
    config: {
      backupToken,
      publicUrl: env.PUBLIC_URL,
      storageSigningSecret,
      storagePreviousSigningSecrets,
      testSeedToken: env.E2E_SEED_TOKEN,
      apiHost: env.API_HOST,
      bodyIdleMs: env.BODY_IDLE_SECONDS * 1000,
      metricsToken: env.METRICS_TOKEN,
      ...(env.WEBSHOP_OIDC_CLIENT_ID && env.WEBSHOP_OIDC_CLIENT_SECRET && env.WEBSHOP_OIDC_REDIRECT_URIS
        ? {
            webshopOidc: {
              clientId: env.WEBSHOP_OIDC_CLIENT_ID,
              clientSecret: env.WEBSHOP_OIDC_CLIENT_SECRET,
              redirectUris: env.WEBSHOP_OIDC_REDIRECT_URIS,
            },
          }
        : {}),
      payouts: {
        minimumCents: env.PAYOUT_MINIMUM_CENTS,
        debtor:
          env.PAYOUT_DEBTOR_NAME && env.PAYOUT_DEBTOR_IBAN && env.PAYOUT_DEBTOR_BIC
            ? { name: env.PAYOUT_DEBTOR_NAME, iban: env.PAYOUT_DEBTOR_IBAN, bic: env.PAYOUT_DEBTOR_BIC }
            : null,
      },
      trustedProxies: parseTrustedProxies(env.API_TRUSTED_PROXIES ?? DEFAULT_TRUSTED_PROXIES),
      geoLookupUrls: (env.GEO_LOOKUP_URLS ?? "")
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean),
      auth: {
        sessionIdleSeconds: env.SESSION_IDLE_HOURS * 3600,
        sessionAbsoluteSeconds: env.SESSION_ABSOLUTE_HOURS * 3600,
        refreshGraceSeconds: env.REFRESH_GRACE_SECONDS,
        refreshDerivationSecret: auth.refreshDerivationSecret,
        codeSecret: auth.codeSecret,
        totpSecretKey: auth.totpSecretKey,
        previousTotpSecretKey: auth.previousTotpSecretKey,
      },
    },
    tokens,
    database,
    storage,
    mail: mailSender,
    logger,
    logs,
    metrics,
  });

  if (env.E2E_SEED_TOKEN) {
    const seeding = decideTestSeedMount(env.E2E_SEED_TOKEN, env.API_HOST);
    if (seeding.mount) {
      logger.warn(
        { apiHost: env.API_HOST },
        "E2E_SEED_TOKEN is set: test seeding routes mounted (API on loopback only)",
      );
    } else {
      logger.error(
        { apiHost: env.API_HOST },
        `E2E_SEED_TOKEN is set but the test seeding routes are NOT mounted: ${seeding.reason}`,
      );
    }
  }
  const server = serve(
    {
      fetch: app.fetch,
      port: env.API_PORT,
      hostname: env.API_HOST,
      serverOptions: apiServerOptions(env.REQUEST_TIMEOUT_SECONDS),
    },
    (info) => {
      if (backupToken) {
        writeBackupAccess(env.DATA_DIR, { url: loopbackUrl(env.API_HOST, info.port), token: backupToken });
      }
      logger.info(
        { address: info.address, port: info.port, storage: storage.driver, mail: mailer.driver },
        "API listening",
      );
    },
  );
  mailSender.start();
  idExpirySweeper.start();
  retentionJob.start();
  commissionHoldJob.start();

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // First the shutdown delay: readiness answers 503 but every request is still served, so a
    // balancer stops sending traffic before the port closes. Then requests under way (an upload)
    // finish within the grace period, and the database closes so PGlite flushes and releases its
    // lock.
    const delayMs = env.SHUTDOWN_DELAY_SECONDS * 1000;
    const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000;
    logger.info({ signal, delayMs, graceMs }, "API stopping");
    const forced = setTimeout(() => process.exit(1), delayMs + graceMs + 10_000);
    forced.unref();
    const ended = await closeAfterDelay(server as http.Server, { delayMs, graceMs });
    if (ended === "cut")
      logger.warn({ graceMs }, "requests still running at the end of the grace period were cut");
    await idExpirySweeper.stop();
    await retentionJob.stop();
    await commissionHoldJob.stop();
    await mailSender.stop();
    await mailer.close();
    await database.close();
    if (backupToken) removeBackupAccess(env.DATA_DIR, backupToken);
    logger.info("API stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  // The safe form: a failed query's message would repeat its bound values (a password hash).
  console.error("Cannot start the API:", serializeError(error).message);
  process.exit(1);
});
