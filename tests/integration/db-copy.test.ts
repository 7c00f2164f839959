import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { is, type Table } from "drizzle-orm";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { PgTable } from "drizzle-orm/pg-core";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as pgSchema from "#db/schema.pg";
import * as sqliteSchema from "#db/schema";
import { CopyError, copySqliteToPostgres } from "../../scripts/db-copy";
import { freshPostgresDatabase } from "../postgres/database";

const AT = new Date(Date.UTC(2026, 0, 15, 9, 30, 0, 456));

/** A small SQLite academy written through drizzle, as the models write it. */
function sqliteAcademy(file: string): void {
  const sqlite = new Database(file);
  sqlite.pragma("foreign_keys = OFF");
  migrateSqlite(drizzleSqlite(sqlite), { migrationsFolder: path.resolve("db/migrations") });
  sqlite.pragma("foreign_keys = ON");
  const db = drizzleSqlite(sqlite, { schema: sqliteSchema });
  const s = sqliteSchema;
  const [ada, bo] = db
    .insert(s.users)
    .values([
      { username: "ada", passwordHash: "scrypt$ada", role: "admin", canCreateCourses: true, createdAt: AT },
      { username: "bo", passwordHash: "scrypt$bo", email: "bo@example.com", trialUsedAt: AT },
    ])
    .returning()
    .all();
  // Ids with a gap, as deleted rows leave: the sequence must move past the highest.
  const [course] = db.insert(s.courses).values({ id: 7, title: "Habits", description: "d", duration: "1h", isPremium: true }).returning().all();
  const [lesson] = db.insert(s.lessons).values({ courseId: course!.id, title: "L1", order: 1, releaseAt: AT }).returning().all();
  db.insert(s.lessonCompletions).values({ userId: bo!.id, lessonId: lesson!.id, completedAt: AT }).run();
  const [quiz] = db.insert(s.quizzes).values({ lessonId: lesson!.id, passingScore: 60, shuffle: true }).returning().all();
  db.insert(s.quizQuestions).values({ quizId: quiz!.id, position: 1, type: "single", prompt: "?", options: ["x", "y"], correct: [1] }).run();
  db.insert(s.quizAttempts)
    .values({ quizId: quiz!.id, userId: bo!.id, attemptNumber: 1, score: 100, passed: true, results: [{ questionId: 1, correct: true }], submittedAt: AT })
    .run();
  db.insert(s.knowledgeBaseArticles)
    .values([
      { title: "A", content: "c", summary: "s", category: "Study Tips", isPublished: true, authorId: ada!.id },
      { title: "B", content: "c", summary: "s", category: "Study Tips", isPublished: true },
      { title: "C", content: "c", summary: "s", category: "Community" },
    ])
    .run();
  const [category] = db.insert(s.forumCategories).values({ name: "General", description: "d" }).returning().all();
  db.insert(s.forumTopics)
    .values([
      { categoryId: category!.id, authorId: bo!.id, title: "T1", content: "c", lastActivityAt: AT, isPinned: true },
      { categoryId: category!.id, authorId: null, title: "T2", content: "c", lastActivityAt: AT },
    ])
    .run();
  db.insert(s.conferences).values({ title: "Live", description: "d", scheduledAt: AT, isLive: true }).run();
  db.insert(s.recordings).values({ title: "R", sizeBytes: 3_000_000_000 }).run();
  const [chunk] = db.insert(s.companionChunks).values({ kind: "lesson", title: "T", body: "B", lessonId: lesson!.id }).returning().all();
  db.insert(s.companionEmbeddings)
    .values({ chunkId: chunk!.id, model: "m", textHash: "h", dimensions: 2, vector: Buffer.from(new Float32Array([1.5, -2]).buffer) })
    .run();
  db.insert(s.rateLimits).values({ key: "k", points: 2, expire: AT.getTime() }).run();
  db.insert(s.calculatorRecords).values({ userId: bo!.id, personalSales: 1234.567 }).run();
  sqlite.close();
}

function tablesOf(schema: Record<string, unknown>, kind: typeof SQLiteTable | typeof PgTable): Map<string, Table> {
  return new Map(Object.entries(schema).filter((entry): entry is [string, Table] => is(entry[1], kind)));
}

