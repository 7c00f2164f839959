-- The catalogue's version (issue 43), as SQLite's migration 0033: statement
-- triggers with the same names raise it on every write to the same tables.
CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "catalogue_version"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_catalogue_after_insert" AFTER INSERT ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "courses_catalogue_after_update" AFTER UPDATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "courses_catalogue_after_delete" AFTER DELETE OR TRUNCATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "lessons_catalogue_after_insert" AFTER INSERT ON "lessons"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "lessons_catalogue_after_update" AFTER UPDATE ON "lessons"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "lessons_catalogue_after_delete" AFTER DELETE OR TRUNCATE ON "lessons"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "content_sections_catalogue_after_insert" AFTER INSERT ON "content_sections"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "content_sections_catalogue_after_update" AFTER UPDATE ON "content_sections"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "content_sections_catalogue_after_delete" AFTER DELETE OR TRUNCATE ON "content_sections"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "quizzes_catalogue_after_insert" AFTER INSERT ON "quizzes"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "quizzes_catalogue_after_update" AFTER UPDATE ON "quizzes"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "quizzes_catalogue_after_delete" AFTER DELETE OR TRUNCATE ON "quizzes"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "quiz_questions_catalogue_after_insert" AFTER INSERT ON "quiz_questions"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "quiz_questions_catalogue_after_update" AFTER UPDATE ON "quiz_questions"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "quiz_questions_catalogue_after_delete" AFTER DELETE OR TRUNCATE ON "quiz_questions"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "assignments_catalogue_after_insert" AFTER INSERT ON "assignments"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "assignments_catalogue_after_update" AFTER UPDATE ON "assignments"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "assignments_catalogue_after_delete" AFTER DELETE OR TRUNCATE ON "assignments"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_ratings_catalogue_after_insert" AFTER INSERT ON "course_ratings"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_ratings_catalogue_after_update" AFTER UPDATE ON "course_ratings"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_ratings_catalogue_after_delete" AFTER DELETE OR TRUNCATE ON "course_ratings"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_instructors_catalogue_after_insert" AFTER INSERT ON "course_instructors"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_instructors_catalogue_after_update" AFTER UPDATE ON "course_instructors"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_instructors_catalogue_after_delete" AFTER DELETE OR TRUNCATE ON "course_instructors"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "lesson_comments_catalogue_after_insert" AFTER INSERT ON "lesson_comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "lesson_comments_catalogue_after_update" AFTER UPDATE ON "lesson_comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "lesson_comments_catalogue_after_delete" AFTER DELETE OR TRUNCATE ON "lesson_comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_catalogue_after_update" AFTER UPDATE OF "username", "first_name", "name", "bio" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
