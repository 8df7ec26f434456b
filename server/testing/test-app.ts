import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type AppDeps, createApp } from "../app";
import { ensureBaseData } from "../domain/seed/ensure-base-data";
import { parseTrustedProxies } from "../infra/client-ip";
import { createLogger, LogRingBuffer } from "../infra/logging/logger";
import { createOutboxMailer } from "../infra/mail/outbox-mailer";
import { createFsStorage } from "../infra/storage/fs-storage";
import { createTokenService, generateKeyMaterial } from "../infra/tokens";
import { createTestDatabase, type TestDatabase } from "./test-database";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps & { database: TestDatabase };
  dataDir: string;
  mailDir: string;
  close(): Promise<void>;
};

/** The real API on a fresh database, real files in a temp DATA_DIR and a real mail outbox. */
export const testAuthConfig = {
  sessionIdleSeconds: 7 * 24 * 3600,
  sessionAbsoluteSeconds: 30 * 24 * 3600,
  refreshGraceSeconds: 10,
  refreshDerivationSecret: "test-refresh-derivation-secret",
  codeSecret: "test-code-secret",
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
  const deps = {
    config: {
      publicUrl: "http://localhost:3000",
      storageSigningSecret,
      auth: { ...testAuthConfig, ...options.auth },
      ...(options.trustedProxies === undefined
        ? {}
        : { trustedProxies: parseTrustedProxies(options.trustedProxies) }),
    },
    tokens,
    database,
    storage: createFsStorage({ root: path.join(dataDir, "objects"), signingSecret: storageSigningSecret }),
    mailer: createOutboxMailer({ dir: mailDir, from: "Test <test@localhost>", logger }),
    logger,
    logs,
  };
  return {
    app: createApp(deps),
    deps,
    dataDir,
    mailDir,
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
