-- Product search moves to its own narrow table (one row per product), so counting and ranking many
-- matches reads small rows instead of wide product rows. Hand-written parts: triggers and backfill.
DROP TRIGGER products_search_document ON products;
--> statement-breakpoint
DROP FUNCTION products_search_document();
--> statement-breakpoint
DROP TRIGGER categories_refresh_product_search ON categories;
--> statement-breakpoint
DROP FUNCTION categories_refresh_product_search();
--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"document" "tsvector" NOT NULL,
	"search_name" text NOT NULL,
	"name_document" "tsvector" NOT NULL,
	"items_sold" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin ("document") WHERE "product_search"."active";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "name_vector";
--> statement-breakpoint
-- The words of a product: name, keywords, tags, its most specific category and description. Lexemes only
-- (strip): ranking reads search_name and name_document, so positions and weights would only add bytes.
CREATE FUNCTION product_search_document(p products) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT strip(to_tsvector('simple', concat_ws(' ',
    p.name,
    (SELECT string_agg(keyword, ' ') FROM jsonb_array_elements_text(p.keywords) AS keyword),
    replace(p.tags, ',', ' '),
    (SELECT c.category FROM categories c WHERE c.id = coalesce(p.sub_category, p.category)),
    p.description)))
$$;
--> statement-breakpoint
CREATE FUNCTION products_refresh_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An order or a status change does not change the words: update just what it touches.
  IF TG_OP = 'UPDATE'
     AND (NEW.name, NEW.keywords, NEW.tags, NEW.description, NEW.category, NEW.sub_category)
         IS NOT DISTINCT FROM (OLD.name, OLD.keywords, OLD.tags, OLD.description, OLD.category, OLD.sub_category) THEN
    UPDATE product_search
      SET active = (NEW.status = 1 AND NEW.deleted_at IS NULL), items_sold = NEW.items_sold
      WHERE product_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO product_search (product_id, active, document, search_name, name_document, items_sold)
  VALUES (
    NEW.id,
    NEW.status = 1 AND NEW.deleted_at IS NULL,
    product_search_document(NEW),
    btrim(lower(regexp_replace(NEW.name, '[^[:alnum:]]+', ' ', 'g'))),
    to_tsvector('simple', NEW.name),
    NEW.items_sold)
  ON CONFLICT (product_id) DO UPDATE SET
    active = EXCLUDED.active,
    document = EXCLUDED.document,
    search_name = EXCLUDED.search_name,
    name_document = EXCLUDED.name_document,
    items_sold = EXCLUDED.items_sold;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_refresh_search
  AFTER INSERT OR UPDATE OF name, keywords, tags, description, category, sub_category, status, deleted_at, items_sold ON products
  FOR EACH ROW EXECUTE FUNCTION products_refresh_search();
--> statement-breakpoint
CREATE FUNCTION categories_refresh_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search s SET document = product_search_document(p)
    FROM products p
    WHERE p.id = s.product_id AND (p.category = NEW.id OR p.sub_category = NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_refresh_product_search
  AFTER UPDATE OF category ON categories
  FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category)
  EXECUTE FUNCTION categories_refresh_product_search();
--> statement-breakpoint
INSERT INTO product_search (product_id, active, document, search_name, name_document, items_sold)
SELECT p.id, p.status = 1 AND p.deleted_at IS NULL, product_search_document(p),
  btrim(lower(regexp_replace(p.name, '[^[:alnum:]]+', ' ', 'g'))), to_tsvector('simple', p.name), p.items_sold
FROM products p;
--> statement-breakpoint
-- Derived from the documents: emptied here, rebuilt at start-up.
TRUNCATE search_terms, search_suggestions;
