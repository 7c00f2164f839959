CREATE TABLE `calendar_feeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_unique` ON `calendar_feeds` (`token`);--> statement-breakpoint
ALTER TABLE `conferences` ADD `recording_started_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `conferences_one_live` ON `conferences` (`is_live`) WHERE is_live = 1;--> statement-breakpoint
ALTER TABLE `recordings` ADD `size_bytes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `recordings` ADD `mime_type` text DEFAULT 'video/webm' NOT NULL;--> statement-breakpoint
ALTER TABLE `recordings` ADD `is_premium_only` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `recordings_conference` ON `recordings` (`conference_id`);