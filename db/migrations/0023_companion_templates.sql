PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_companion_chunks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`course_id` integer,
	`lesson_id` integer,
	`section_id` integer,
	`section_number` integer,
	`article_id` integer,
	`template_id` integer,
	`title` text NOT NULL,
	`heading` text,
	`body` text NOT NULL,
	`start_seconds` integer,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `content_sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `knowledge_base_articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `tool_templates`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "companion_chunks_kind" CHECK(kind in ('lesson', 'article', 'template'))
);
--> statement-breakpoint
-- Tools & templates join the companion's library (issue 40). The passages are
-- not copied: the library is emptied here and rebuilt at the next start
-- (libraryNeedsBuilding), so the templates are indexed with everything else
-- (and the lessons' transcript passages of 0022 come back with their start_seconds).
INSERT INTO companion_fts(companion_fts) VALUES ('delete-all');--> statement-breakpoint
DROP TABLE `companion_chunks`;--> statement-breakpoint
ALTER TABLE `__new_companion_chunks` RENAME TO `companion_chunks`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `companion_chunks_lesson` ON `companion_chunks` (`lesson_id`);--> statement-breakpoint
CREATE INDEX `companion_chunks_article` ON `companion_chunks` (`article_id`);--> statement-breakpoint
CREATE INDEX `companion_chunks_template` ON `companion_chunks` (`template_id`);--> statement-breakpoint
-- Dropping the old table dropped the triggers that keep companion_fts in step (as in 0002).
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
