CREATE TABLE `quiz_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quiz_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`attempt_number` integer NOT NULL,
	`score` integer NOT NULL,
	`passed` integer DEFAULT false NOT NULL,
	`results` text NOT NULL,
	`submitted_at` integer NOT NULL,
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quiz_attempts_score" CHECK(score between 0 and 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quiz_attempts_user_number` ON `quiz_attempts` (`quiz_id`,`user_id`,`attempt_number`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_user` ON `quiz_attempts` (`user_id`);--> statement-breakpoint
CREATE TABLE `quiz_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quiz_id` integer NOT NULL,
	`position` integer NOT NULL,
	`type` text NOT NULL,
	`prompt` text NOT NULL,
	`options` text,
	`correct` text,
	`accepted` text,
	`explanation` text,
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quiz_questions_type" CHECK(type in ('single', 'multiple', 'true_false', 'short'))
);
--> statement-breakpoint
CREATE INDEX `quiz_questions_quiz` ON `quiz_questions` (`quiz_id`,`position`);--> statement-breakpoint
CREATE TABLE `quizzes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lesson_id` integer NOT NULL,
	`passing_score` integer NOT NULL,
	`max_attempts` integer DEFAULT 0 NOT NULL,
	`shuffle` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quizzes_passing_score" CHECK(passing_score between 0 and 100),
	CONSTRAINT "quizzes_max_attempts" CHECK(max_attempts >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quizzes_lesson` ON `quizzes` (`lesson_id`);--> statement-breakpoint
ALTER TABLE `certificates` ADD `average_score` integer;