-- Full-text search on PostgreSQL (issue 43; docs/decisions/031): what SQLite's
-- FTS5 tables of migrations 0001, 0002, 0013 and 0023 do, in PostgreSQL's own
-- terms. Each searched table gets a stored generated `search` tsvector (the
-- 'english' configuration: Snowball stems, weights A/B/C for its title, its
-- second field and its text) with a GIN index; PostgreSQL keeps the column in
-- step with the row, so no trigger is needed. Not in db/schema.ts: the models
-- read it only through the search modules (*.pg.server.ts), and the catalog
-- comparison (tests/integration/schema-catalogs.test.ts) leaves it out by name.

-- The study companion's passages: title over section heading over text (bm25 8, 4, 1 on SQLite).
ALTER TABLE "companion_chunks" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title"), 'A')
  || setweight(to_tsvector('english', coalesce("heading", '')), 'B')
  || setweight(to_tsvector('english', "body"), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "companion_chunks_search" ON "companion_chunks" USING gin ("search");--> statement-breakpoint

-- Knowledge-base articles, word forms ("pricing" finds "price"): title over summary over body (bm25 10, 4, 1 on SQLite).
ALTER TABLE "knowledge_base_articles" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title"), 'A')
  || setweight(to_tsvector('english', "summary"), 'B')
  || setweight(to_tsvector('english', "content"), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "knowledge_base_articles_search" ON "knowledge_base_articles" USING gin ("search");--> statement-breakpoint

-- Knowledge-base articles, what was typed even inside a word ("abit" finds
-- "Habit"), as SQLite's trigram FTS5 table: pg_trgm's GIN index serves ILIKE
-- '%fragment%' on the three fields joined by a space (a typed term holds no
-- space, so it never matches across two fields). Queries repeat this expression.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "knowledge_base_articles_trigrams" ON "knowledge_base_articles"
  USING gin (("title" || ' ' || "summary" || ' ' || "content") gin_trgm_ops);
