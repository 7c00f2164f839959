ALTER TABLE `courses` ADD `announced_at` integer;--> statement-breakpoint
-- Courses already published before this column: members were told of them then.
UPDATE `courses` SET `announced_at` = `created_at` WHERE `is_active` = 1;
