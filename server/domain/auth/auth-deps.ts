import type { Logger } from "pino";
import type { Database } from "../../db";
import type { AppMetrics } from "../../infra/metrics/app-metrics";
import type { TokenService } from "../../infra/tokens";
import type { MailOutbox } from "../mail/outbox";

export type AuthConfig = {
  publicUrl: string;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  refreshGraceSeconds: number;
  /** Derives a rotated token's successor, so a replay in the grace window gets the same one. */
  refreshDerivationSecret: string;
  /** Keys the HMAC under which one-time codes are stored. */
  codeSecret: string;
  /** Encrypts the authenticator secrets at rest and signs the second sign-in step's challenge. */
  totpSecretKey: string;
  /** The same, derived from AUTH_SECRET_PREVIOUS: authenticator secrets stored before a rotation still read. */
  previousTotpSecretKey?: string;
};

export type AuthDeps = {
  db: Database;
  tokens: TokenService;
  mail: MailOutbox;
  logger: Logger;
  config: AuthConfig;
  /** Counts sign-ins by outcome and whatever else the routes measure (infra/metrics). */
  metrics: AppMetrics;
};

/**
 * Who is asking, for audit and rate limits; `deviceToken` is the browser's device cookie as the
 * web tier forwards it (device-token.ts), absent on calls that do not start a session.
 */
export type RequestContext = { ip: string | null; userAgent: string | null; deviceToken?: string | null };
