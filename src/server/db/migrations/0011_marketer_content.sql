CREATE TABLE "content_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"published" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_number" integer DEFAULT 1 NOT NULL,
	"draft" jsonb,
	"draft_saved_at" timestamp with time zone,
	"draft_saved_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_by" integer,
	"published_by_name" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"restored_from" integer
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketer" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_draft_saved_by_users_id_fk" FOREIGN KEY ("draft_saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_key_content_documents_key_fk" FOREIGN KEY ("key") REFERENCES "public"."content_documents"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_key_number_idx" ON "content_versions" USING btree ("key","number");