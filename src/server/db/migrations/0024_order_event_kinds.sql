ALTER TABLE "order_events" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Hand-written: the timeline kept a status code and English words ("part:shipped", "On the way: Kato Traders
-- (Sugar 1 kg, Tea leaves)"). Each entry becomes its kind and the values its words are written with
-- (src/lib/order-events.ts), read back from the code and the words as the store wrote them: the one place that
-- reads the old English. An entry of no known shape leaves its kind empty, and setting it NOT NULL stops the
-- migration rather than lose it.
UPDATE "order_events" SET "kind" = 'order', "values" = jsonb_build_object('status', "status")
  WHERE "status" IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled');--> statement-breakpoint
UPDATE "order_events" SET "kind" = 'store_cancelled', "values" = jsonb_build_object('reason', substr("status", length('cancelled:') + 1))
  WHERE "status" LIKE 'cancelled:%';--> statement-breakpoint
UPDATE "order_events" SET "kind" = 'payment', "values" = jsonb_build_object('status', substr("status", length('payment:') + 1))
  WHERE "status" LIKE 'payment:%';--> statement-breakpoint
-- "<status>: <vendor> (<items>)": the vendor runs to the first " (" (product names have brackets more often
-- than shop names), the items from there to the closing bracket, joined by ", ".
UPDATE "order_events" SET "kind" = 'part', "values" = jsonb_build_object(
    'status', substr("status", length('part:') + 1),
    'vendor', substr(parsed.said, 1, strpos(parsed.said, ' (') - 1),
    'items', to_jsonb(string_to_array(substr(parsed.said, strpos(parsed.said, ' (') + 2, length(parsed.said) - strpos(parsed.said, ' (') - 2), ', ')))
  FROM (SELECT "id", substr("note", strpos("note", ': ') + 2) AS said FROM "order_events" WHERE "status" LIKE 'part:%' AND "note" LIKE '%: % (%)') AS parsed
  WHERE "order_events"."id" = parsed."id";--> statement-breakpoint
-- Lines moved before orders had parts: "<status>: <items>".
UPDATE "order_events" SET "kind" = 'lines', "values" = jsonb_build_object(
    'status', substr("status", length('lines:') + 1),
    'items', to_jsonb(string_to_array(substr("note", strpos("note", ': ') + 2), ', ')))
  WHERE "status" LIKE 'lines:%' AND "note" LIKE '%: %';--> statement-breakpoint
-- "Return requested: 1 × Sugar 1 kg, 2 × Tea leaves": a line starts at each "<number> × ", so a name with a comma stays whole.
UPDATE "order_events" SET "kind" = 'return_requested', "values" = jsonb_build_object('lines', coalesce((
    SELECT jsonb_agg(jsonb_build_object('name', substring(line FROM '^\d+ × (.*)$'), 'quantity', substring(line FROM '^(\d+) × ')::int) ORDER BY at)
    FROM regexp_split_to_table(substr("note", strpos("note", ': ') + 2), ', (?=\d+ × )') WITH ORDINALITY AS lines(line, at)
    WHERE line ~ '^\d+ × '), '[]'::jsonb))
  WHERE "status" = 'return:requested';--> statement-breakpoint
-- "<status> (return #12)".
UPDATE "order_events" SET "kind" = 'return_step', "values" = jsonb_build_object(
    'status', substr("status", length('return:') + 1),
    'return_id', substring("note" FROM '\(return #(\d+)\)$')::int)
  WHERE "status" LIKE 'return:%' AND "status" <> 'return:requested' AND "note" ~ '\(return #\d+\)$';--> statement-breakpoint
-- "Refund due: UGX 12,000", "Refunded: UGX 12,000".
UPDATE "order_events" SET "kind" = CASE "status" WHEN 'refund:due' THEN 'refund_due' ELSE 'refunded' END,
    "values" = jsonb_build_object('amount', replace(substring("note" FROM 'UGX ([\d,]+)'), ',', '')::int)
  WHERE "status" IN ('refund:due', 'refund:refunded') AND "note" ~ 'UGX [\d,]+';--> statement-breakpoint
ALTER TABLE "order_events" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "order_events" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" IN ('order', 'store_cancelled', 'payment', 'part', 'lines', 'return_requested', 'return_step', 'refund_due', 'refunded'));
