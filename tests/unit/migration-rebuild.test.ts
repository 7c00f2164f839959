import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { migrationsUpTo } from "./migrations-up-to";

// Migration 0018 rebuilds `users` (a new role in its CHECK). Dropping the old
// table with foreign keys on would cascade-delete every member's sessions,
// progress and posts; db/client.server.ts runs the migrations with them off.
// This opens a database made by the migrations before 0018, with a member in
// it, through the app's own client, and checks nothing of theirs was lost.

describe("migrating a database with members in it", () => {
  it("keeps every member's rows when 0018 rebuilds the users table", async () => {
    const file = process.env.DATABASE_PATH;
    if (!file) throw new Error("tests/unit/setup.ts sets DATABASE_PATH");
    const before = new Database(file);
    before.pragma("foreign_keys = ON");
    migrate(drizzle(before), { migrationsFolder: migrationsUpTo(18) });
    const now = Date.now();
    before.prepare("insert into users (id, username, password_hash, role) values (7, 'sage', 'x', 'student')").run();
    before.prepare("insert into sessions (id, user_id, expires_at) values ('s1', 7, ?)").run(now + 60_000);
    before.prepare("insert into courses (id, title, description, duration) values (3, 'Tarot', 'Cards', '2h')").run();
    before.prepare("insert into lessons (id, course_id, title, sort_order) values (5, 3, 'Major arcana', 1)").run();
    before.prepare("insert into user_progress (user_id, course_id, started_at, last_accessed_at) values (7, 3, ?, ?)").run(now, now);
    before.prepare("insert into lesson_completions (user_id, lesson_id, completed_at) values (7, 5, ?)").run(now);
    before.close();

    const { db } = await import("../../db/client.server");
    const sqlite = db.$client;
    const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    expect(count("sessions")).toBe(1);
    expect(count("user_progress")).toBe(1);
    expect(count("lesson_completions")).toBe(1);
    expect(count("lessons")).toBe(1);
    // The rebuilt tables have their new columns and CHECK, and foreign keys are on again.
    sqlite.prepare("update users set role = 'instructor', bio = 'Reader since 1999' where id = 7").run();
    expect(sqlite.prepare("select role, can_create_courses from users where id = 7").get()).toEqual({ role: "instructor", can_create_courses: 0 });
    expect(() => sqlite.prepare("update users set role = 'wizard' where id = 7").run()).toThrow(/CHECK/);
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    sqlite.prepare("delete from users where id = 7").run();
    expect(count("sessions")).toBe(0);
  });
});
