-- The version of what every member's course and lesson pages share (issue 43): every
-- write to the catalogue's tables (courses, lessons, sections, quizzes, assignments,
-- ratings, instructors and their names, lesson discussions), by the academy or by
-- anything else, raises it; what is kept in memory is read again when a page view's
-- session read brings a new number. The row appears with the first write (an
-- upsert), so a database copied into starts empty.
CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `courses_catalogue_after_insert` AFTER INSERT ON `courses` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_catalogue_after_update` AFTER UPDATE ON `courses` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_catalogue_after_delete` AFTER DELETE ON `courses` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `lessons_catalogue_after_insert` AFTER INSERT ON `lessons` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `lessons_catalogue_after_update` AFTER UPDATE ON `lessons` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `lessons_catalogue_after_delete` AFTER DELETE ON `lessons` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_sections_catalogue_after_insert` AFTER INSERT ON `content_sections` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_sections_catalogue_after_update` AFTER UPDATE ON `content_sections` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_sections_catalogue_after_delete` AFTER DELETE ON `content_sections` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `quizzes_catalogue_after_insert` AFTER INSERT ON `quizzes` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `quizzes_catalogue_after_update` AFTER UPDATE ON `quizzes` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `quizzes_catalogue_after_delete` AFTER DELETE ON `quizzes` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `quiz_questions_catalogue_after_insert` AFTER INSERT ON `quiz_questions` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `quiz_questions_catalogue_after_update` AFTER UPDATE ON `quiz_questions` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `quiz_questions_catalogue_after_delete` AFTER DELETE ON `quiz_questions` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `assignments_catalogue_after_insert` AFTER INSERT ON `assignments` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `assignments_catalogue_after_update` AFTER UPDATE ON `assignments` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `assignments_catalogue_after_delete` AFTER DELETE ON `assignments` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `course_ratings_catalogue_after_insert` AFTER INSERT ON `course_ratings` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `course_ratings_catalogue_after_update` AFTER UPDATE ON `course_ratings` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `course_ratings_catalogue_after_delete` AFTER DELETE ON `course_ratings` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `course_instructors_catalogue_after_insert` AFTER INSERT ON `course_instructors` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `course_instructors_catalogue_after_update` AFTER UPDATE ON `course_instructors` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `course_instructors_catalogue_after_delete` AFTER DELETE ON `course_instructors` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `lesson_comments_catalogue_after_insert` AFTER INSERT ON `lesson_comments` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `lesson_comments_catalogue_after_update` AFTER UPDATE ON `lesson_comments` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `lesson_comments_catalogue_after_delete` AFTER DELETE ON `lesson_comments` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
-- An instructor's name or bio shows on their courses' pages.
CREATE TRIGGER `users_catalogue_after_update` AFTER UPDATE OF `username`, `first_name`, `name`, `bio` ON `users` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
