CREATE TABLE `certificate_signatories` (
	`certificate_id` integer NOT NULL,
	`position` integer NOT NULL,
	`instructor_id` integer,
	`instructor_name` text NOT NULL,
	PRIMARY KEY(`certificate_id`, `position`),
	FOREIGN KEY (`certificate_id`) REFERENCES `certificates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instructor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `certificate_signatories_instructor` ON `certificate_signatories` (`instructor_id`);--> statement-breakpoint
-- Hand-written backfill (issue 39): each name kept on a certificate becomes a signatory row, in order.
-- The member is found where the name allows it: the one instructor of the certificate's course whose
-- display name (as liveDisplayName builds it) is that name, else the one member with the instructor
-- role who has it. No match, or several, keeps the name without an id. Names an earlier account
-- deletion already replaced ("Former member") now read "Former instructor".
INSERT INTO `certificate_signatories` (`certificate_id`, `position`, `instructor_id`, `instructor_name`)
SELECT c.`id`, n.`key`,
  CASE WHEN n.`value` = 'Former member' THEN NULL ELSE COALESCE(
    (SELECT CASE WHEN COUNT(*) = 1 THEN MIN(u.`id`) END
       FROM `course_instructors` ci JOIN `users` u ON u.`id` = ci.`user_id`
      WHERE ci.`course_id` = c.`course_id`
        AND COALESCE(NULLIF(TRIM(u.`first_name`), ''), NULLIF(TRIM(u.`name`), ''), u.`username`) = n.`value`),
    (SELECT CASE WHEN COUNT(*) = 1 THEN MIN(u.`id`) END
       FROM `users` u
      WHERE u.`role` = 'instructor'
        AND COALESCE(NULLIF(TRIM(u.`first_name`), ''), NULLIF(TRIM(u.`name`), ''), u.`username`) = n.`value`)
  ) END,
  CASE WHEN n.`value` = 'Former member' THEN 'Former instructor' ELSE n.`value` END
FROM `certificates` c, json_each(CASE WHEN json_valid(c.`instructor_names`) THEN c.`instructor_names` ELSE '[]' END) n
WHERE n.`type` = 'text';
--> statement-breakpoint
ALTER TABLE `certificates` DROP COLUMN `instructor_names`;