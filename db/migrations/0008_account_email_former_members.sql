-- Hand-ordered: migrations run in one transaction with foreign keys ON, where
-- PRAGMA foreign_keys=OFF does nothing. Dropping forum_topics while a table
-- still references it would cascade-delete every reply, so the replies are
-- parked in a copy without keys first and rebuilt last. (The rebuild carries
-- edited_at/deleted_at from 0005_forum_edit_delete.)
CREATE TABLE `__new_forum_topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category_id` integer NOT NULL,
	`author_id` integer,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`is_pinned` integer DEFAULT false NOT NULL,
	`is_locked` integer DEFAULT false NOT NULL,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`last_activity_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`edited_at` integer,
	`deleted_at` integer,
	FOREIGN KEY (`category_id`) REFERENCES `forum_categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_forum_topics`("id", "category_id", "author_id", "title", "content", "is_pinned", "is_locked", "reply_count", "last_activity_at", "created_at", "edited_at", "deleted_at") SELECT "id", "category_id", "author_id", "title", "content", "is_pinned", "is_locked", "reply_count", "last_activity_at", "created_at", "edited_at", "deleted_at" FROM `forum_topics`;--> statement-breakpoint
CREATE TABLE `__parked_forum_replies` AS SELECT "id", "topic_id", "author_id", "content", "created_at", "edited_at" FROM `forum_replies`;--> statement-breakpoint
DROP TABLE `forum_replies`;--> statement-breakpoint
DROP TABLE `forum_topics`;--> statement-breakpoint
ALTER TABLE `__new_forum_topics` RENAME TO `forum_topics`;--> statement-breakpoint
CREATE INDEX `topics_category_listing` ON `forum_topics` (`category_id`,`is_pinned`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `topics_author` ON `forum_topics` (`author_id`);--> statement-breakpoint
CREATE TABLE `forum_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic_id` integer NOT NULL,
	`author_id` integer,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`edited_at` integer,
	FOREIGN KEY (`topic_id`) REFERENCES `forum_topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `forum_replies`("id", "topic_id", "author_id", "content", "created_at", "edited_at") SELECT "id", "topic_id", "author_id", "content", "created_at", "edited_at" FROM `__parked_forum_replies`;--> statement-breakpoint
DROP TABLE `__parked_forum_replies`;--> statement-breakpoint
CREATE INDEX `replies_topic` ON `forum_replies` (`topic_id`,`id`);--> statement-breakpoint
CREATE INDEX `replies_author` ON `forum_replies` (`author_id`);--> statement-breakpoint
-- Emails become unique whatever their case: store them trimmed and lowercased,
-- and keep only the oldest account's copy of a duplicate.
UPDATE `users` SET `email` = nullif(lower(trim(`email`)), '') WHERE `email` IS NOT NULL;--> statement-breakpoint
UPDATE `users` SET `email` = NULL WHERE `email` IS NOT NULL AND `id` <> (SELECT min(u2.`id`) FROM `users` u2 WHERE u2.`email` = `users`.`email`);--> statement-breakpoint
DROP INDEX `users_email`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_nocase` ON `users` (lower("email")) WHERE email is not null;
