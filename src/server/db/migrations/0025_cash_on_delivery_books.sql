CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'UGX' NOT NULL,
	"method" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"merchant_reference" text NOT NULL,
	"gateway_reference" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"failure_reason" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"checked_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_amount_positive" CHECK ("settlements"."amount" > 0),
	CONSTRAINT "settlements_status_known" CHECK ("settlements"."status" IN ('PENDING', 'COMPLETED', 'FAILED')),
	CONSTRAINT "settlements_method_known" CHECK ("settlements"."method" IN ('mtn_momo', 'airtel_money', 'hand'))
);
--> statement-breakpoint
ALTER TABLE "vendor_earnings" DROP CONSTRAINT "vendor_earnings_kind_known";--> statement-breakpoint
ALTER TABLE "vendor_earnings" DROP CONSTRAINT "vendor_earnings_net_adds_up";--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "handover_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "handover_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "handover_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "confirmed_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "dispute" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD COLUMN "settlement_id" integer;--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD COLUMN "reverses_id" integer;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_merchant_reference_idx" ON "settlements" USING btree ("merchant_reference");--> statement-breakpoint
CREATE INDEX "settlements_vendor_idx" ON "settlements" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "settlements_pending_idx" ON "settlements" USING btree ("id") WHERE "settlements"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_reverses_id_vendor_earnings_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."vendor_earnings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_parts_open_disputes_idx" ON "order_parts" USING btree ("disputed_at") WHERE "order_parts"."dispute" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_earnings_cash_once_idx" ON "vendor_earnings" USING btree ("part_id") WHERE "vendor_earnings"."kind" = 'cash_collected';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_earnings_reversal_once_idx" ON "vendor_earnings" USING btree ("reverses_id") WHERE "vendor_earnings"."kind" = 'reversal';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_earnings_settlement_once_idx" ON "vendor_earnings" USING btree ("settlement_id") WHERE "vendor_earnings"."kind" = 'settlement';--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_confirmed_by_known" CHECK ("order_parts"."confirmed_by" IN ('', 'code', 'buyer', 'administrator'));--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_dispute_known" CHECK ("order_parts"."dispute" IN ('', 'open', 'delivered', 'not_delivered'));--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_kind_known" CHECK ("vendor_earnings"."kind" IN ('sale', 'cash_collected', 'return', 'reversal', 'payout', 'payout_returned', 'settlement'));--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_net_adds_up" CHECK ("vendor_earnings"."net" = "vendor_earnings"."gross" - "vendor_earnings"."commission" OR "vendor_earnings"."kind" IN ('payout', 'payout_returned', 'settlement'));--> statement-breakpoint
-- Hand-written: parts paid on delivery and delivered before the books knew who holds the cash. Each one's rider
-- collected its price (the delivery fee with the order's first part delivered), as payments/ledger.ts and
-- payouts/earnings.ts now record at delivery: the vendor's ledger gets its cash_collected line beside the part's
-- sales (parts delivered before the ledger have no sales, and no cash line either: their vendor was never credited),
-- the payment keeps what was collected, and an order with nothing left to deliver is paid.
CREATE TEMP TABLE "cod_collections" AS
  SELECT p."id" AS "part_id", p."order_id", p."vendor_id",
    (SELECT coalesce(sum(i."subtotal"), 0) FROM "order_items" i WHERE i."part_id" = p."id")
      + CASE WHEN row_number() OVER (PARTITION BY p."order_id" ORDER BY coalesce(p."delivered_at", p."updated_at"), p."id") = 1 THEN o."delivery_fee" ELSE 0 END AS "amount"
  FROM "order_parts" p
  JOIN "orders" o ON o."id" = p."order_id"
  WHERE p."status" = 'delivered' AND o."payment_status" = 'PAY_ON_DELIVERY';--> statement-breakpoint
INSERT INTO "vendor_earnings" ("vendor_id", "kind", "order_id", "part_id", "gross", "commission", "net", "available_at")
  SELECT c."vendor_id", 'cash_collected', c."order_id", c."part_id", -c."amount", 0, -c."amount",
    (SELECT min(e."available_at") FROM "vendor_earnings" e WHERE e."part_id" = c."part_id" AND e."kind" = 'sale')
  FROM "cod_collections" c
  WHERE c."vendor_id" IS NOT NULL AND c."amount" > 0
    AND EXISTS (SELECT 1 FROM "vendor_earnings" e WHERE e."part_id" = c."part_id" AND e."kind" = 'sale');--> statement-breakpoint
CREATE TEMP TABLE "cod_attempts" AS
  SELECT DISTINCT ON (pay."order_id") pay."id", pay."order_id"
  FROM "payments" pay
  WHERE pay."order_id" IN (SELECT "order_id" FROM "cod_collections")
  ORDER BY pay."order_id", pay."id" DESC;--> statement-breakpoint
DELETE FROM "cod_attempts" a USING "payments" pay
  WHERE pay."id" = a."id" AND NOT (pay."gateway" = 'cash_on_delivery' AND pay."status" = 'PAY_ON_DELIVERY');--> statement-breakpoint
UPDATE "payments" pay SET "details" = pay."details" || jsonb_build_object('collected', (
    SELECT jsonb_agg(jsonb_build_object('part_id', c."part_id", 'vendor_id', c."vendor_id", 'amount', c."amount",
      'by', CASE WHEN c."vendor_id" IS NULL THEN 'store' ELSE 'vendor' END) ORDER BY c."part_id")
    FROM "cod_collections" c WHERE c."order_id" = pay."order_id"))
  FROM "cod_attempts" a WHERE a."id" = pay."id";--> statement-breakpoint
-- Orders with no part left to deliver are paid: their attempt is COMPLETED for what was collected.
DELETE FROM "cod_attempts" a
  WHERE EXISTS (SELECT 1 FROM "order_parts" p WHERE p."order_id" = a."order_id" AND p."status" NOT IN ('delivered', 'cancelled'));--> statement-breakpoint
INSERT INTO "payment_events" ("payment_id", "order_id", "source", "reported", "status_before", "status_after", "outcome", "details")
  SELECT a."id", a."order_id", 'cash on delivery', 'COMPLETED', 'PAY_ON_DELIVERY', 'COMPLETED', 'applied', '{"migrated": true}'::jsonb
  FROM "cod_attempts" a;--> statement-breakpoint
UPDATE "payments" pay SET "status" = 'COMPLETED', "updated_at" = now(),
    "amount" = (SELECT coalesce(sum(c."amount"), 0) FROM "cod_collections" c WHERE c."order_id" = pay."order_id"),
    "details" = pay."details" || jsonb_build_object('collected_amount', (SELECT coalesce(sum(c."amount"), 0) FROM "cod_collections" c WHERE c."order_id" = pay."order_id"))
  FROM "cod_attempts" a WHERE a."id" = pay."id";--> statement-breakpoint
INSERT INTO "refunds" ("order_id", "payment_id", "amount", "reason", "return_id", "status", "note")
  SELECT r."order_id", a."id", r."amount", 'returned', r."id", 'refunded', 'paid back by hand before all the cash was collected'
  FROM "returns" r JOIN "cod_attempts" a ON a."order_id" = r."order_id"
  WHERE r."status" = 'refunded' AND NOT EXISTS (SELECT 1 FROM "refunds" f WHERE f."return_id" = r."id");--> statement-breakpoint
UPDATE "orders" o SET "payment_status" = 'COMPLETED' FROM "cod_attempts" a WHERE a."order_id" = o."id";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "values")
  SELECT a."order_id", 'payment', '{"status": "COMPLETED"}'::jsonb FROM "cod_attempts" a;--> statement-breakpoint
DROP TABLE "cod_attempts";--> statement-breakpoint
DROP TABLE "cod_collections";
