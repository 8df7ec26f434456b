import type { Logger } from "pino";
import type { Database } from "../db";
import type { MailOutbox } from "../domain/mail/outbox";
import type { AppMetrics } from "../infra/metrics/app-metrics";
import type { ObjectStorage } from "../infra/storage/types";
import type { TokenService } from "../infra/tokens";

/** What the member-area routes (onboarding, profile, uploads) are built from. */
export type MemberRouteDeps = {
  db: Database;
  tokens: TokenService;
  mail: MailOutbox;
  logger: Logger;
  storage: ObjectStorage;
  publicUrl: string;
  /** Keys the HMAC under which one-time codes are stored. */
  codeSecret: string;
  /** This app's metrics (infra/metrics): contract renders report to it, the server status reads it. */
  metrics: AppMetrics;
};
