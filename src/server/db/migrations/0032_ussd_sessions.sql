CREATE TABLE "ussd_numbers" (
	"phone" text PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ussd_numbers_language_known" CHECK ("ussd_numbers"."language" IN ('en', 'lg', 'sw'))
);
--> statement-breakpoint
CREATE TABLE "ussd_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"service_code" text DEFAULT '' NOT NULL,
	"network_code" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"state" jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"last_text" text DEFAULT '' NOT NULL,
	"last_reply" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"order_id" integer,
	"end_status" text DEFAULT '' NOT NULL,
	"duration_seconds" integer,
	"cost" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ussd_sessions_language_known" CHECK ("ussd_sessions"."language" IN ('en', 'lg', 'sw')),
	CONSTRAINT "ussd_sessions_status_known" CHECK ("ussd_sessions"."status" IN ('open', 'ended', 'resumed', 'dropped'))
);
--> statement-breakpoint
CREATE INDEX "ussd_sessions_phone_idx" ON "ussd_sessions" USING btree ("phone","updated_at");--> statement-breakpoint
CREATE INDEX "ussd_sessions_updated_idx" ON "ussd_sessions" USING btree ("updated_at");