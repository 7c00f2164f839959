ALTER TABLE `certificates` ADD `reissued_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `certificate_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `certificate_name_confirmed_at` integer;