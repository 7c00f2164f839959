-- Rebuilds users, lessons and notifications (new CHECK lists). The migrator runs with
-- foreign keys off (db/client.server.ts), so dropping the old tables cascades nowhere.
CREATE TABLE `course_instructors` (
	`course_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`course_id`, `user_id`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `course_instructors_user` ON `course_instructors` (`user_id`);--> statement-breakpoint
CREATE TABLE `lesson_release_notices` (
	`user_id` integer NOT NULL,
	`lesson_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_release_notices_lesson` ON `lesson_release_notices` (`lesson_id`);--> statement-breakpoint
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
	CONSTRAINT "notifications_type" CHECK(type in ('forum_reply', 'mention', 'live_session', 'course_new', 'certificate', 'premium', 'moderation', 'lesson_released'))
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
CREATE TABLE `__new_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'student' NOT NULL,
	`first_name` text,
	`name` text,
	`email` text,
	`bio` text,
	`can_create_courses` integer DEFAULT false NOT NULL,
	`trial_used_at` integer,
	`mood_theme` text DEFAULT 'celestial' NOT NULL,
	`theme_settings` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_role" CHECK(role in ('student', 'instructor', 'admin'))
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "username", "password_hash", "role", "first_name", "name", "email", "mood_theme", "theme_settings", "created_at") SELECT "id", "username", "password_hash", "role", "first_name", "name", "email", "mood_theme", "theme_settings", "created_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_nocase` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_nocase` ON `users` (lower("email")) WHERE email is not null;--> statement-breakpoint
CREATE INDEX `users_created` ON `users` (`created_at`);--> statement-breakpoint
CREATE TABLE `__new_lessons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sort_order` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`estimated_minutes` integer DEFAULT 20 NOT NULL,
	`release_after_days` integer,
	`release_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "lessons_minutes" CHECK(estimated_minutes between 1 and 1440),
	CONSTRAINT "lessons_release_days" CHECK(release_after_days is null or release_after_days between 0 and 3650)
);
--> statement-breakpoint
INSERT INTO `__new_lessons`("id", "course_id", "title", "description", "sort_order", "is_active", "estimated_minutes", "created_at", "updated_at") SELECT "id", "course_id", "title", "description", "sort_order", "is_active", "estimated_minutes", "created_at", "updated_at" FROM `lessons`;--> statement-breakpoint
DROP TABLE `lessons`;--> statement-breakpoint
ALTER TABLE `__new_lessons` RENAME TO `lessons`;--> statement-breakpoint
CREATE INDEX `lessons_course_order` ON `lessons` (`course_id`,`sort_order`);