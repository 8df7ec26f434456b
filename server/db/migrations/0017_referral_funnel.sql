CREATE TABLE "referral_visits" (
	"link_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "referral_visits_link_id_day_visitor_hash_pk" PRIMARY KEY("link_id","day","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "referral_visits" ADD CONSTRAINT "referral_visits_link_id_referral_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."referral_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_uses_new_user_idx" ON "referral_uses" USING btree ("new_user_id");