ALTER TABLE "courses" ADD COLUMN "announced_at" timestamp (3) with time zone;--> statement-breakpoint
-- Courses already published before this column: members were told of them then.
UPDATE "courses" SET "announced_at" = "created_at" WHERE "is_active" = true;
