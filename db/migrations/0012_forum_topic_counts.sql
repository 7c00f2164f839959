-- A category's topics, kept by triggers so the forum's pages and API need no
-- count over every topic per request (issue 15).
ALTER TABLE `forum_categories` ADD `topic_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `forum_categories` SET `topic_count` = (SELECT count(*) FROM `forum_topics` WHERE `forum_topics`.`category_id` = `forum_categories`.`id`);
--> statement-breakpoint
CREATE TRIGGER `forum_topic_counts_after_insert` AFTER INSERT ON `forum_topics` BEGIN
  UPDATE `forum_categories` SET `topic_count` = `topic_count` + 1 WHERE `id` = new.category_id;
END;
--> statement-breakpoint
CREATE TRIGGER `forum_topic_counts_after_delete` AFTER DELETE ON `forum_topics` BEGIN
  UPDATE `forum_categories` SET `topic_count` = `topic_count` - 1 WHERE `id` = old.category_id;
END;
--> statement-breakpoint
CREATE TRIGGER `forum_topic_counts_after_move` AFTER UPDATE OF `category_id` ON `forum_topics` WHEN old.category_id IS NOT new.category_id BEGIN
  UPDATE `forum_categories` SET `topic_count` = `topic_count` - 1 WHERE `id` = old.category_id;
  UPDATE `forum_categories` SET `topic_count` = `topic_count` + 1 WHERE `id` = new.category_id;
END;
