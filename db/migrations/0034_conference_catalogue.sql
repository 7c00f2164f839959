-- Live sessions join the catalogue kept in memory (issue 43): the portal, the
-- calendar and the live pages list them on every member's page view, the same
-- list for everyone, and they change only when an admin schedules, starts, ends
-- or records one (or a reminder is sent).
CREATE TRIGGER `conferences_catalogue_after_insert` AFTER INSERT ON `conferences` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `conferences_catalogue_after_update` AFTER UPDATE ON `conferences` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `conferences_catalogue_after_delete` AFTER DELETE ON `conferences` BEGIN
  INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1;
END;
