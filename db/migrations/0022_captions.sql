CREATE TABLE `captions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`section_id` integer,
	`recording_id` integer,
	`language` text NOT NULL,
	`label` text NOT NULL,
	`vtt` text NOT NULL,
	`generated` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `content_sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recording_id`) REFERENCES `recordings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "captions_one_owner" CHECK((section_id is null) <> (recording_id is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `captions_section_language` ON `captions` (`section_id`,`language`);--> statement-breakpoint
CREATE UNIQUE INDEX `captions_recording_language` ON `captions` (`recording_id`,`language`);--> statement-breakpoint
ALTER TABLE `companion_chunks` ADD `start_seconds` integer;