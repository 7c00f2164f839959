CREATE TABLE `activity_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`type` text NOT NULL,
	`summary` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activity_time` ON `activity_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `activity_type_time` ON `activity_events` (`type`,`created_at`);--> statement-breakpoint
CREATE TABLE `calculator_records` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`personal_sales` real DEFAULT 0 NOT NULL,
	`store_sales` real DEFAULT 0 NOT NULL,
	`referred_advisors` real DEFAULT 0 NOT NULL,
	`referred_advisor_sales` real DEFAULT 0 NOT NULL,
	`referred_clients` real DEFAULT 0 NOT NULL,
	`referred_client_purchases` real DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`certificate_number` text NOT NULL,
	`recipient_name` text NOT NULL,
	`course_title` text NOT NULL,
	`issued_at` integer NOT NULL,
	`is_verified` integer DEFAULT true NOT NULL,
	`share_token` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_number` ON `certificates` (`certificate_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_user_course` ON `certificates` (`user_id`,`course_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_share` ON `certificates` (`share_token`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`course_title` text,
	`lesson_title` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "chat_role" CHECK(role in ('user', 'assistant'))
);
--> statement-breakpoint
CREATE INDEX `chat_user_time` ON `chat_messages` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `conferences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`scheduled_at` integer NOT NULL,
	`duration` integer DEFAULT 60 NOT NULL,
	`max_participants` integer DEFAULT 100 NOT NULL,
	`is_recorded` integer DEFAULT true NOT NULL,
	`is_live` integer DEFAULT false NOT NULL,
	`is_premium_only` integer DEFAULT false NOT NULL,
	`is_recording` integer DEFAULT false NOT NULL,
	`started_at` integer,
	`ended_at` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "conferences_duration" CHECK(duration >= 1),
	CONSTRAINT "conferences_participants" CHECK(max_participants >= 1)
);
--> statement-breakpoint
CREATE INDEX `conferences_schedule` ON `conferences` (`is_live`,`ended_at`,`scheduled_at`);--> statement-breakpoint
CREATE TABLE `content_sections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lesson_id` integer NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`url` text,
	`sort_order` integer NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sections_type" CHECK(type in ('text', 'image', 'video'))
);
--> statement-breakpoint
CREATE INDEX `sections_lesson_order` ON `content_sections` (`lesson_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `courses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`image_url` text,
	`level` text DEFAULT 'Beginner' NOT NULL,
	`rating` text DEFAULT '4.5' NOT NULL,
	`duration` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_premium` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "courses_level" CHECK(level in ('Beginner', 'Intermediate', 'Advanced'))
);
--> statement-breakpoint
CREATE INDEX `courses_active` ON `courses` (`is_active`,`id`);--> statement-breakpoint
CREATE TABLE `forum_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`permission` text DEFAULT 'base' NOT NULL,
	`color` text DEFAULT '8B5CF6' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "forum_categories_permission" CHECK(permission in ('base', 'advanced')),
	CONSTRAINT "forum_categories_color" CHECK(color in ('8B5CF6', '059669', 'DC2626', 'D97706', '0891B2', '7C3AED'))
);
--> statement-breakpoint
CREATE TABLE `forum_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`topic_id`) REFERENCES `forum_topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `replies_topic` ON `forum_replies` (`topic_id`,`id`);--> statement-breakpoint
CREATE INDEX `replies_author` ON `forum_replies` (`author_id`);--> statement-breakpoint
CREATE TABLE `forum_topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`is_pinned` integer DEFAULT false NOT NULL,
	`is_locked` integer DEFAULT false NOT NULL,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`last_activity_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `forum_categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `topics_category_listing` ON `forum_topics` (`category_id`,`is_pinned`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `topics_author` ON `forum_topics` (`author_id`);--> statement-breakpoint
CREATE TABLE `knowledge_base_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`summary` text NOT NULL,
	`category` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`is_published` integer DEFAULT false NOT NULL,
	`author_id` integer,
	`view_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "kb_category" CHECK(category in ('Getting Started', 'Business Tools', 'Study Tips', 'Community', 'Membership', 'Technical Support'))
);
--> statement-breakpoint
CREATE INDEX `kb_published` ON `knowledge_base_articles` (`is_published`,`created_at`);--> statement-breakpoint
CREATE TABLE `learning_time` (
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`day` text NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `course_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `learning_time_day` ON `learning_time` (`day`);--> statement-breakpoint
CREATE TABLE `lesson_completions` (
	`user_id` integer NOT NULL,
	`lesson_id` integer NOT NULL,
	`completed_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `completions_lesson` ON `lesson_completions` (`lesson_id`);--> statement-breakpoint
CREATE TABLE `lessons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sort_order` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`estimated_minutes` integer DEFAULT 20 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "lessons_minutes" CHECK(estimated_minutes between 1 and 1440)
);
--> statement-breakpoint
CREATE INDEX `lessons_course_order` ON `lessons` (`course_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `recordings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conference_id` integer,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`duration` integer DEFAULT 0 NOT NULL,
	`recording_url` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`conference_id`) REFERENCES `conferences`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `recordings_created` ON `recordings` (`created_at`);--> statement-breakpoint
CREATE TABLE `section_progress` (
	`user_id` integer NOT NULL,
	`section_id` integer NOT NULL,
	`position_seconds` real DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `section_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `content_sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`data` text DEFAULT '{}' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`plan` text DEFAULT 'basic' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`monthly_fee_cents` integer DEFAULT 0 NOT NULL,
	`is_comped` integer DEFAULT false NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`start_date` integer NOT NULL,
	`current_period_end` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "subscriptions_plan" CHECK(plan in ('basic', 'premium')),
	CONSTRAINT "subscriptions_status" CHECK(status in ('active', 'incomplete', 'past_due', 'cancelled', 'expired'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_user` ON `subscriptions` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe` ON `subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_plan_status` ON `subscriptions` (`plan`,`status`);--> statement-breakpoint
CREATE TABLE `tool_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`file_url` text NOT NULL,
	`file_name` text NOT NULL,
	`file_type` text DEFAULT 'application/octet-stream' NOT NULL,
	`is_premium_only` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`download_count` integer DEFAULT 0 NOT NULL,
	`uploaded_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "templates_category" CHECK(category in ('tools', 'templates', 'calculators'))
);
--> statement-breakpoint
CREATE INDEX `templates_listing` ON `tool_templates` (`is_active`,`category`);--> statement-breakpoint
CREATE TABLE `used_captchas` (
	`nonce` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_progress` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`progress_percentage` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`last_accessed_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "progress_range" CHECK(progress_percentage between 0 and 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `progress_user_course` ON `user_progress` (`user_id`,`course_id`);--> statement-breakpoint
CREATE INDEX `progress_course` ON `user_progress` (`course_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'student' NOT NULL,
	`first_name` text,
	`name` text,
	`email` text,
	`mood_theme` text DEFAULT 'celestial' NOT NULL,
	`theme_settings` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_role" CHECK(role in ('student', 'admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_nocase` ON `users` (lower("username"));--> statement-breakpoint
CREATE INDEX `users_email` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_created` ON `users` (`created_at`);