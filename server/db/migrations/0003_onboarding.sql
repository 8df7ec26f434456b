CREATE TYPE "public"."document_kind" AS ENUM('id', 'contract');--> statement-breakpoint
CREATE TYPE "public"."document_side" AS ENUM('front', 'back');--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "document_kind" NOT NULL,
	"side" "document_side",
	"document_type" text NOT NULL,
	"id_type" text,
	"id_number" text,
	"expiry_date" text,
	"original_filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"language" "language" NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "registration_date" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "branch" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "number_of_employees" integer;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "account_holder_name" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "phone_secondary" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "emergency_contact_name" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "emergency_contact_phone" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "account_holder_name" text;--> statement-breakpoint
ALTER TABLE "personal_profiles" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_user_idx" ON "documents" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "news_language_published_idx" ON "news" USING btree ("language","published_at");