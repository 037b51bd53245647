CREATE TABLE "commission_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer,
	"basis_points" integer NOT NULL,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_range" CHECK ("commission_rates"."basis_points" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"vendor_id" integer PRIMARY KEY NOT NULL,
	"method" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"hold_reason" text DEFAULT '' NOT NULL,
	"held_by" integer,
	"held_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_method_known" CHECK ("payout_accounts"."method" IN ('', 'mtn_momo', 'airtel_money', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payout_id" integer NOT NULL,
	"source" text NOT NULL,
	"reported" text NOT NULL,
	"status_before" text NOT NULL,
	"status_after" text NOT NULL,
	"outcome" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"started_by" integer,
	"payouts" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payout_runs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"run_id" integer,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'UGX' NOT NULL,
	"method" text NOT NULL,
	"destination" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"gateway_reference" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"failure_reason" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_status_known" CHECK ("payouts"."status" IN ('PENDING', 'COMPLETED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "vendor_earnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"part_id" integer,
	"order_item_id" integer,
	"return_id" integer,
	"payout_id" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	"gross" integer DEFAULT 0 NOT NULL,
	"commission" integer DEFAULT 0 NOT NULL,
	"net" integer NOT NULL,
	"basis_points" integer,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_earnings_kind_known" CHECK ("vendor_earnings"."kind" IN ('sale', 'return', 'payout', 'payout_returned')),
	CONSTRAINT "vendor_earnings_net_adds_up" CHECK ("vendor_earnings"."net" = "vendor_earnings"."gross" - "vendor_earnings"."commission" OR "vendor_earnings"."kind" IN ('payout', 'payout_returned'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "commission_basis_points" integer;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_part_id_order_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."order_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_rates_category_idx" ON "commission_rates" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "payout_events_payout_idx" ON "payout_events" USING btree ("payout_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_run_vendor_idx" ON "payouts" USING btree ("run_id","vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_gateway_reference_idx" ON "payouts" USING btree ("gateway_reference") WHERE "payouts"."gateway_reference" <> '';--> statement-breakpoint
CREATE INDEX "payouts_vendor_idx" ON "payouts" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("id") WHERE "payouts"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_earnings_sale_once_idx" ON "vendor_earnings" USING btree ("order_item_id") WHERE "vendor_earnings"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_earnings_return_once_idx" ON "vendor_earnings" USING btree ("return_id","order_item_id") WHERE "vendor_earnings"."kind" = 'return';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_earnings_payout_once_idx" ON "vendor_earnings" USING btree ("payout_id","kind") WHERE "vendor_earnings"."kind" IN ('payout', 'payout_returned');--> statement-breakpoint
CREATE INDEX "vendor_earnings_vendor_available_idx" ON "vendor_earnings" USING btree ("vendor_id","available_at");--> statement-breakpoint
CREATE INDEX "vendor_earnings_vendor_created_idx" ON "vendor_earnings" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_earnings_part_idx" ON "vendor_earnings" USING btree ("part_id");--> statement-breakpoint
-- The Sell page's starting rates: everything else 8%, and the departments it names, where the store has them.
INSERT INTO "commission_rates" ("category_id", "basis_points") VALUES (NULL, 800);--> statement-breakpoint
INSERT INTO "commission_rates" ("category_id", "basis_points")
SELECT "id", CASE "category"
    WHEN 'Phones & Tablets' THEN 500 WHEN 'TVs & Audio' THEN 500 WHEN 'Supermarket' THEN 500
    WHEN 'Computing' THEN 600 WHEN 'Home & Kitchen' THEN 800
    WHEN 'Fashion' THEN 1000 WHEN 'Beauty & Health' THEN 1000 END
FROM "categories"
WHERE "parent_id" IS NULL AND "category" IN ('Phones & Tablets', 'TVs & Audio', 'Supermarket', 'Computing', 'Home & Kitchen', 'Fashion', 'Beauty & Health')
ORDER BY "id";
