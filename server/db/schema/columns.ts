import { timestamp, uuid } from "drizzle-orm/pg-core";

// The columns most tables share, each a function so every table gets a builder of its own.

/** A random UUID primary key. */
export const id = () => uuid("id").primaryKey().defaultRandom();

/** When the row was written, set by the database. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When the row last changed: the insert time until a writer sets it. */
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
