CREATE TABLE `academy_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `premium_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`message` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`handled_at` integer,
	`handled_by` integer,
	`outcome` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "premium_requests_outcome" CHECK(outcome is null or outcome in ('granted', 'dismissed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `premium_requests_one_open` ON `premium_requests` (`user_id`) WHERE handled_at is null;--> statement-breakpoint
CREATE INDEX `premium_requests_open_time` ON `premium_requests` (`handled_at`,`created_at`);--> statement-breakpoint
-- Recent activity named started courses by id ("started course #3"); name them by title, as new events do.
UPDATE `activity_events` SET `summary` =
	coalesce((SELECT `username` FROM `users` WHERE `users`.`id` = `activity_events`.`user_id`), 'A member')
	|| ' started '
	|| coalesce((SELECT `title` FROM `courses` WHERE `courses`.`id` = CAST(substr(`activity_events`.`summary`, 17) AS integer)), 'a course that no longer exists')
WHERE `type` = 'course_started' AND `summary` LIKE 'started course #%';
