import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Secrets the API generates for itself when configuration gives none (token signing key,
 * download-URL secret, auth secret): one row each, created once under an advisory lock, so every
 * instance on the same database signs and verifies with the same ones.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
