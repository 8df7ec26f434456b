-- Admin user search for a term without "@": one stored, lowercased text of email and names
-- (one per line) replaces four ILIKEs per row. Its trigram index finds a rare term's rows; the
-- B-tree under the list's filters lets the capped count of a broad term read the index alone.
-- Adding the column rewrites the table once (≈ 10 s per million users) and leaves the new column
-- without statistics, with which the planner would take a broad term's count through the trigram
-- index (300 000 rows for "ann"): hence the ANALYZE. The rewrite also leaves no page marked
-- all-visible, so until the next vacuum the count scans the table instead of the index alone.
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("email") || E'\n' || lower(coalesce("first_name", '')) || E'\n' || lower(coalesce("last_name", '')) || E'\n' || lower(coalesce("company_name", ''))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_list_search_idx" ON "users" USING btree ("user_type","status","role","search_text") WHERE "users"."deleted_at" is null;--> statement-breakpoint
ANALYZE "users";