ALTER TABLE `forum_replies` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `forum_topics` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `forum_topics` ADD `deleted_at` integer;