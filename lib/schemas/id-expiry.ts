import { z } from "zod";
import { adminUserSummarySchema } from "./admin";

// ID expiry: the member's own state (dashboard notice) and the admins' list of members whose ID
// has expired and who need to upload a new one. The API declares its answers with these, the
// web tier parses them.

/**
 * GET /api/documents/id-expiry. `expiring`: the current ID expires within 30 days; `expired`:
 * its expiry date is today or earlier (the upload refuses such a date); `none`: no ID uploaded.
 */
export const idExpirySchema = z.object({
  state: z.enum(["none", "valid", "expiring", "expired"]),
  /** YYYY-MM-DD, as the member entered it at the upload. */
  expiryDate: z.string().nullable(),
});
export type IdExpiry = z.infer<typeof idExpirySchema>;

const expiredIdSchema = z.object({
  user: adminUserSummarySchema.extend({
    /** Approved by an admin: the account stays usable while the new ID is on its way. */
    approved: z.boolean(),
  }),
  /** YYYY-MM-DD: the reason the member is listed ("ID expired on …"). */
  expiry_date: z.string(),
  uploaded_at: z.string(),
});
export type ExpiredId = z.infer<typeof expiredIdSchema>;

/** GET /api/admin/expired-ids: longest expired first, at most 100. */
export const expiredIdListSchema = z.object({ members: z.array(expiredIdSchema) });
