DROP INDEX "commissions_partner_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_partner_idx";--> statement-breakpoint
CREATE INDEX "commissions_partner_page_idx" ON "commissions" USING btree ("partner_user_id","earned_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_partner_sums_idx" ON "ledger_entries" USING btree ("partner_user_id","bucket","amount_cents");