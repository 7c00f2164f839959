CREATE TABLE `companion_embeddings` (
	`chunk_id` integer NOT NULL,
	`model` text NOT NULL,
	`text_hash` text NOT NULL,
	`dimensions` integer NOT NULL,
	`vector` blob NOT NULL,
	PRIMARY KEY(`chunk_id`, `model`),
	FOREIGN KEY (`chunk_id`) REFERENCES `companion_chunks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `companion_embeddings_model` ON `companion_embeddings` (`model`);