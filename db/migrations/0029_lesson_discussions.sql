CREATE TABLE `lesson_comment_reports` (
	`comment_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`comment_id`, `reporter_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `lesson_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_comment_reports_reporter` ON `lesson_comment_reports` (`reporter_id`);--> statement-breakpoint
CREATE TABLE `lesson_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lesson_id` integer NOT NULL,
	`parent_id` integer,
	`author_id` integer,
	`content` text NOT NULL,
	`is_answer` integer DEFAULT false NOT NULL,
	`last_activity_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`hidden_at` integer,
	`hidden_by` integer,
	`deleted_at` integer,
	`edited_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `lesson_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lesson_comments_lesson` ON `lesson_comments` (`lesson_id`,`parent_id`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `lesson_comments_parent` ON `lesson_comments` (`parent_id`);--> statement-breakpoint
CREATE INDEX `lesson_comments_author` ON `lesson_comments` (`author_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_comments_one_answer` ON `lesson_comments` (`parent_id`) WHERE is_answer = 1;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`body` text,
	`url` text NOT NULL,
	`group_key` text,
	`count` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_type" CHECK(type in ('forum_reply', 'mention', 'live_session', 'course_new', 'certificate', 'premium', 'moderation', 'lesson_released', 'assignment_submitted', 'assignment_reviewed', 'lesson_question', 'lesson_reply'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "type", "title", "body", "url", "group_key", "count", "created_at", "updated_at", "read_at") SELECT "id", "user_id", "type", "title", "body", "url", "group_key", "count", "created_at", "updated_at", "read_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `notifications_user_recent` ON `notifications` (`user_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`read_at`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_created` ON `notifications` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_unread_group` ON `notifications` (`user_id`,`group_key`) WHERE read_at is null and group_key is not null;