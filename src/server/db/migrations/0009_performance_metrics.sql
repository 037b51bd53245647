CREATE TABLE "performance_metrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"rating" text DEFAULT '' NOT NULL,
	"page" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"agent" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "performance_metrics_created_idx" ON "performance_metrics" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "performance_metrics_kind_idx" ON "performance_metrics" USING btree ("kind");