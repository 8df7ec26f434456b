import type { Database } from "../../db";
import { AppError, type ErrorReason } from "../../errors";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit";

/**
 * Renders per member: each costs CPU in the API process and holds one of the few render slots,
 * so one member looping them would slow everyone's signing. A member downloads a template or
 * two and signs once; these leave room for retries.
 */
export const CONTRACT_RENDER_LIMITS = {
  /** Unsigned downloads (GET /api/document-templates/{id}/generate-pdf). */
  download: { limit: 20, windowSeconds: 10 * 60 },
  /** Drawn signatures (POST /api/contracts/sign), each rendering every template. */
  sign: { limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

const REASONS = {
  download: "contractDownloadsRateLimited",
  sign: "contractSigningRateLimited",
} as const satisfies Record<keyof typeof CONTRACT_RENDER_LIMITS, ErrorReason>;

/** Counts one render request of the member; past the limit 429 with the seconds to wait. */
export async function assertContractRenderAllowed(
  db: Database,
  userId: string,
  kind: keyof typeof CONTRACT_RENDER_LIMITS,
): Promise<void> {
  const hit = await hitRateLimit(db, `contract-${kind}:${userId}`, CONTRACT_RENDER_LIMITS[kind]);
  if (hit.exceeded) {
    throw new AppError("RATE_LIMITED", REASONS[kind], { retryAfterSeconds: hit.retryAfterSeconds });
  }
}
