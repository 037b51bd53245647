CREATE TABLE "order_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"vendor_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"tracking_note" text DEFAULT '' NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"refund_method" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_amount_positive" CHECK ("returns"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "part_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_part_id_order_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."order_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_parts_order_idx" ON "order_parts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_parts_vendor_idx" ON "order_parts" USING btree ("vendor_id","status");--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_lines_item_idx" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "returns_part_idx" ON "returns" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "returns_user_idx" ON "returns" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_part_id_order_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."order_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_part_idx" ON "order_items" USING btree ("part_id");--> statement-breakpoint
-- Orders placed before parts: one part per vendor, at the least advanced status of its lines (cancelled only
-- when every line is); a delivered part counts as delivered when its order last changed.
INSERT INTO "order_parts" ("order_id", "vendor_id", "status", "delivered_at", "created_at", "updated_at")
SELECT "order_id", "vendor_id", "status", CASE WHEN "status" = 'delivered' THEN "updated_at" END, "created_at", "updated_at"
FROM (
  SELECT "order_items"."order_id", "products"."supplier" AS "vendor_id",
    (array_agg("order_items"."status" ORDER BY array_position(ARRAY['pending', 'processing', 'shipped', 'delivered', 'cancelled'], "order_items"."status")))[1] AS "status",
    min("orders"."created_at") AS "created_at", max("orders"."updated_at") AS "updated_at"
  FROM "order_items"
  JOIN "products" ON "products"."id" = "order_items"."product_id"
  JOIN "orders" ON "orders"."id" = "order_items"."order_id"
  GROUP BY "order_items"."order_id", "products"."supplier"
) AS "grouped";--> statement-breakpoint
UPDATE "order_items" SET "part_id" = "order_parts"."id"
FROM "products", "order_parts"
WHERE "products"."id" = "order_items"."product_id"
  AND "order_parts"."order_id" = "order_items"."order_id"
  AND "order_parts"."vendor_id" IS NOT DISTINCT FROM "products"."supplier";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "part_id" SET NOT NULL;--> statement-breakpoint
-- An order's status now follows its parts: one part delivered while another waits is in progress, not placed.
UPDATE "orders" SET "status" = "derived"."status"
FROM (
  SELECT "order_id",
    CASE
      WHEN count(*) FILTER (WHERE "status" <> 'cancelled') = 0 THEN 'cancelled'
      WHEN count(DISTINCT "status") FILTER (WHERE "status" <> 'cancelled') = 1 THEN min("status") FILTER (WHERE "status" <> 'cancelled')
      WHEN bool_and("status" IN ('shipped', 'delivered')) FILTER (WHERE "status" <> 'cancelled') THEN 'shipped'
      ELSE 'processing'
    END AS "status"
  FROM "order_parts"
  GROUP BY "order_id"
) AS "derived"
WHERE "derived"."order_id" = "orders"."id" AND "orders"."status" <> "derived"."status";--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "status";