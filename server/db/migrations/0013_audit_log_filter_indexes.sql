-- The audit log page filters by action (and lists the actions that occur) and by the acting
-- user, newest first: these B-trees answer both without sorting the whole log.
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");