-- Only the product's most specific category goes into its search document: a parent's name
-- ("Phones & Tablets") made every phone match "tablet".
CREATE OR REPLACE FUNCTION products_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('simple',
      coalesce((SELECT string_agg(keyword, ' ') FROM jsonb_array_elements_text(NEW.keywords) AS keyword), '') || ' ' ||
      replace(coalesce(NEW.tags, ''), ',', ' ') || ' ' ||
      coalesce((SELECT c.category FROM categories c WHERE c.id = coalesce(NEW.sub_category, NEW.category)), '')
    ), 'B') ||
    setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'C');
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE products SET name = name;
--> statement-breakpoint
-- The vocabulary and suggestions are derived from the documents: emptied here, rebuilt at start-up.
TRUNCATE search_terms, search_suggestions;
