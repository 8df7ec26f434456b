CREATE TYPE "public"."change_review_kind" AS ENUM('id_documents', 'bank_details');--> statement-breakpoint
CREATE TYPE "public"."change_review_status" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TABLE "change_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "change_review_kind" NOT NULL,
	"status" "change_review_status" DEFAULT 'pending' NOT NULL,
	"previous" jsonb NOT NULL,
	"proposed" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "change_reviews" ADD CONSTRAINT "change_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_reviews" ADD CONSTRAINT "change_reviews_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_reviews_one_pending" ON "change_reviews" USING btree ("user_id","kind") WHERE "change_reviews"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "change_reviews_status_idx" ON "change_reviews" USING btree ("status","created_at");