CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer,
	`notification_id` integer,
	`dedupe_key` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text,
	`text_body` text,
	`html_body` text,
	`unsubscribe_url` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "email_outbox_status" CHECK(status in ('queued', 'sending', 'sent', 'failed')),
	CONSTRAINT "email_outbox_kind" CHECK(kind in ('notification', 'digest', 'test'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_due` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`forum_replies` text DEFAULT 'instant' NOT NULL,
	`mentions` text DEFAULT 'instant' NOT NULL,
	`live_sessions` text DEFAULT 'instant' NOT NULL,
	`new_courses` text DEFAULT 'weekly' NOT NULL,
	`unsubscribe_key` text NOT NULL,
	`last_daily_digest_at` integer,
	`last_weekly_digest_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
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
	CONSTRAINT "notifications_type" CHECK(type in ('forum_reply', 'mention', 'live_session', 'course_new', 'certificate', 'premium', 'moderation'))
);
--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`read_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_created` ON `notifications` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_unread_group` ON `notifications` (`user_id`,`group_key`) WHERE read_at is null and group_key is not null;--> statement-breakpoint
ALTER TABLE `conferences` ADD `reminded_at` integer;