-- The word indexes of 0002 with a text search configuration of the academy's
-- own, `academy_english` (docs/decisions/031): the 'english' configuration's
-- Snowball stems, without its stop-word list, and without accents. 'english'
-- leaves out "over", "out", "all", "again"…, so a question holding one asked
-- for a word the library seemed not to have (and a search for "the" found
-- nothing); SQLite's Porter tokenizer (porter unicode61 remove_diacritics 2)
-- keeps every word and folds accents, and both engines should read the same
-- text the same way. unaccent is a trusted extension, like pg_trgm.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH DICTIONARY "academy_english_stem" (TEMPLATE = snowball, LANGUAGE = english);--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "academy_english" (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "academy_english"
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, "academy_english_stem";--> statement-breakpoint

-- A generated column's expression cannot change before PostgreSQL 17: dropped (with its index) and added again.
ALTER TABLE "companion_chunks" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "companion_chunks" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('academy_english', "title"), 'A')
  || setweight(to_tsvector('academy_english', coalesce("heading", '')), 'B')
  || setweight(to_tsvector('academy_english', "body"), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "companion_chunks_search" ON "companion_chunks" USING gin ("search");--> statement-breakpoint

ALTER TABLE "knowledge_base_articles" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "knowledge_base_articles" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('academy_english', "title"), 'A')
  || setweight(to_tsvector('academy_english', "summary"), 'B')
  || setweight(to_tsvector('academy_english', "content"), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "knowledge_base_articles_search" ON "knowledge_base_articles" USING gin ("search");
