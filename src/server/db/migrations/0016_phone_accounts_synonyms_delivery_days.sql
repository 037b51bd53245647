CREATE TABLE "phone_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_codes_purpose_known" CHECK ("phone_codes"."purpose" IN ('login', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"means" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_language_known" CHECK ("search_synonyms"."language" IN ('en', 'lg', 'sw'))
);
--> statement-breakpoint
DROP INDEX "users_email_idx";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "delivery_locations" ADD COLUMN "delivery_days_min" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_locations" ADD COLUMN "delivery_days_max" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_phone" text;--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_term_idx" ON "search_synonyms" USING btree ("term");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_phone_idx" ON "users" USING btree ("login_phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree (lower("email")) WHERE "users"."email" <> '';--> statement-breakpoint
UPDATE "delivery_locations" SET "delivery_days_min" = CASE "region" WHEN 'Kampala' THEN 1 WHEN 'Wakiso' THEN 1 WHEN 'Central' THEN 2 WHEN 'Eastern' THEN 2 ELSE 3 END, "delivery_days_max" = CASE "region" WHEN 'Kampala' THEN 2 WHEN 'Wakiso' THEN 2 WHEN 'Central' THEN 3 WHEN 'Eastern' THEN 4 ELSE 5 END;
