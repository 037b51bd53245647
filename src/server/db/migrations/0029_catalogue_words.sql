CREATE TABLE "catalogue_words" (
	"kind" text NOT NULL,
	"english" text NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_words_kind_english_language_pk" PRIMARY KEY("kind","english","language"),
	CONSTRAINT "catalogue_words_kind_known" CHECK ("catalogue_words"."kind" IN ('category', 'colour', 'size', 'spec', 'value', 'region')),
	CONSTRAINT "catalogue_words_language_known" CHECK ("catalogue_words"."language" IN ('lg', 'sw')),
	CONSTRAINT "catalogue_words_name_given" CHECK (length(btrim("catalogue_words"."name")) > 0)
);
