ALTER TABLE "auth_sessions" ADD COLUMN "device_id_hash" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "sign_in_method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_device_id_idx" ON "auth_sessions" USING btree ("user_id","device_id_hash");