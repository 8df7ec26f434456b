import { type AnyPgColumn, timestamp, type UpdateDeleteAction, uuid } from "drizzle-orm/pg-core";

// The columns most tables share, each a function so every table gets a builder of its own.

/** A point in time with its time zone (nullable until the caller says otherwise). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A random UUID primary key. */
export const id = () => uuid("id").primaryKey().defaultRandom();

/** When the row was written, set by the database. */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** When the row last changed: the insert time until a writer sets it. */
export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

/** A required link to another table's row (`target`), and what becomes of this row when that one goes. */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  uuid(name).notNull().references(target, { onDelete });
