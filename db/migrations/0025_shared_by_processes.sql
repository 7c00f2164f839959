CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `live_room_members` (
	`participant_id` text PRIMARY KEY NOT NULL,
	`conference_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`worker` integer NOT NULL,
	FOREIGN KEY (`conference_id`) REFERENCES `conferences`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_room_members_conference` ON `live_room_members` (`conference_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `live_stage` (
	`conference_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`name` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`conference_id`, `user_id`),
	FOREIGN KEY (`conference_id`) REFERENCES `conferences`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "live_stage_role" CHECK(role in ('hand', 'speaker'))
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`expire` integer
);
