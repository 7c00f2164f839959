import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { migrationsUpTo } from "./migrations-up-to";

// Migration 0021 (issue 39) moves the instructor names kept on certificates
// into signatory rows with the instructor's member id, so deleting an account
// finds every certificate that names the member. Certificates issued before
// it get the id where the name allows: the course's one instructor of that
// name, else the one member with the instructor role of that name.

describe("backfilling the signatories of certificates issued before ids were kept", () => {
  it("finds the member by name where one matches, keeps the name alone otherwise, and reads an erased name as 'Former instructor'", async () => {
    const file = process.env.DATABASE_PATH;
    if (!file) throw new Error("tests/unit/setup.ts sets DATABASE_PATH");
    const before = new Database(file);
    migrate(drizzle(before), { migrationsFolder: migrationsUpTo(21) });
    const user = before.prepare("insert into users (id, username, password_hash, role, first_name, name) values (?, ?, 'x', ?, ?, ?)");
    user.run(1, "learner", "student", null, null);
    user.run(7, "learner-two", "student", null, null);
    user.run(2, "maren", "instructor", null, "Maren Quill"); // teaches the course
    user.run(3, "oskar", "instructor", " Oskar ", "Oskar Fenwick"); // shown by first name; teaches no longer
    user.run(4, "twin-a", "instructor", null, "Sam Twin");
    user.run(5, "twin-b", "instructor", null, "Sam Twin"); // two of that name: no guess
    user.run(6, "namesake", "student", null, "Lost Teacher"); // not an instructor: no guess
    before.prepare("insert into courses (id, title, description, duration) values (3, 'Tarot', 'Cards', '2h')").run();
    before.prepare("insert into course_instructors (course_id, user_id) values (3, 2)").run();
    const certificate = before.prepare(
      "insert into certificates (id, user_id, course_id, certificate_number, recipient_name, course_title, instructor_names, issued_at) values (?, ?, 3, ?, 'Learner', 'Tarot', ?, ?)",
    );
    certificate.run(10, 1, "ACD-2030-AAAAAA", JSON.stringify(["Maren Quill", "Oskar", "Sam Twin", "Lost Teacher", "Former member"]), Date.now());
    certificate.run(11, 7, "ACD-2030-BBBBBB", "[]", Date.now());
    before.close();

    const { db } = await import("../../db/client.server");
    const sqlite = db.$client;
    const rows = sqlite.prepare("select certificate_id, position, instructor_id, instructor_name from certificate_signatories order by certificate_id, position").all();
    expect(rows).toEqual([
      { certificate_id: 10, position: 0, instructor_id: 2, instructor_name: "Maren Quill" },
      { certificate_id: 10, position: 1, instructor_id: 3, instructor_name: "Oskar" },
      { certificate_id: 10, position: 2, instructor_id: null, instructor_name: "Sam Twin" },
      { certificate_id: 10, position: 3, instructor_id: null, instructor_name: "Lost Teacher" },
      { certificate_id: 10, position: 4, instructor_id: null, instructor_name: "Former instructor" },
    ]);
    const columns = sqlite.prepare("select name from pragma_table_info('certificates')").all() as { name: string }[];
    expect(columns.map((column) => column.name)).not.toContain("instructor_names");
  });
});
