CREATE TYPE "public"."ledger_bucket" AS ENUM('pending', 'approved', 'paid');--> statement-breakpoint
CREATE TYPE "public"."ledger_event" AS ENUM('earned', 'approved', 'reversed', 'paid', 'netted');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('prepared', 'executed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."shop_order_status" AS ENUM('paid', 'refunded');--> statement-breakpoint
CREATE TABLE "commission_plan" (
	"id" integer PRIMARY KEY NOT NULL,
	"personal_basis_points" integer NOT NULL,
	"company_basis_points" integer NOT NULL,
	"minimum_order_cents" bigint NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_plan_single_row" CHECK ("commission_plan"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_order_id" uuid NOT NULL,
	"partner_user_id" uuid,
	"amount_cents" bigint NOT NULL,
	"basis_points" integer NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_amount_positive" CHECK ("commissions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"commission_id" uuid NOT NULL,
	"partner_user_id" uuid,
	"event" "ledger_event" NOT NULL,
	"bucket" "ledger_bucket" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_commissions" (
	"payout_item_id" uuid NOT NULL,
	"commission_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "payout_commissions_payout_item_id_commission_id_pk" PRIMARY KEY("payout_item_id","commission_id")
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"partner_user_id" uuid,
	"amount_cents" bigint NOT NULL,
	"account_holder" text NOT NULL,
	"iban" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"language" text NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payout_items_amount_positive" CHECK ("payout_items"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" "payout_status" DEFAULT 'prepared' NOT NULL,
	"message_id" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"item_count" integer NOT NULL,
	"execution_date" date NOT NULL,
	"sepa_xml" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"executed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"buyer_user_id" uuid,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"status" "shop_order_status" NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "shop_orders_amount_positive" CHECK ("shop_orders"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "commission_plan" ADD CONSTRAINT "commission_plan_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_shop_order_id_shop_orders_id_fk" FOREIGN KEY ("shop_order_id") REFERENCES "public"."shop_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_partner_user_id_users_id_fk" FOREIGN KEY ("partner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_partner_user_id_users_id_fk" FOREIGN KEY ("partner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_commissions" ADD CONSTRAINT "payout_commissions_payout_item_id_payout_items_id_fk" FOREIGN KEY ("payout_item_id") REFERENCES "public"."payout_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_commissions" ADD CONSTRAINT "payout_commissions_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_partner_user_id_users_id_fk" FOREIGN KEY ("partner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_api_keys" ADD CONSTRAINT "shop_api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_order_unique" ON "commissions" USING btree ("shop_order_id");--> statement-breakpoint
CREATE INDEX "commissions_partner_idx" ON "commissions" USING btree ("partner_user_id","earned_at");--> statement-breakpoint
CREATE INDEX "commissions_earned_idx" ON "commissions" USING btree ("earned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_event_unique" ON "ledger_entries" USING btree ("commission_id","event","bucket");--> statement-breakpoint
CREATE INDEX "ledger_entries_partner_idx" ON "ledger_entries" USING btree ("partner_user_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_open_partner_unique" ON "payout_items" USING btree ("partner_user_id") WHERE "payout_items"."open";--> statement-breakpoint
CREATE INDEX "payout_items_payout_idx" ON "payout_items" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_items_partner_idx" ON "payout_items" USING btree ("partner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_message_id_unique" ON "payouts" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_api_keys_hash_unique" ON "shop_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_order_id_unique" ON "shop_orders" USING btree ("order_id");