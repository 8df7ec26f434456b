import { sql } from "drizzle-orm";
import { bigint, index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { DOCUMENT_SIDES } from "../../../lib/vocabulary";
import { createdAt, id, timestamptz } from "./columns";
import { ownerId } from "./users";

export const documentKindEnum = pgEnum("document_kind", ["id", "contract"]);
export const documentSideEnum = pgEnum("document_side", DOCUMENT_SIDES);

/**
 * Stored document. The bytes live in object storage under `storage_key` (a server
 * UUID). Before the admin's approval a new ID upload replaces the user's ID documents (rows and
 * objects: unapproved drafts); after it, the replaced ones stay, marked superseded, for the audit
 * trail. The current ID documents are those with `superseded_at` null.
 */
export const documents = pgTable(
  "documents",
  {
    id: id(),
    userId: ownerId(),
    kind: documentKindEnum("kind").notNull(),
    side: documentSideEnum("side"),
    /** personal_id, company_id or contract. */
    documentType: text("document_type").notNull(),
    idType: text("id_type"),
    idNumber: text("id_number"),
    expiryDate: text("expiry_date"),
    originalFilename: text("original_filename").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
    supersededAt: timestamptz("superseded_at"),
    /**
     * When the member was mailed that this ID expires soon; set on the front image's row only
     * (one per upload), in the transaction that queues the mail, so it goes out once.
     */
    expiryNoticeSentAt: timestamptz("expiry_notice_sent_at"),
  },
  (table) => [
    index("documents_user_idx").on(table.userId, table.kind),
    // The expiry sweep and the admins' list of expired IDs read current ID fronts by date.
    index("documents_current_id_expiry_idx")
      .on(table.expiryDate)
      .where(sql`${table.kind} = 'id' and ${table.side} = 'front' and ${table.supersededAt} is null`),
  ],
);
