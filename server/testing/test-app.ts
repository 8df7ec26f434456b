import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type AppDeps, createApp } from "../app";
import { createLogger, LogRingBuffer } from "../infra/logging/logger";
import { createOutboxMailer } from "../infra/mail/outbox-mailer";
import { createFsStorage } from "../infra/storage/fs-storage";
import { createTestDatabase, type TestDatabase } from "./test-database";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps & { database: TestDatabase };
  dataDir: string;
  mailDir: string;
  close(): Promise<void>;
};

/** The real API on a fresh database, real files in a temp DATA_DIR and a real mail outbox. */
export async function createTestApp(): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-test-"));
  const mailDir = path.join(dataDir, "mail");
  const logs = new LogRingBuffer();
  const logger = createLogger({ level: "silent", ring: logs });
  const database = await createTestDatabase();
  const storageSigningSecret = "test-signing-secret-with-at-least-32-characters";
  const deps = {
    config: { publicUrl: "http://localhost:3000", storageSigningSecret },
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
