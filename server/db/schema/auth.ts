import { sql } from "drizzle-orm";
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
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";

// Permission. can_create_referrals exists on every database (seeded at start).
export const permissions = pgTable("permissions", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  isActive: boolean("is_active").notNull().default(true),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const userPermissions = pgTable(
  "user_permissions",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permissionId: uuid("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
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
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /**
     * When the session was last used (a refresh, or the signed-in user asking who they are), for
     * the member's list of sessions. Written at most once a minute per session; the idle limit
     * stays on last_seen_at, which only a refresh moves.
     */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /** Browser family and operating system ("Firefox|Windows"): which sign-ins come from a new browser. */
    deviceKey: text("device_key"),
  },
  (table) => [
    index("auth_sessions_user_idx").on(table.userId),
    index("auth_sessions_user_device_idx").on(table.userId, table.deviceKey),
  ],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    // SHA-256 of the 256-bit token; the token itself is never stored.
    tokenHash: text("token_hash").notNull(),
    parentId: uuid("parent_id"),
    createdAt: createdAt(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
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
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

export const codePurposeEnum = pgEnum("code_purpose", ["login", "verify_email"]);

/** 6-digit codes, stored as an HMAC, bound to user and purpose. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: codePurposeEnum("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("one_time_codes_user_purpose_idx").on(table.userId, table.purpose, table.createdAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("password_reset_tokens_hash_unique").on(table.tokenHash)],
);

/** Authentication events and admin actions; never a secret in `details`. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    subjectUserId: uuid("subject_user_id").references(() => users.id, { onDelete: "set null" }),
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
  ],
);
