import { index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * What the webshop's OpenID Connect provider keeps between requests (sessions, interactions,
 * authorization codes, grants, access tokens), one row per model and id, so that every API
 * instance sees what another one issued. Rows past `expires_at` are dead; the retention job
 * deletes them.
 */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    grantId: text("grant_id"),
    uid: text("uid"),
    userCode: text("user_code"),
    expiresAt: timestamptz("expires_at"),
    consumedAt: timestamptz("consumed_at"),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index("oidc_payloads_grant_idx").on(table.grantId),
    index("oidc_payloads_uid_idx").on(table.uid),
    index("oidc_payloads_expires_idx").on(table.expiresAt),
  ],
);
