import type { Database } from "../../db";
import { AppError } from "../../errors";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit";

/**
 * ID uploads per member: each one is re-encoded (CPU in the API process) and, once the account
 * is approved, kept beside the images it replaces for the admin's review. A member uploads an ID
 * once, and again when it expires or a photo was bad; ten a day leave room for that.
 */
export const ID_UPLOAD_LIMIT = { limit: 10, windowSeconds: 24 * 60 * 60 } as const satisfies RateLimitRule;

/**
 * Counts one ID upload of the member, before its body is read: every attempt costs the reading
 * and re-encoding, whether it ends stored or refused. Past the limit 429 with the seconds to wait.
 */
export async function assertIdUploadAllowed(db: Database, userId: string): Promise<void> {
  const hit = await hitRateLimit(db, `id-upload:${userId}`, ID_UPLOAD_LIMIT);
  if (hit.exceeded) {
    throw new AppError("RATE_LIMITED", "idUploadsRateLimited", { retryAfterSeconds: hit.retryAfterSeconds });
  }
}