/** Rows as text for an order-free comparison; object keys sorted, as jsonb keeps its own key order. */
const sorted = (rows: unknown[]) => rows.map((row) => canonical(row)).sort();
function canonical(value: unknown): string {
  if (value instanceof Date || Buffer.isBuffer(value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

describe("npm run db:copy moves a SQLite academy into PostgreSQL (issue 43)", () => {
  let dir: string;
  let file: string;
  const databases: Array<Awaited<ReturnType<typeof freshPostgresDatabase>>> = [];
  const fresh = async () => {
    const database = await freshPostgresDatabase();
    databases.push(database);
    return database;
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-copy-"));
    file = path.join(dir, "academy.db");
    sqliteAcademy(file);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    for (const database of databases) await database.drop();
  });

  test("every table arrives with the same rows, counts and ids; new rows get the next ids", async () => {
    const target = await fresh();
    const report = await copySqliteToPostgres(file, target.url);
    expect(report.tables.users).toBe(2);
    expect(report.tables.knowledge_base_articles).toBe(3);

    const sqlite = new Database(file, { readonly: true });
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    try {
      const fromSqlite = drizzleSqlite(sqlite, { schema: sqliteSchema });
      const fromPostgres = drizzlePostgres(pool, { schema: pgSchema });
      const pgTables = tablesOf(pgSchema, PgTable);
      let compared = 0;
      for (const [key, table] of tablesOf(sqliteSchema, SQLiteTable)) {
        const before = await fromSqlite.select().from(table as typeof sqliteSchema.users);
        const after = await fromPostgres.select().from(pgTables.get(key) as typeof pgSchema.users);
        expect({ table: key, rows: sorted(after) }).toEqual({ table: key, rows: sorted(before) });
        compared++;
      }
      expect(compared).toBe(pgTables.size);

      // The counts the triggers keep were copied, not counted a second time.
      const counts = await pool.query("SELECT is_published, category, n FROM kb_article_counts ORDER BY is_published, category");
      expect(counts.rows).toEqual([
        { is_published: false, category: "Community", n: 1 },
        { is_published: true, category: "Study Tips", n: 2 },
      ]);
      const topics = await pool.query("SELECT topic_count FROM forum_categories");
      expect(topics.rows).toEqual([{ topic_count: 2 }]);
      // ... and the triggers are on again.
      await pool.query(
        "INSERT INTO forum_topics (category_id, title, content, last_activity_at) SELECT id, 'T3', 'c', now() FROM forum_categories",
      );
      expect((await pool.query("SELECT topic_count FROM forum_categories")).rows).toEqual([{ topic_count: 3 }]);

      const versionNow = async () => Number((await pool.query("SELECT version FROM catalogue_version")).rows[0]?.version ?? 0);
      const copiedVersion = await versionNow();
      const [course] = await fromPostgres.insert(pgSchema.courses).values({ title: "Next", description: "d", duration: "2h" }).returning();
      expect(course!.id).toBe(8);
      // The catalogue's triggers, found by name for the copy, are on again too.
      expect(await versionNow()).toBe(copiedVersion + 1);
      const [member] = await fromPostgres.insert(pgSchema.users).values({ username: "cy", passwordHash: "x" }).returning();
      expect(member!.id).toBe(3);
    } finally {
      sqlite.close();
      await pool.end();
    }
  });

  test("a database that already holds rows is refused and left as it was", async () => {
    const target = await fresh();
    await copySqliteToPostgres(file, target.url);
    await expect(copySqliteToPostgres(file, target.url)).rejects.toThrow(/The PostgreSQL database is not empty \(.*users/);
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    expect((await pool.query("SELECT count(*)::int AS n FROM users")).rows).toEqual([{ n: 2 }]);
    await pool.end();
  });

  test("a row PostgreSQL rejects rolls the whole copy back, and the copy can be run again once fixed", async () => {
    const broken = path.join(dir, "broken.db");
    fs.copyFileSync(file, broken);
    const sqlite = new Database(broken);
    // A completion whose lesson is gone, left by a time when foreign keys were off.
    sqlite.pragma("foreign_keys = OFF");
    sqlite.prepare("INSERT INTO lesson_completions (user_id, lesson_id, completed_at) VALUES (1, 999, 0)").run();
    sqlite.close();

    const target = await fresh();
    await expect(copySqliteToPostgres(broken, target.url)).rejects.toThrow(/lesson_completions/);
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    expect((await pool.query("SELECT count(*)::int AS n FROM users")).rows).toEqual([{ n: 0 }]);
    await pool.end();
    await expect(copySqliteToPostgres(file, target.url)).resolves.toMatchObject({ tables: { users: 2 } });
  });

  test("a SQLite database behind this code's migrations, or a bad target, is refused with a sentence", async () => {
    const old = path.join(dir, "old.db");
    fs.copyFileSync(file, old);
    const sqlite = new Database(old);
    sqlite.prepare("DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)").run();
    sqlite.close();
    const target = await fresh();
    await expect(copySqliteToPostgres(old, target.url)).rejects.toThrow(/has \d+ of this code's \d+ migrations: start this version/);

    const wrong = new URL(target.url);
    wrong.password = "nope";
    const refused = copySqliteToPostgres(file, wrong.toString());
    await expect(refused).rejects.toBeInstanceOf(CopyError);
    await expect(refused).rejects.toThrow(/wrong password/);
    await expect(copySqliteToPostgres(path.join(dir, "missing.db"), target.url)).rejects.toThrow(/Cannot open the SQLite database/);
  });
});
