ALTER TABLE "content_versions" DROP CONSTRAINT "content_versions_key_content_documents_key_fk";
--> statement-breakpoint
DROP INDEX "content_versions_key_number_idx";--> statement-breakpoint
ALTER TABLE "content_documents" DROP CONSTRAINT "content_documents_pkey";--> statement-breakpoint
ALTER TABLE "content_documents" ALTER COLUMN "published" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_documents" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_documents" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_versions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_key_language_pk" PRIMARY KEY("key","language");--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_key_language_content_documents_key_language_fk" FOREIGN KEY ("key","language") REFERENCES "public"."content_documents"("key","language") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_key_language_number_idx" ON "content_versions" USING btree ("key","language","number");--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_published_whole" CHECK (("content_documents"."published" IS NULL) = ("content_documents"."published_at" IS NULL) AND ("content_documents"."published" IS NOT NULL OR "content_documents"."language" <> 'en'));
