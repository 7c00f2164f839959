-- Word forms in knowledge-base search (issue 31: "pricing" found nothing while
-- "price" found the booking article). The trigram index finds what was typed,
-- anywhere inside a word; this second index over the same columns holds Porter
-- stems, as the study companion's does, so "pricing", "prices" and "price" are
-- one word. External content, kept in step by triggers like knowledge_base_fts.
CREATE VIRTUAL TABLE `knowledge_base_words` USING fts5(
  title,
  summary,
  content,
  content='knowledge_base_articles',
  content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `knowledge_base_words_after_insert` AFTER INSERT ON `knowledge_base_articles` BEGIN
  INSERT INTO knowledge_base_words(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_base_words_after_delete` AFTER DELETE ON `knowledge_base_articles` BEGIN
  INSERT INTO knowledge_base_words(knowledge_base_words, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
END;
--> statement-breakpoint
-- Only text changes touch the index: a view counted is not a reason to re-tokenise.
CREATE TRIGGER `knowledge_base_words_after_update` AFTER UPDATE OF title, summary, content ON `knowledge_base_articles` BEGIN
  INSERT INTO knowledge_base_words(knowledge_base_words, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
  INSERT INTO knowledge_base_words(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
-- Articles written before this migration.
INSERT INTO knowledge_base_words(knowledge_base_words) VALUES ('rebuild');
