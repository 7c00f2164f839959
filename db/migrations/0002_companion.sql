CREATE TABLE `companion_chunks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`course_id` integer,
	`lesson_id` integer,
	`section_id` integer,
	`section_number` integer,
	`article_id` integer,
	`title` text NOT NULL,
	`heading` text,
	`body` text NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `content_sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `knowledge_base_articles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "companion_chunks_kind" CHECK(kind in ('lesson', 'article'))
);
--> statement-breakpoint
CREATE INDEX `companion_chunks_lesson` ON `companion_chunks` (`lesson_id`);--> statement-breakpoint
CREATE INDEX `companion_chunks_article` ON `companion_chunks` (`article_id`);--> statement-breakpoint
CREATE TABLE `companion_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`mode` text NOT NULL,
	`model` text,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`latency_ms` integer DEFAULT 0 NOT NULL,
	`outcome` text NOT NULL,
	`cited_chunk_ids` text DEFAULT '[]' NOT NULL,
	`question` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "companion_usage_mode" CHECK(mode in ('provider', 'offline')),
	CONSTRAINT "companion_usage_outcome" CHECK(outcome in ('answered', 'no_answer', 'refused', 'fallback', 'stopped', 'error'))
);
--> statement-breakpoint
CREATE INDEX `companion_usage_user_time` ON `companion_usage` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `companion_usage_time` ON `companion_usage` (`created_at`);--> statement-breakpoint
ALTER TABLE `chat_messages` ADD `sources` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- The companion's full-text index over companion_chunks (external content,
-- kept in step by triggers). Word tokens with Porter stemming, so "grounding"
-- finds "ground" and "grounded": questions are words, not fragments.
CREATE VIRTUAL TABLE `companion_fts` USING fts5(
  title,
  heading,
  body,
  content='companion_chunks',
  content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `companion_fts_after_insert` AFTER INSERT ON `companion_chunks` BEGIN
  INSERT INTO companion_fts(rowid, title, heading, body) VALUES (new.id, new.title, coalesce(new.heading, ''), new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `companion_fts_after_delete` AFTER DELETE ON `companion_chunks` BEGIN
  INSERT INTO companion_fts(companion_fts, rowid, title, heading, body) VALUES ('delete', old.id, old.title, coalesce(old.heading, ''), old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `companion_fts_after_update` AFTER UPDATE ON `companion_chunks` BEGIN
  INSERT INTO companion_fts(companion_fts, rowid, title, heading, body) VALUES ('delete', old.id, old.title, coalesce(old.heading, ''), old.body);
  INSERT INTO companion_fts(rowid, title, heading, body) VALUES (new.id, new.title, coalesce(new.heading, ''), new.body);
END;
