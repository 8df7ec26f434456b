ALTER TABLE "auth_sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "device_key" text;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_device_idx" ON "auth_sessions" USING btree ("user_id","device_key");--> statement-breakpoint
-- Sessions from before this column were last used when they were last refreshed.
UPDATE "auth_sessions" SET "last_used_at" = "last_seen_at";
