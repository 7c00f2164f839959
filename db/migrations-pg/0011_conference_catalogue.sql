-- Live sessions join the catalogue kept in memory (issue 43; db/migrations 0034).
CREATE TRIGGER "conferences_catalogue_after_insert" AFTER INSERT ON "conferences"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "conferences_catalogue_after_update" AFTER UPDATE ON "conferences"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "conferences_catalogue_after_delete" AFTER DELETE OR TRUNCATE ON "conferences"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
