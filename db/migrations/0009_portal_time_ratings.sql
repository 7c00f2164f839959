CREATE TABLE `course_ratings` (
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `course_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "course_ratings_range" CHECK(rating between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX `course_ratings_course` ON `course_ratings` (`course_id`);--> statement-breakpoint
CREATE TABLE `learning_heartbeats` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`credited_until` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_learning_time` (
	`user_id` integer NOT NULL,
	`lesson_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`day` text NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The old rows are not copied: they held no lesson and were only the estimated minutes of
-- completed lessons, which the portal now derives from lesson_completions (learning-time.server.ts).
DROP TABLE `learning_time`;--> statement-breakpoint
ALTER TABLE `__new_learning_time` RENAME TO `learning_time`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `learning_time_day` ON `learning_time` (`day`);--> statement-breakpoint
CREATE INDEX `learning_time_user_course` ON `learning_time` (`user_id`,`course_id`);