-- Each product's full-text document, weighted: name (A); keywords, tags and category names (B);
-- description (C). A trigger keeps it current on every write, whoever writes, and a category rename
-- refreshes the products filed under it.
CREATE OR REPLACE FUNCTION products_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('simple',
      coalesce((SELECT string_agg(keyword, ' ') FROM jsonb_array_elements_text(NEW.keywords) AS keyword), '') || ' ' ||
      replace(coalesce(NEW.tags, ''), ',', ' ') || ' ' ||
      coalesce((SELECT string_agg(c.category, ' ') FROM categories c WHERE c.id IN (NEW.category, NEW.sub_category)), '')
    ), 'B') ||
    setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'C');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_document
  BEFORE INSERT OR UPDATE OF name, keywords, tags, description, category, sub_category ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_document();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_refresh_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET category = category WHERE category = NEW.id OR sub_category = NEW.id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_refresh_product_search
  AFTER UPDATE OF category ON categories
  FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category)
  EXECUTE FUNCTION categories_refresh_product_search();
--> statement-breakpoint
UPDATE products SET name = name WHERE search_vector IS NULL;
