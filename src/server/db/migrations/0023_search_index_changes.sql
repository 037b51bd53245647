CREATE TABLE "product_search_removals" (
	"product_id" integer,
	"changed" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "changed" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_removals_changed_idx" ON "product_search_removals" USING btree ("changed");--> statement-breakpoint
CREATE INDEX "product_search_changed_idx" ON "product_search" USING btree ("changed");--> statement-breakpoint
-- Each instance keeps product search in memory (src/server/search/search-index.ts) and, before answering,
-- reads only the rows written since it last looked: every write stamps its transaction on the row, and a
-- deleted row (or an emptied table) leaves a line in product_search_removals. Hand-written: the triggers.
--> statement-breakpoint
CREATE FUNCTION product_search_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed := pg_current_xact_id();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_search_stamp BEFORE INSERT OR UPDATE ON product_search
  FOR EACH ROW EXECUTE FUNCTION product_search_stamp();
--> statement-breakpoint
CREATE FUNCTION product_search_note_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO product_search_removals (product_id) VALUES (NULL);
  ELSE
    INSERT INTO product_search_removals (product_id) VALUES (OLD.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_search_note_removal AFTER DELETE ON product_search
  FOR EACH ROW EXECUTE FUNCTION product_search_note_removal();
--> statement-breakpoint
CREATE TRIGGER product_search_note_truncate AFTER TRUNCATE ON product_search
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_note_removal();
