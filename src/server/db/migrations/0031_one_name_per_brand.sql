-- One name per brand (src/lib/brands.ts): a Brand written as a known maker with its product line or company word
-- ("Samsung Galaxy", "Tecno Mobile") or in another case ("SAMSUNG") becomes the maker's name, so the brand
-- filter offers one "Samsung". New writes are normalized by the catalogue (product-input.ts); this does it once for
-- the rows written before. The makers and their lines are those of brands.ts when this was written
-- (tests/unit/brands.test.ts holds the two to the same answers). Product names, and updated_at, stay as they are.
WITH makers(maker, lines) AS (
  VALUES
    ('Samsung', ARRAY['galaxy']::text[]),
    ('Apple', ARRAY['iphone', 'ipad', 'macbook', 'imac', 'airpods', 'watch']::text[]),
    ('Tecno', ARRAY['spark', 'camon', 'pova', 'phantom', 'pop']::text[]),
    ('Infinix', ARRAY['hot', 'note', 'smart', 'zero', 'gt']::text[]),
    ('itel', ARRAY[]::text[]),
    ('Xiaomi', ARRAY['redmi', 'poco', 'mi']::text[]),
    ('Huawei', ARRAY['mate', 'nova', 'matepad']::text[]),
    ('Oppo', ARRAY['reno', 'find']::text[]),
    ('Nokia', ARRAY[]::text[]),
    ('Google', ARRAY['pixel']::text[]),
    ('Anker', ARRAY['soundcore']::text[]),
    ('Oraimo', ARRAY[]::text[]),
    ('Philips', ARRAY['avent']::text[]),
    ('Azam', ARRAY['tv']::text[]),
    ('HP', ARRAY['pavilion', 'elitebook', 'probook', 'envy', 'omen', 'victus']::text[]),
    ('Lenovo', ARRAY['thinkpad', 'ideapad', 'legion', 'yoga', 'tab']::text[]),
    ('Dell', ARRAY['inspiron', 'latitude', 'vostro', 'xps']::text[]),
    ('Hisense', ARRAY[]::text[]),
    ('LG', ARRAY[]::text[]),
    ('Sony', ARRAY['playstation', 'bravia']::text[]),
    ('TCL', ARRAY[]::text[]),
    ('JBL', ARRAY[]::text[])
),
company(words) AS (
  SELECT ARRAY['electronics', 'mobile', 'mobiles', 'uganda', 'ltd', 'limited', 'inc', 'co', 'company', 'group', 'official']::text[]
),
renamed AS (
  SELECT products.id, attribute.position, makers.maker
  FROM products
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(products.attributes) = 'array' THEN products.attributes ELSE '[]'::jsonb END)
    WITH ORDINALITY AS attribute(value, position)
  CROSS JOIN LATERAL regexp_split_to_array(lower(trim(attribute.value->>'value')), '\s+') AS written(words)
  JOIN makers ON lower(makers.maker) = written.words[1]
  CROSS JOIN company
  WHERE attribute.value->>'name' = 'Brand'
    AND written.words[2:] <@ (makers.lines || company.words)
    AND attribute.value->>'value' <> makers.maker
)
UPDATE products SET attributes = (
  SELECT jsonb_agg(
    CASE WHEN renamed.maker IS NULL THEN attribute.value ELSE jsonb_set(attribute.value, '{value}', to_jsonb(renamed.maker)) END
    ORDER BY attribute.position)
  FROM jsonb_array_elements(products.attributes) WITH ORDINALITY AS attribute(value, position)
  LEFT JOIN renamed ON renamed.id = products.id AND renamed.position = attribute.position
)
WHERE products.id IN (SELECT id FROM renamed);
