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
--> statement-breakpoint

-- The companion's library version: a number every statement that writes
-- passages moves, in its own transaction (a sequence would move before the
-- commit, and a reader could keep the old vocabulary under the new number).
-- The companion reads its index's vocabulary (ts_stat) again when it moves;
-- counting 10,000 passages on each question instead costs milliseconds.
CREATE TABLE "companion_library_version" ("version" bigint NOT NULL);--> statement-breakpoint
INSERT INTO "companion_library_version" ("version") VALUES (0);--> statement-breakpoint
CREATE FUNCTION "companion_library_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "companion_library_version" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companion_library_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companion_chunks"
  FOR EACH STATEMENT EXECUTE FUNCTION "companion_library_changed"();
