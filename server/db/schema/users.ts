import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, ROLES } from "../../../lib/vocabulary";
import { createdAt, id, requiredRef, timestamptz, updatedAt } from "./columns";

export const userTypeEnum = pgEnum("user_type", ACCOUNT_TYPES);
export const userRoleEnum = pgEnum("user_role", ROLES);
export const userStatusEnum = pgEnum("user_status", ACCOUNT_STATUSES);
export const languageEnum = pgEnum("language", ["en", "de"]);

/**
 * The admin list's name column as it sorts: a company by its company name, a person by first
 * and last name (the table shows the same), lowercased. Built from immutable functions only,
 * so an index can hold it (users_name_sort_idx); the list orders by this same expression.
 */
export const userSortName = sql`lower(case when "users"."user_type" = 'company' and btrim(coalesce("users"."company_name", '')) <> '' then btrim("users"."company_name") else btrim(coalesce("users"."first_name", '') || ' ' || coalesce("users"."last_name", '')) end)`;

/**
 * The admin search's text: email, first name, last name and company name, each lowercased as
 * ILIKE lowercases it, one per line. A term without a line break matches it with LIKE exactly
 * where it matches one of the four with ILIKE (a match cannot span the break), at the cost of
 * one comparison on a stored value instead of four lowercasings per row. Plain column names:
 * a generation expression may only refer to its own table's columns.
 */
const userSearchText = sql`lower("email") || E'\\n' || lower(coalesce("first_name", '')) || E'\\n' || lower(coalesce("last_name", '')) || E'\\n' || lower(coalesce("company_name", ''))`;

// User. Emails are unique whatever their case: a unique index on lower(email)
// (drizzle-kit has no citext type).
export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    userType: userTypeEnum("user_type").notNull().default("personal"),
    role: userRoleEnum("role").notNull().default("user"),
    status: userStatusEnum("status").notNull().default("pending"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    companyName: text("company_name"),
    language: languageEnum("language").notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamptz("last_login_at"),
    // Who invited this member (joining only through a member's link).
    referredByUserId: uuid("referred_by_user_id").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    // Onboarding: each flag is 1 when its time is set.
    emailVerifiedAt: timestamptz("email_verified_at"),
    documentsUploadedAt: timestamptz("documents_uploaded_at"),
    profileCompletedAt: timestamptz("profile_completed_at"),
    contractSignedAt: timestamptz("contract_signed_at"),
    adminVerifiedAt: timestamptz("admin_verified_at"),
    // Two-factor sign-in is on (user_totp holds the secret). Here, not there: the login reads the
    // user row anyway, so a login without two-factor sign-in costs nothing more.
    totpEnabledAt: timestamptz("totp_enabled_at"),
    /**
     * The new login email a member asked for, until the code mailed to it is entered
     * (one_time_codes, purpose change_email); null when no change is under way.
     */
    pendingEmail: text("pending_email"),
    /** Non-security mails the member may turn off: someone registered through their link, one of theirs approved. */
    notifyReferralRegistrations: boolean("notify_referral_registrations").notNull().default(true),
    notifyReferralApprovals: boolean("notify_referral_approvals").notNull().default(true),
    /**
     * When the account was deleted: its personal data erased, sign-in impossible. The row stays
     * (a placeholder) for the signed contract evidence and the audit rows the operator must keep,
     * until the retention job removes it.
     */
    deletedAt: timestamptz("deleted_at"),
    /**
     * The admin's words when they last sent the member back a step, for the member's dashboard
     * (the mail that carried them is blanked once sent). Shown only while that step is open.
     */
    sentBackReason: text("sent_back_reason"),
    /** Derived by PostgreSQL from email and names on every write (userSearchText); never written. */
    searchText: text("search_text").generatedAlwaysAs(userSearchText),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    index("users_created_at_idx").on(table.createdAt),
    // The admin list's sortable columns, each with creation time and id after it, so every
    // order has an index that returns its pages without sorting all matches.
    index("users_name_sort_idx").on(userSortName, table.createdAt, table.id),
    index("users_status_sort_idx").on(table.status, table.createdAt, table.id),
    index("users_type_sort_idx").on(table.userType, table.createdAt, table.id),
    // The admin search of a term without "@": the trigram index finds a rare term's few rows;
    // for a broad term the list's exact count (capped) reads this B-tree alone (an index-only
    // scan of the filtered range, the term checked on the stored text) instead of visiting
    // and lowercasing table rows. Erased accounts are never listed, so they are left out.
    index("users_search_text_trgm_idx").using("gin", table.searchText.op("gin_trgm_ops")),
    index("users_list_search_idx")
      .on(table.userType, table.status, table.role, table.searchText)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/** The member a row belongs to (`user_id`): the row is deleted with them. */
export const ownerId = () => requiredRef("user_id", () => users.id, "cascade");

/** `ownerId` as the primary key: a member's one row of its kind. */
export const ownerKey = () =>
  uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" });

/** A user the row names (who created or decided something): emptied when that user is deleted. */
export const userRef = (name: string) => uuid(name).references(() => users.id, { onDelete: "set null" });
