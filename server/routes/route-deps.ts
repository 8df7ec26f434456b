import type { Logger } from "pino";
import type { Database } from "../db";
import type { Mailer } from "../infra/mail/types";
import type { ObjectStorage } from "../infra/storage/types";
import type { TokenService } from "../infra/tokens";

/** What the member-area routes (onboarding, profile, uploads) are built from. */
export type MemberRouteDeps = {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  logger: Logger;
  storage: ObjectStorage;
  publicUrl: string;
  /** Keys the HMAC under which one-time codes are stored. */
  codeSecret: string;
};
