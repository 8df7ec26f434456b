import { sql } from "drizzle-orm";
import { index, jsonb, pgEnum, pgTable, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns";
import { ownerId, userRef } from "./users";

export const changeReviewKindEnum = pgEnum("change_review_kind", ["id_documents", "bank_details"]);
export const changeReviewStatusEnum = pgEnum("change_review_status", ["pending", "accepted", "rejected"]);

/** What an ID change review compares: the document rows before and after. */
export type IdDocumentsSnapshot = { documentIds: string[] };
/** What a bank change review compares. The IBAN is identity data: never logged. */
export type BankDetailsSnapshot = { iban: string | null; accountHolderName: string | null };
export type ChangeSnapshot = IdDocumentsSnapshot | BankDetailsSnapshot;

/**
 * A change an approved member made to what the admin verified (ID documents, bank details).
 * The change applies at once and the account stays usable; the admin reviews old against new.
 * One pending review per member and kind: a second change before the review updates `proposed`
 * and keeps `previous` as what the admin last saw approved.
 */
export const changeReviews = pgTable(
  "change_reviews",
  {
    id: id(),
    userId: ownerId(),
    kind: changeReviewKindEnum("kind").notNull(),
    status: changeReviewStatusEnum("status").notNull().default("pending"),
    previous: jsonb("previous").$type<ChangeSnapshot>().notNull(),
    proposed: jsonb("proposed").$type<ChangeSnapshot>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    decidedAt: timestamptz("decided_at"),
    decidedByUserId: userRef("decided_by_user_id"),
  },
  (table) => [
    uniqueIndex("change_reviews_one_pending")
      .on(table.userId, table.kind)
      .where(sql`${table.status} = 'pending'`),
    index("change_reviews_status_idx").on(table.status, table.createdAt),
  ],
);
