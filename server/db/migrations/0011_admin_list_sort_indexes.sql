-- The admin user list sorts by name, status or type (each with creation time and id after it):
-- these B-trees return a page in that order without sorting every match. Email sorts by the
-- unique lower(email) index, creation time by users_created_at_idx.
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower(case when "users"."user_type" = 'company' and btrim(coalesce("users"."company_name", '')) <> '' then btrim("users"."company_name") else btrim(coalesce("users"."first_name", '') || ' ' || coalesce("users"."last_name", '')) end),"created_at","id");--> statement-breakpoint
CREATE INDEX "users_status_sort_idx" ON "users" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_type_sort_idx" ON "users" USING btree ("user_type","created_at","id");