CREATE TABLE `conference_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conference_id` integer NOT NULL,
	`user_id` integer,
	`author_name` text NOT NULL,
	`is_host` integer DEFAULT false NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`conference_id`) REFERENCES `conferences`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `conference_messages_room` ON `conference_messages` (`conference_id`,`id`);--> statement-breakpoint
ALTER TABLE `recordings` ADD `status` text DEFAULT 'ready' NOT NULL;