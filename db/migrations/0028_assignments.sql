CREATE TABLE `assignment_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`assignment_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`version` integer NOT NULL,
	`status` text DEFAULT 'submitted' NOT NULL,
	`text` text,
	`file_key` text,
	`file_name` text,
	`file_size` integer,
	`file_type` text,
	`reviewer_id` integer,
	`scores` text,
	`total_points` integer,
	`feedback` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`reviewed_at` integer,
	FOREIGN KEY (`assignment_id`) REFERENCES `assignments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "assignment_submissions_status" CHECK(status in ('submitted', 'passed', 'revise')),
	CONSTRAINT "assignment_submissions_content" CHECK(text is not null or file_key is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assignment_submissions_version` ON `assignment_submissions` (`assignment_id`,`user_id`,`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `assignment_submissions_one_waiting` ON `assignment_submissions` (`assignment_id`,`user_id`) WHERE status = 'submitted';--> statement-breakpoint
CREATE INDEX `assignment_submissions_queue` ON `assignment_submissions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `assignment_submissions_user` ON `assignment_submissions` (`user_id`);--> statement-breakpoint
CREATE TABLE `assignments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lesson_id` integer NOT NULL,
	`instructions` text NOT NULL,
	`kinds` text NOT NULL,
	`max_file_mb` integer DEFAULT 25 NOT NULL,
	`rubric` text NOT NULL,
	`pass_points` integer NOT NULL,
	`required` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "assignments_max_file_mb" CHECK(max_file_mb between 1 and 100),
	CONSTRAINT "assignments_pass_points" CHECK(pass_points >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assignments_lesson` ON `assignments` (`lesson_id`);--> statement-breakpoint
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
	CONSTRAINT "notifications_type" CHECK(type in ('forum_reply', 'mention', 'live_session', 'course_new', 'certificate', 'premium', 'moderation', 'lesson_released', 'assignment_submitted', 'assignment_reviewed'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "type", "title", "body", "url", "group_key", "count", "created_at", "updated_at", "read_at") SELECT "id", "user_id", "type", "title", "body", "url", "group_key", "count", "created_at", "updated_at", "read_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `notifications_user_recent` ON `notifications` (`user_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`read_at`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_created` ON `notifications` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_unread_group` ON `notifications` (`user_id`,`group_key`) WHERE read_at is null and group_key is not null;--> statement-breakpoint
ALTER TABLE `notification_preferences` ADD `assignments` text DEFAULT 'instant' NOT NULL;