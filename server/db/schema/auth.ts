import { type AnyColumn, sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, requiredRef, timestamptz } from "./columns";
import { ownerId, userRef } from "./users";

// Permission. can_create_referrals exists on every database (seeded at start).
export const permissions = pgTable("permissions", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  isActive: boolean("is_active").notNull().default(true),
  createdBy: userRef("created_by"),
  createdAt: createdAt(),
});

export const userPermissions = pgTable(
  "user_permissions",
  {
    userId: ownerId(),
    permissionId: requiredRef("permission_id", () => permissions.id, "cascade"),
    grantedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.permissionId] })],
);

/**
 * One login = one session (the `sid` claim). Its refresh tokens form a chain: each refresh
 * rotates the current token into a child. Absolute lifetime: expires_at; idle lifetime: last_seen_at.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: id(),
    userId: ownerId(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    revokedReason: text("revoked_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /**
     * When the session was last used (a refresh, or the signed-in user asking who they are), for
     * the member's list of sessions. Written at most once a minute per session; the idle limit
     * stays on last_seen_at, which only a refresh moves.
     */
    lastUsedAt: timestamptz("last_used_at").notNull().defaultNow(),
    /** Browser family and operating system ("Firefox|Windows"), shown in the member's list of sessions. */
    deviceKey: text("device_key"),
    /**
     * The browser's long-lived device cookie (its SHA-256): which sign-ins come from a new
     * browser. A User-Agent can be faked to look like the owner's; the cookie cannot be guessed.
     */
    deviceIdHash: text("device_id_hash"),
    /** How the session was started: "password" or "email_code" (the first step). */
    signInMethod: text("sign_in_method").notNull().default("password"),
    /**
     * When this session proved a second factor (at sign-in, or by turning two-factor sign-in on
     * in it); null when it did not. Admin calls need it: the API, not only the admin pages,
     * refuses an admin session started with the password alone.
     */
    secondFactorAt: timestamptz("second_factor_at"),
  },
  (table) => [
    index("auth_sessions_user_idx").on(table.userId),
    index("auth_sessions_user_device_idx").on(table.userId, table.deviceKey),
    index("auth_sessions_user_device_id_idx").on(table.userId, table.deviceIdHash),
  ],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    sessionId: requiredRef("session_id", () => authSessions.id, "cascade"),
    // SHA-256 of the 256-bit token; the token itself is never stored.
    tokenHash: text("token_hash").notNull(),
    parentId: uuid("parent_id"),
    createdAt: createdAt(),
    rotatedAt: timestamptz("rotated_at"),
  },
  (table) => [
    uniqueIndex("refresh_tokens_hash_unique").on(table.tokenHash),
    index("refresh_tokens_session_idx").on(table.sessionId),
  ],
);

/** Fixed-window counters shared by every API instance (never in memory: a limit kept per process would multiply with the instances). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEndsAt: timestamptz("window_ends_at").notNull(),
});

export const codePurposeEnum = pgEnum("code_purpose", ["login", "verify_email", "change_email"]);

/** 6-digit codes, stored as an HMAC, bound to user and purpose. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: id(),
    userId: ownerId(),
    purpose: codePurposeEnum("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamptz("expires_at").notNull(),
    consumedAt: timestamptz("consumed_at"),
    createdAt: createdAt(),
  },
  (table) => [index("one_time_codes_user_purpose_idx").on(table.userId, table.purpose, table.createdAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: ownerId(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("password_reset_tokens_hash_unique").on(table.tokenHash)],
);

/**
 * An audit row's address not yet shortened to its network (domain/auth/shorten-ip.ts writes
 * `a.b.c.x` and `…::/48`); the retention job and its index share this condition.
 */
export const auditIpIsWhole = (ip: AnyColumn) =>
  sql`${ip} is not null and ${ip} not like '%.x' and ${ip} not like '%::/48'`;

/** Authentication events and admin actions; never a secret in `details`. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamptz("at").notNull().defaultNow(),
    actorUserId: userRef("actor_user_id"),
    subjectUserId: userRef("subject_user_id"),
    action: text("action").notNull(),
    details: jsonb("details").notNull().default(sql`'{}'::jsonb`),
    ip: text("ip"),
  },
  (table) => [
    index("audit_log_subject_idx").on(table.subjectUserId, table.at),
    index("audit_log_at_idx").on(table.at),
    // The audit log page: filtered by action (and the list of actions that occur), and by the
    // user who acted, each newest first without sorting the whole log.
    index("audit_log_action_idx").on(table.action, table.at, table.id),
    index("audit_log_actor_idx").on(table.actorUserId, table.at),
    // The retention job's queue: rows whose address is still whole (not yet a.b.c.x or a /48),
    // oldest first. The shortened ones leave it, so the job never reads the years already done.
    index("audit_log_full_ip_idx").on(table.at).where(auditIpIsWhole(table.ip)),
  ],
);
