ALTER TABLE "certificates" ADD COLUMN "reissued_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "certificate_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "certificate_name_confirmed_at" timestamp (3) with time zone;