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
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_net_adds_up" CHECK ("vendor_earnings"."net" = "vendor_earnings"."gross" - "vendor_earnings"."commission" OR "vendor_earnings"."kind" IN ('payout', 'payout_returned', 'settlement'));