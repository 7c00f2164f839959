-- Counts kept by triggers, as SQLite's migrations 0011 (kb_article_counts) and
-- 0012 (forum_categories.topic_count) keep them (issue 15): listings read a
-- count instead of counting rows per request. Same trigger names as on SQLite
-- (tests/integration/schema-catalogs.test.ts compares them). Full-text search
-- (SQLite's FTS5 tables and their triggers) is not here: it is PostgreSQL's own
-- (tsvector, pg_trgm), added with the search modules.
CREATE FUNCTION "kb_article_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "kb_article_counts" SET "n" = "n" - 1
      WHERE "is_published" = OLD."is_published" AND "category" = OLD."category";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "kb_article_counts" ("is_published", "category", "n") VALUES (NEW."is_published", NEW."category", 1)
      ON CONFLICT ("is_published", "category") DO UPDATE SET "n" = "kb_article_counts"."n" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "kb_article_counts_after_insert" AFTER INSERT ON "knowledge_base_articles"
  FOR EACH ROW EXECUTE FUNCTION "kb_article_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "kb_article_counts_after_delete" AFTER DELETE ON "knowledge_base_articles"
  FOR EACH ROW EXECUTE FUNCTION "kb_article_counts_follow"();
--> statement-breakpoint
-- Only a change of state or category moves an article between counts (a view counted does not).
CREATE TRIGGER "kb_article_counts_after_update" AFTER UPDATE OF "is_published", "category" ON "knowledge_base_articles"
  FOR EACH ROW WHEN (OLD."is_published" IS DISTINCT FROM NEW."is_published" OR OLD."category" IS DISTINCT FROM NEW."category")
  EXECUTE FUNCTION "kb_article_counts_follow"();
--> statement-breakpoint
CREATE FUNCTION "forum_topic_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "forum_categories" SET "topic_count" = "topic_count" - 1 WHERE "id" = OLD."category_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "forum_categories" SET "topic_count" = "topic_count" + 1 WHERE "id" = NEW."category_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "forum_topic_counts_after_insert" AFTER INSERT ON "forum_topics"
  FOR EACH ROW EXECUTE FUNCTION "forum_topic_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "forum_topic_counts_after_delete" AFTER DELETE ON "forum_topics"
  FOR EACH ROW EXECUTE FUNCTION "forum_topic_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "forum_topic_counts_after_move" AFTER UPDATE OF "category_id" ON "forum_topics"
  FOR EACH ROW WHEN (OLD."category_id" IS DISTINCT FROM NEW."category_id")
  EXECUTE FUNCTION "forum_topic_counts_follow"();
