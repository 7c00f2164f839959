-- Full-text search over knowledge-base articles. An external-content FTS5
-- table (the text lives once, in knowledge_base_articles) kept in step by
-- triggers. The trigram tokenizer matches any fragment of three or more
-- characters, case- and accent-insensitively, so "board" finds "onboarding"
-- as the spec's substring search did.
CREATE VIRTUAL TABLE `knowledge_base_fts` USING fts5(
  title,
  summary,
  content,
  content='knowledge_base_articles',
  content_rowid='id',
  tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
CREATE TRIGGER `knowledge_base_fts_after_insert` AFTER INSERT ON `knowledge_base_articles` BEGIN
  INSERT INTO knowledge_base_fts(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_base_fts_after_delete` AFTER DELETE ON `knowledge_base_articles` BEGIN
  INSERT INTO knowledge_base_fts(knowledge_base_fts, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
END;
--> statement-breakpoint
-- Only text changes touch the index: a view counted is not a reason to re-tokenise.
CREATE TRIGGER `knowledge_base_fts_after_update` AFTER UPDATE OF title, summary, content ON `knowledge_base_articles` BEGIN
  INSERT INTO knowledge_base_fts(knowledge_base_fts, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
  INSERT INTO knowledge_base_fts(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
INSERT INTO knowledge_base_fts(knowledge_base_fts) VALUES ('rebuild');
