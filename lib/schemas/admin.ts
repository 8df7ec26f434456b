import { z } from "zod";
import { PAGE_SIZES } from "@/lib/constants";
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, DOCUMENT_SIDES, ONBOARDING_STEPS, ROLES } from "@/lib/vocabulary";

// Admin calls (answers keep the field names the admin pages were built on; the user list is snake_case).

/** `?page=`: the page to show, counted from 1. */
const pageParam = z.coerce.number().int().min(1).max(100_000).optional().default(1);

/** `?pageSize=`: one of PAGE_SIZES, `fallback` when absent. */
const pageSizeParam = (fallback: (typeof PAGE_SIZES)[number]) =>
  z.coerce
    .number()
    .int()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), "pageSize")
    .optional()
    .default(fallback);

export const userListQuerySchema = z.object({
  search: z.string().trim().max(200).optional().default(""),
  user_type: z.enum(ACCOUNT_TYPES).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  role: z.enum(ROLES).optional(),
  page: pageParam,
  pageSize: pageSizeParam(10),
  /** Keyset paging: the previous answer's `nextCursor` (then `page` is not used to skip rows). */
  cursor: z.string().max(2000).optional(),
  /** The column the list is ordered by; ties go by creation time, then id. */
  sort: z.enum(["created", "name", "email", "status", "type"]).optional().default("created"),
  dir: z.enum(["asc", "desc"]).optional().default("desc"),
});
export type UserListSort = z.output<typeof userListQuerySchema>["sort"];

/** The CSV export: the list's filters and order, every match (no page). */
export const userExportQuerySchema = userListQuerySchema.pick({
  search: true,
  user_type: true,
  status: true,
  role: true,
  sort: true,
  dir: true,
});

/** Who a user is, as every admin list names them: the fields each admin view of a user starts with. */
export const adminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  user_type: z.enum(ACCOUNT_TYPES),
  status: z.enum(ACCOUNT_STATUSES),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserSchema = adminUserSummarySchema.extend({
  role: z.enum(ROLES),
  created_at: z.string(),
  updated_at: z.string(),
  last_login_at: z.string().nullable(),
  email_verified: z.union([z.literal(0), z.literal(1)]),
  documents_uploaded: z.union([z.literal(0), z.literal(1)]),
  profile_completed: z.union([z.literal(0), z.literal(1)]),
  contract_signed: z.union([z.literal(0), z.literal(1)]),
  is_admin_verified: z.union([z.literal(0), z.literal(1)]),
  /** Two-factor sign-in on (a super admin can reset it for an owner who lost it). */
  two_factor_enabled: z.union([z.literal(0), z.literal(1)]),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userListResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /**
   * True when more users match than the API counts exactly (1 000): `total` (and `pageCount`)
   * are then PostgreSQL's estimate, at least 1 001, and the list should say "about". Absent
   * (lists that always count exactly) means false.
   */
  totalIsEstimate: z.boolean().optional(),
  /** Pass as `cursor` for the next page (keyset paging); null on the last page; absent where unsupported. */
  nextCursor: z.string().nullable().optional(),
});

export const userStatsSchema = z.object({
  totalUsers: z.number().int(),
  adminUsers: z.number().int(),
  activeUsers: z.number().int(),
  personalUsers: z.number().int(),
  companyUsers: z.number().int(),
  verificationPending: z.number().int(),
  permissions: z.number().int(),
});

export const permissionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

/** Trimmed, lowercase letters, digits and underscores, no spaces. */
export const createPermissionSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Permission name is required")
    .max(64)
    .regex(/^[a-z0-9_]+$/, "Use lowercase letters, digits and underscores only, no spaces."),
  description: z.string().trim().max(300).optional().default(""),
  is_active: z.boolean().optional().default(true),
  created_by: z.string().optional(),
});

export const permissionNamesSchema = z.object({ permissions: z.array(z.string().min(1).max(64)).max(100) });

/** PUT /api/admin/users/{id}/role (super admins only). */
export const roleChangeSchema = z.object({ role: z.enum(ROLES) });

/** POST /api/admin/users/{id}/reactivate: the status the user is back in (pending until approved). */
export const reactivatedStatusSchema = z.object({ status: z.enum(["active", "pending"]) });

export const rejectUserSchema = z.object({
  step: z.enum(ONBOARDING_STEPS),
  reason: z.string().trim().min(1, "A reason is required.").max(1000),
});

