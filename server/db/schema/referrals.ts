import { sql } from "drizzle-orm";
import { date, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { REFERRAL_STATUSES } from "../../../lib/vocabulary";
import { createdAt, id, requiredRef, timestamptz } from "./columns";
import { userRef, userTypeEnum } from "./users";

export const referralStatusEnum = pgEnum("referral_status", REFERRAL_STATUSES);

/**
 * Referral link. `uses` counts completed registrations only: it is raised by one
 * conditional UPDATE in the registration's transaction. Links are never
 * deleted; an owner's deletion leaves them inert (owner null → 410).
 */
export const referralLinks = pgTable(
  "referral_links",
  {
    id: id(),
    ownerUserId: userRef("owner_user_id"),
    token: text("token").notNull(),
    label: text("label"),
    expiresAt: timestamptz("expires_at"),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    status: referralStatusEnum("status").notNull().default("active"),
    createdAt: createdAt(),
    deactivatedAt: timestamptz("deactivated_at"),
  },
  (table) => [
    uniqueIndex("referral_links_token_unique").on(table.token),
    index("referral_links_owner_idx").on(table.ownerUserId),
  ],
);

/** Every completed registration through a link; kept when the new user is deleted (counts stay). */
export const referralUses = pgTable(
  "referral_uses",
  {
    id: id(),
    linkId: requiredRef("link_id", () => referralLinks.id, "restrict"),
    newUserId: userRef("new_user_id"),
    newUserType: userTypeEnum("new_user_type").notNull(),
    usedAt: timestamptz("used_at").notNull().defaultNow(),
  },
  (table) => [
    index("referral_uses_link_idx").on(table.linkId),
    // Who invited a member (the admin user view).
    index("referral_uses_new_user_idx").on(table.newUserId),
  ],
);

/**
 * Distinct visitors of a link's registration page, one row per link, day (UTC) and visitor. The
 * visitor is a keyed hash of the day, the client's address and its user agent under a key of
 * that day (domain/referrals/visits.ts): no address is stored, and without the server's secret
 * a hash names nobody; the key changes every day, so one visitor's rows of two days do not match.
 */
export const referralVisits = pgTable(
  "referral_visits",
  {
    linkId: requiredRef("link_id", () => referralLinks.id, "cascade"),
    day: date("day", { mode: "string" }).notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.linkId, table.day, table.visitorHash] }),
    // The retention job's queue: rows still holding a visitor's hash, which it replaces once
    // their day is over (a thinned row's placeholder starts with "~", outside base64url).
    index("referral_visits_hashed_day_idx").on(table.day).where(sql`${table.visitorHash} not like '~%'`),
  ],
);
