-- The Sell page's commission table comes from commission_rates: where a store's stored Sell page (published, draft or
-- a version in its history) still has the starting text's hand-written table and example, word for word, they become
-- the {{commission-rates}} line that shows the rates as charged. A table a marketer has changed is left as it is.
CREATE TEMPORARY TABLE "sell_starting_fees" ("language" text PRIMARY KEY, "fees" text NOT NULL);--> statement-breakpoint
INSERT INTO "sell_starting_fees" ("language", "fees") VALUES
('en', $table$| Category | Commission |
|---|---|
| Phones, tablets and electronics | 5% |
| Computers and accessories | 6% |
| Groceries and supermarket items | 5% |
| Home, kitchen and furniture | 8% |
| Fashion, shoes and bags | 10% |
| Health and beauty | 10% |
| Everything else | 8% |

Example: you sell a pair of shoes for UGX 80,000. The commission is 10%, so UGX 8,000. You receive UGX 72,000 on your mobile money or bank account. If the buyer returns the shoes within 7 days, no commission is charged and no payout is made for that item.$table$),
('lg', $table$| Ekika | Kamisoni |
|---|---|
| Essimu, tablet n'ebyuma by'amasannyalaze | 5% |
| Kompyuta n'ebizikozesebwa | 6% |
| Emmere n'ebintu bya supamaketi | 5% |
| Eby'awaka, eby'omu ffumbiro n'entebe n'emmeeza | 8% |
| Emisono, engatto n'ensawo | 10% |
| Obulamu n'okwewunda | 10% |
| Ebirala byonna | 8% |

Okugeza: otunda engatto ku UGX 80,000. Kamisoni eri 10%, kwe kugamba UGX 8,000. Ofuna UGX 72,000 ku mobile money oba ku akawunti yo eya bbanka. Omuguzi bw'azzaayo engatto mu nnaku 7, tewali kamisoni era tewali ssente z'ofuna ku kintu ekyo.$table$),
('sw', $table$| Aina | Kamisheni |
|---|---|
| Simu, tablet na vifaa vya umeme | 5% |
| Kompyuta na vifaa vyake | 6% |
| Vyakula na bidhaa za supamaketi | 5% |
| Nyumba, jikoni na samani | 8% |
| Mitindo, viatu na mikoba | 10% |
| Afya na urembo | 10% |
| Vinginevyo vyote | 8% |

Mfano: unauza jozi ya viatu kwa UGX 80,000. Kamisheni ni 10%, yaani UGX 8,000. Unapokea UGX 72,000 kwenye mobile money au akaunti yako ya benki. Mnunuzi akirudisha viatu ndani ya siku 7, hakuna kamisheni na hakuna malipo kwa bidhaa hiyo.$table$);--> statement-breakpoint
UPDATE "content_documents" AS "page" SET
  "published" = CASE WHEN strpos("page"."published"->>'body', "old"."fees") > 0
    THEN jsonb_set("page"."published", '{body}', to_jsonb(replace("page"."published"->>'body', "old"."fees", '{{commission-rates}}')))
    ELSE "page"."published" END,
  "draft" = CASE WHEN strpos("page"."draft"->>'body', "old"."fees") > 0
    THEN jsonb_set("page"."draft", '{body}', to_jsonb(replace("page"."draft"->>'body', "old"."fees", '{{commission-rates}}')))
    ELSE "page"."draft" END
FROM "sell_starting_fees" AS "old"
WHERE "page"."key" = 'sell' AND "page"."language" = "old"."language";--> statement-breakpoint
UPDATE "content_versions" AS "version"
SET "content" = jsonb_set("version"."content", '{body}', to_jsonb(replace("version"."content"->>'body', "old"."fees", '{{commission-rates}}')))
FROM "sell_starting_fees" AS "old"
WHERE "version"."key" = 'sell' AND "version"."language" = "old"."language" AND strpos("version"."content"->>'body', "old"."fees") > 0;--> statement-breakpoint
DROP TABLE "sell_starting_fees";
