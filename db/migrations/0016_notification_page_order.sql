DROP INDEX `notifications_user`;--> statement-breakpoint
CREATE INDEX `notifications_user_recent` ON `notifications` (`user_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`read_at`,`updated_at`,`id`);