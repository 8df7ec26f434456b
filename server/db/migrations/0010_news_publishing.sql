ALTER TABLE "news" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "news_member_idx" ON "news" USING btree ("language","published_at" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "news"."published" and not "news"."sample";--> statement-breakpoint
UPDATE "news" SET "sample" = true, "published" = false WHERE "id" IN ('6e3b0c1a-0000-4000-8000-000000000e01', '6e3b0c1a-0000-4000-8000-000000000e02', '6e3b0c1a-0000-4000-8000-000000000e03', '6e3b0c1a-0000-4000-8000-000000000d01', '6e3b0c1a-0000-4000-8000-000000000d02', '6e3b0c1a-0000-4000-8000-000000000d03');
