import { countDeletedAccounts, pruneDeletedAccounts } from "./prune-deleted-accounts";
import { countEndedSessions, pruneEndedSessions } from "./prune-ended-sessions";
import { countExpiredOidcPayloads, pruneExpiredOidcPayloads } from "./prune-oidc-payloads";
import { countOldMails, pruneOldMails } from "./prune-old-mails";
import { countDeadRateLimits, pruneDeadRateLimits } from "./prune-rate-limits";
import { countReplacedIdImages, pruneReplacedIdImages } from "./prune-replaced-id-images";
import { countSpentCodes, pruneSpentCodes } from "./prune-spent-codes";
import { RETENTION_BATCH_SIZE, type RetentionDeps } from "./retention-settings";
import { countOldAuditIps, shortenAuditIps } from "./shorten-audit-ips";
import { countHashedVisits, thinReferralVisits } from "./thin-referral-visits";

/** What one run removed or thinned (or, dry, would), per kind of data. */
export type RetentionReport = {
  endedSessions: number;
  refreshTokens: number;
  oneTimeCodes: number;
  passwordResetTokens: number;
  rateLimits: number;
  referralVisitHashes: number;
  auditIps: number;
  replacedIdImages: number;
  mails: number;
  webshopSignIns: number;
  deletedAccounts: number;
  /** Stored files of the replaced ID images and the deleted accounts' documents. */
  storedFiles: number;
  /** Kinds whose step failed (logged); the others ran. */
  failed: string[];
};

type ReportCount = Exclude<keyof RetentionReport, "failed">;

/** How each count reads, in the order the job works (`npm run cli -- prune` prints these). */
export const RETENTION_LABELS: Record<ReportCount, string> = {
  endedSessions: "sessions ended long ago",
  refreshTokens: "their refresh tokens",
  oneTimeCodes: "used or expired codes",
  passwordResetTokens: "used or expired reset links",
  rateLimits: "rate-limit rows past their window",
  referralVisitHashes: "referral visit hashes past their day (thinned)",
  auditIps: "audit addresses shortened to their network",
  replacedIdImages: "replaced ID images",
  mails: "sent or failed mails",
  webshopSignIns: "expired webshop sign-in records",
  deletedAccounts: "deleted accounts past the contract retention",
  storedFiles: "stored files",
};

type Step = { kind: string; run: (report: RetentionReport) => Promise<void> };

/**
 * The steps in order. Codes go before the rate-limit rows: the login-code mark outlives the
 * codes it stands for (prune-rate-limits.ts).
 */
function steps(deps: RetentionDeps, dryRun: boolean, batchSize: number): Step[] {
  /** A step that counts or removes one kind of rows and reports their number under `field`. */
  const rowsStep = (
    kind: string,
    field: ReportCount,
    count: (deps: RetentionDeps) => Promise<number>,
    prune: (deps: RetentionDeps, batchSize: number) => Promise<number>,
  ): Step => ({
    kind,
    run: async (report) => {
      report[field] = dryRun ? await count(deps) : await prune(deps, batchSize);
    },
  });
  return [
    {
      kind: "sessions",
      run: async (report) => {
        const done = dryRun ? await countEndedSessions(deps) : await pruneEndedSessions(deps, batchSize);
        report.endedSessions = done.sessions;
        report.refreshTokens = done.refreshTokens;
      },
    },
    {
      kind: "codes",
      run: async (report) => {
        report.oneTimeCodes = dryRun
          ? await countSpentCodes(deps, "one_time_codes")
          : await pruneSpentCodes(deps, "one_time_codes", batchSize);
        report.passwordResetTokens = dryRun
          ? await countSpentCodes(deps, "password_reset_tokens")
          : await pruneSpentCodes(deps, "password_reset_tokens", batchSize);
      },
    },
    rowsStep("rate limits", "rateLimits", countDeadRateLimits, pruneDeadRateLimits),
    rowsStep("referral visits", "referralVisitHashes", countHashedVisits, thinReferralVisits),
    rowsStep("audit addresses", "auditIps", countOldAuditIps, shortenAuditIps),
    {
      kind: "replaced ID images",
      run: async (report) => {
        const done = dryRun
          ? { rows: await countReplacedIdImages(deps), files: 0 }
          : await pruneReplacedIdImages(deps, batchSize);
        report.replacedIdImages = done.rows;
        report.storedFiles += dryRun ? done.rows : done.files;
      },
    },
    rowsStep("mails", "mails", countOldMails, pruneOldMails),
    rowsStep("webshop sign-ins", "webshopSignIns", countExpiredOidcPayloads, pruneExpiredOidcPayloads),
    {
      kind: "deleted accounts",
      run: async (report) => {
        const done = dryRun ? await countDeletedAccounts(deps) : await pruneDeletedAccounts(deps, batchSize);
        report.deletedAccounts = done.accounts;
        report.storedFiles += done.files;
      },
    },
  ];
}

/**
 * One run of the retention job: every kind of kept data past its period is deleted or thinned,
 * in batches (retention-settings.ts), or with `dryRun` only counted. A step that fails is logged
 * and the next one runs: the next run finds the same rows.
 */
export async function runRetention(
  deps: RetentionDeps,
  { dryRun = false, batchSize = RETENTION_BATCH_SIZE }: { dryRun?: boolean; batchSize?: number } = {},
): Promise<RetentionReport> {
  const report: RetentionReport = {
    endedSessions: 0,
    refreshTokens: 0,
    oneTimeCodes: 0,
    passwordResetTokens: 0,
    rateLimits: 0,
    referralVisitHashes: 0,
    auditIps: 0,
    replacedIdImages: 0,
    mails: 0,
    webshopSignIns: 0,
    deletedAccounts: 0,
    storedFiles: 0,
    failed: [],
  };
  for (const step of steps(deps, dryRun, batchSize)) {
    try {
      await step.run(report);
    } catch (error) {
      deps.logger.warn({ err: error, step: step.kind }, "retention step failed");
      report.failed.push(step.kind);
    }
  }
  return report;
}
