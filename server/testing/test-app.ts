import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Logger } from "pino";
import { type AppDeps, createApp } from "../app";
import { createMailSender, type MailSender, type MailSenderOptions } from "../domain/mail/sender";
import { ensureBaseData } from "../domain/seed/ensure-base-data";
import { createApiMetrics } from "../domain/system/api-metrics";
import type { WebshopClient } from "../domain/webshop/oidc-provider";
import { parseTrustedProxies } from "../infra/client-ip";
import { createLogger, LogRingBuffer } from "../infra/logging/logger";
import { createOutboxMailer } from "../infra/mail/outbox-mailer";
import type { Mailer } from "../infra/mail/types";
import { createFsStorage } from "../infra/storage/fs-storage";
import { createTokenService, generateKeyMaterial } from "../infra/tokens";
import { createTestDatabase, type TestDatabase } from "./test-database";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps & { database: TestDatabase };
  dataDir: string;
  mailDir: string;
  /** The driver the sender delivers through (the `.eml` outbox in mailDir). */
  mailer: Mailer;
  /** Started with a short poll and short retries, so mails land in mailDir within a moment. */
  readonly mailSender: MailSender;
  /**
   * Replaces the running sender by one that logs (and has its driver log) to `logger`, for tests
   * that read every log line; pass its result as `mail` to an app of their own.
   */
  sendMailWithLogger(logger: Logger): Promise<MailSender>;
  close(): Promise<void>;
};

/** Retries within a second, so a test sees a failed attempt followed by the delivery. */
const testMailSenderOptions: Partial<MailSenderOptions> = {
  pollMs: 100,
  baseDelayMs: 50,
  maxDelayMs: 500,
  maxAttempts: 5,
};

/** The real API on a fresh database, real files in a temp DATA_DIR and a real mail outbox. */
export const testAuthConfig = {
  sessionIdleSeconds: 7 * 24 * 3600,
  sessionAbsoluteSeconds: 30 * 24 * 3600,
  refreshGraceSeconds: 10,
  refreshDerivationSecret: "test-refresh-derivation-secret",
  codeSecret: "test-code-secret",
  totpSecretKey: "test-totp-secret-key",
};

let keys: Awaited<ReturnType<typeof generateTestKeys>> | undefined;
async function generateTestKeys() {
  return generateKeyMaterial();
}

export async function createTestApp(
  options: {
    auth?: Partial<typeof testAuthConfig>;
    accessTokenTtlSeconds?: number;
    now?: () => number;
    /** Peers whose X-Forwarded-For is believed (comma-separated); loopback when unset. */
    trustedProxies?: string;
    mailSender?: Partial<MailSenderOptions>;
    /** Mounts GET /metrics for this token. */
    metricsToken?: string;
    /** The public address (the identity provider's issuer); http://localhost:3000 when unset. */
    publicUrl?: string;
    /** Turns the webshop's identity provider on with this client. */
    webshopOidc?: WebshopClient;
  } = {},
): Promise<TestApp> {
  keys ??= await generateTestKeys();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-test-"));
  const mailDir = path.join(dataDir, "mail");
  const logs = new LogRingBuffer();
  const logger = createLogger({ level: "silent", ring: logs });
  const database = await createTestDatabase();
  const storageSigningSecret = "test-signing-secret-with-at-least-32-characters";
  await ensureBaseData(database.db);
  const tokens = await createTokenService({
    keys,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 900,
    now: options.now,
  });
  const mailer = createOutboxMailer({ dir: mailDir, from: "Test <test@localhost>", logger });
  // A registry of its own per test app, without Node's process metrics (their observers never stop).
  const metrics = createApiMetrics(database);
  const storage = createFsStorage({
    root: path.join(dataDir, "objects"),
    signingSecret: storageSigningSecret,
  });
  const startSender = (driver: Mailer, senderLogger: Logger) => {
    const sender = createMailSender({
      db: database.db,
      mailer: driver,
      logger: senderLogger,
      storage,
      jobs: metrics,
      options: { ...testMailSenderOptions, ...options.mailSender },
    });
    sender.start();
    return sender;
  };
  let mailSender = startSender(mailer, logger);
  const deps = {
    config: {
      publicUrl: options.publicUrl ?? "http://localhost:3000",
      ...(options.webshopOidc ? { webshopOidc: options.webshopOidc } : {}),
      storageSigningSecret,
      auth: { ...testAuthConfig, ...options.auth },
      payouts: {
        minimumCents: 5000,
        debtor: { name: "Partner Platform GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
      },
      ...(options.metricsToken === undefined ? {} : { metricsToken: options.metricsToken }),
      ...(options.trustedProxies === undefined
        ? {}
        : { trustedProxies: parseTrustedProxies(options.trustedProxies) }),
    },
    tokens,
    database,
    storage,
    mail: mailSender,
    logger,
    logs,
    metrics,
  };
  return {
    app: createApp(deps),
    deps,
    dataDir,
    mailDir,
    mailer,
    get mailSender() {
      return mailSender;
    },
    async sendMailWithLogger(mailLogger: Logger) {
      await mailSender.stop();
      mailSender = startSender(
        createOutboxMailer({ dir: mailDir, from: "Test <test@localhost>", logger: mailLogger }),
        mailLogger,
      );
      return mailSender;
    },
    async close() {
      await mailSender.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
