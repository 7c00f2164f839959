-- Articles per (published, category), kept by triggers so the knowledge base's
-- page links need no count over every article (issue 15). A row that empties
-- stays with n = 0.
CREATE TABLE `kb_article_counts` (
	`is_published` integer NOT NULL,
	`category` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`is_published`, `category`)
);
--> statement-breakpoint
INSERT INTO `kb_article_counts` (`is_published`, `category`, `n`)
  SELECT `is_published`, `category`, count(*) FROM `knowledge_base_articles` GROUP BY `is_published`, `category`;
--> statement-breakpoint
CREATE TRIGGER `kb_article_counts_after_insert` AFTER INSERT ON `knowledge_base_articles` BEGIN
  INSERT INTO `kb_article_counts` (`is_published`, `category`, `n`) VALUES (new.is_published, new.category, 1)
    ON CONFLICT (`is_published`, `category`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `kb_article_counts_after_delete` AFTER DELETE ON `knowledge_base_articles` BEGIN
  UPDATE `kb_article_counts` SET `n` = `n` - 1 WHERE `is_published` = old.is_published AND `category` = old.category;
END;
--> statement-breakpoint
-- Only a change of state or category moves an article between counts.
CREATE TRIGGER `kb_article_counts_after_update` AFTER UPDATE OF `is_published`, `category` ON `knowledge_base_articles` BEGIN
  UPDATE `kb_article_counts` SET `n` = `n` - 1 WHERE `is_published` = old.is_published AND `category` = old.category;
  INSERT INTO `kb_article_counts` (`is_published`, `category`, `n`) VALUES (new.is_published, new.category, 1)
    ON CONFLICT (`is_published`, `category`) DO UPDATE SET `n` = `n` + 1;
END;