/** A mail the outbox could not deliver (failed for good, or still being retried after an error). */
export const failingMailSchema = z.object({
  id: z.string(),
  /** Masked: the first character and the domain. */
  recipient: z.string(),
  subject: z.string(),
  kind: z.string(),
  state: z.enum(["failed", "retrying"]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});

/** A line of the instance's recent-log buffer; request lines carry their own columns. */
const logEntrySchema = z.object({
  time: z.string(),
  level: z.string(),
  /** Which tier wrote it; a web line's route is its path with ids and tokens replaced. */
  tier: z.enum(["api", "web"]),
  message: z.string(),
  method: z.string().optional(),
  /** The matched route pattern (`/api/referral/info/:token`), never the path. */
  route: z.string().optional(),
  status: z.number().int().optional(),
  ms: z.number().optional(),
});

/**
 * This instance's figures since its start (server/infra/metrics, the same as its /metrics), for
 * the server status card; the outbox is read from the database, so it is the same on every
 * instance (null when the database does not answer).
 */
export const metricsSummarySchema = z.object({
  since: z.string(),
  /** Requests answered, the health probes left out. */
  requests: z.number().int(),
  /** Estimated from the duration histogram's buckets; null before the first request. */
  requestP95Ms: z.number().nullable(),
  serverErrors: z.number().int(),
  /** Sign-in attempts that did not start a session or a second step. */
  signInFailures: z.number().int(),
  rateLimitRefusals: z.number().int(),
  jobFailures: z.number().int(),
  mailOutbox: z.object({
    pending: z.number().int().nullable(),
    oldestPendingSeconds: z.number().nullable(),
  }),
});

export const serverStatusSchema = z.object({
  status: z.enum(["online", "degraded"]),
  instance: z.string(),
  uptime: z.object({ days: z.number(), hours: z.number(), minutes: z.number() }),
  cpuUsagePercent: z.number(),
  memory: z.object({ used: z.number(), total: z.number() }),
  /** Shared by every instance: the outbox lives in the database. */
  failingMails: z.array(failingMailSchema),
  metrics: metricsSummarySchema,
  logs: z.array(logEntrySchema),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  subject: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  details: z.record(z.string(), z.unknown()),
});
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable().optional(),
});

/** GET /api/admin/audit: overall or about one user, by action, by part of a user's email. */
export const auditQuerySchema = z.object({
  userId: z.uuid().optional(),
  action: z.string().trim().max(100).optional(),
  email: z.string().trim().max(200).optional(),
  page: pageParam,
  pageSize: pageSizeParam(20),
  cursor: z.string().max(200).optional(),
});

/** GET /api/admin/audit/actions: the actions that occur in the log, for its filter. */
export const auditActionsSchema = z.object({ actions: z.array(z.string()) });

// A change an approved member made to what the admin verified, old and new side by side.

const changeReviewDocumentSchema = z.object({
  id: z.string(),
  side: z.enum(DOCUMENT_SIDES).nullable(),
  document_type: z.string(),
  id_type: z.string().nullable(),
  expiry_date: z.string().nullable(),
  original_filename: z.string(),
  uploaded_at: z.string(),
  /** Same-origin signed URL, valid for 5 minutes. */
  signedUrl: z.string(),
});

/** The IBAN masked: country, check digits and the last 4 characters. */
const changeReviewBankSchema = z.object({
  iban: z.string().nullable(),
  account_holder_name: z.string().nullable(),
});

const reviewBase = {
  id: z.string(),
  user: adminUserSummarySchema,
  created_at: z.string(),
  updated_at: z.string(),
};

const changeReviewSchema = z.discriminatedUnion("kind", [
  z.object({
    ...reviewBase,
    kind: z.literal("id_documents"),
    previous: z.object({ documents: z.array(changeReviewDocumentSchema) }),
    proposed: z.object({ documents: z.array(changeReviewDocumentSchema) }),
  }),
  z.object({
    ...reviewBase,
    kind: z.literal("bank_details"),
    previous: changeReviewBankSchema,
    proposed: changeReviewBankSchema,
  }),
]);
export type ChangeReview = z.infer<typeof changeReviewSchema>;

export const changeReviewListSchema = z.object({ reviews: z.array(changeReviewSchema) });
