import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migratePostgres } from "#db/postgres/migrate";
import * as pgSchema from "#db/schema.pg";
import * as sqliteSchema from "#db/schema";
import { freshPostgresDatabase } from "../postgres/database";

/*
 * The row types are the same on both engines (tests/unit/schema-row-types.test.ts);
 * this checks the values too: what a model writes through drizzle it reads back the
 * same on SQLite and on PostgreSQL — Dates to the millisecond, booleans, JSON,
 * Buffers, integers past 2^31, 8-byte floats — and defaults fill the same kinds.
 */

const AT = new Date(Date.UTC(2026, 10, 28, 8, 30, 15, 123));
const user = {
  username: "Ada",
  passwordHash: "hash",
  role: "admin",
  canCreateCourses: true,
  trialUsedAt: AT,
  createdAt: AT,
} satisfies typeof sqliteSchema.users.$inferInsert;
const conference = {
  title: "Live",
  description: "d",
  scheduledAt: AT,
  isLive: true,
  isPremiumOnly: false,
  createdAt: AT,
} satisfies typeof sqliteSchema.conferences.$inferInsert;
const recording = {
  title: "Long",
  // Past 2^32: bigInt on PostgreSQL.
  sizeBytes: 5_000_000_123,
  createdAt: AT,
} satisfies typeof sqliteSchema.recordings.$inferInsert;
const rateLimit = { key: "sign-in:1.2.3.4", points: 3, expire: AT.getTime() } satisfies typeof sqliteSchema.rateLimits.$inferInsert;
const figures = { personalSales: 1234.5678901, storeSales: 0.1 + 0.2, updatedAt: AT } satisfies Omit<
  typeof sqliteSchema.calculatorRecords.$inferInsert,
  "userId"
>;
const question = {
  position: 1,
  type: "multiple",
  prompt: "Which?",
  options: ["a", "b", "c"],
  correct: [0, 2],
  accepted: null,
} satisfies Omit<typeof sqliteSchema.quizQuestions.$inferInsert, "quizId">;
const vector = Buffer.from(new Float32Array([0.25, -1.5, 3]).buffer);

describe("rows read back the same on both engines (issue 43)", () => {
  let dir: string;
  let sqliteFile: Database.Database;
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-rows-"));
    sqliteFile = new Database(path.join(dir, "rows.db"));
    sqliteFile.pragma("foreign_keys = OFF");
    migrateSqlite(drizzleSqlite(sqliteFile), { migrationsFolder: path.resolve("db/migrations") });
    sqliteFile.pragma("foreign_keys = ON");
    database = await freshPostgresDatabase({ migrated: true });
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // Copied from the run's migrated template: nothing left to apply.
    expect(await migratePostgres(pool)).toBe(0);
  });
  afterAll(async () => {
    sqliteFile.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await pool.end();
    await database.drop();
  });

  async function onSqlite() {
    const db = drizzleSqlite(sqliteFile, { schema: sqliteSchema });
    const s = sqliteSchema;
    const [member] = await db.insert(s.users).values(user).returning();
    await db.insert(s.conferences).values(conference);
    await db.insert(s.recordings).values(recording);
    await db.insert(s.rateLimits).values(rateLimit);
    await db.insert(s.calculatorRecords).values({ ...figures, userId: member!.id });
    const [course] = await db.insert(s.courses).values({ title: "C", description: "d", duration: "1h" }).returning();
    const [lesson] = await db.insert(s.lessons).values({ courseId: course!.id, title: "L", order: 1 }).returning();
    const [quiz] = await db.insert(s.quizzes).values({ lessonId: lesson!.id, passingScore: 70 }).returning();
    await db.insert(s.quizQuestions).values({ ...question, quizId: quiz!.id });
    const [chunk] = await db.insert(s.companionChunks).values({ kind: "lesson", title: "T", body: "B" }).returning();
    await db.insert(s.companionEmbeddings).values({ chunkId: chunk!.id, model: "m", textHash: "h", dimensions: 3, vector });
    return {
      users: await db.select().from(s.users),
      conferences: await db.select().from(s.conferences),
      recordings: await db.select().from(s.recordings),
      rateLimits: await db.select().from(s.rateLimits),
      calculatorRecords: await db.select().from(s.calculatorRecords),
      courses: await db.select().from(s.courses),
      quizzes: await db.select().from(s.quizzes),
      quizQuestions: await db.select().from(s.quizQuestions),
      embeddings: await db.select().from(s.companionEmbeddings),
      live: await db.select({ id: s.conferences.id }).from(s.conferences).where(eq(s.conferences.isLive, true)),
    };
  }

  async function onPostgres() {
    const db = drizzlePostgres(pool, { schema: pgSchema });
    const p = pgSchema;
    const [member] = await db.insert(p.users).values(user).returning();
    await db.insert(p.conferences).values(conference);
    await db.insert(p.recordings).values(recording);
    await db.insert(p.rateLimits).values(rateLimit);
    await db.insert(p.calculatorRecords).values({ ...figures, userId: member!.id });
    const [course] = await db.insert(p.courses).values({ title: "C", description: "d", duration: "1h" }).returning();
    const [lesson] = await db.insert(p.lessons).values({ courseId: course!.id, title: "L", order: 1 }).returning();
    const [quiz] = await db.insert(p.quizzes).values({ lessonId: lesson!.id, passingScore: 70 }).returning();
    await db.insert(p.quizQuestions).values({ ...question, quizId: quiz!.id });
    const [chunk] = await db.insert(p.companionChunks).values({ kind: "lesson", title: "T", body: "B" }).returning();
    await db.insert(p.companionEmbeddings).values({ chunkId: chunk!.id, model: "m", textHash: "h", dimensions: 3, vector });
    return {
      users: await db.select().from(p.users),
      conferences: await db.select().from(p.conferences),
      recordings: await db.select().from(p.recordings),
      rateLimits: await db.select().from(p.rateLimits),
      calculatorRecords: await db.select().from(p.calculatorRecords),
      courses: await db.select().from(p.courses),
      quizzes: await db.select().from(p.quizzes),
      quizQuestions: await db.select().from(p.quizQuestions),
      embeddings: await db.select().from(p.companionEmbeddings),
      live: await db.select({ id: p.conferences.id }).from(p.conferences).where(eq(p.conferences.isLive, true)),
    };
  }

  test("what was written reads back equal, value for value", async () => {
    const started = Date.now();
    const sqlite = await onSqlite();
    const postgres = await onPostgres();

    // Columns filled by NOW differ by when they ran: both must be Dates of this test's time.
    const defaulted = (rows: Array<{ createdAt: Date; updatedAt: Date }>) =>
      rows.map((row) => {
        for (const value of [row.createdAt, row.updatedAt]) {
          expect(value).toBeInstanceOf(Date);
          expect(Math.abs(value.getTime() - started)).toBeLessThan(60_000);
        }
        return { ...row, createdAt: "now", updatedAt: "now" };
      });
    expect(postgres.users).toEqual(sqlite.users);
    expect(postgres.users[0]).toMatchObject({ ...user, firstName: null, themeSettings: null });
    expect(postgres.conferences).toEqual(sqlite.conferences);
    expect(postgres.recordings).toEqual(sqlite.recordings);
    expect(postgres.recordings[0]!.sizeBytes).toBe(5_000_000_123);
    expect(postgres.rateLimits).toEqual([rateLimit]);
    expect(sqlite.rateLimits).toEqual([rateLimit]);
    expect(postgres.calculatorRecords).toEqual(sqlite.calculatorRecords);
    expect(postgres.calculatorRecords[0]).toMatchObject(figures);
    expect(defaulted(postgres.courses)).toEqual(defaulted(sqlite.courses));
    expect(defaulted(postgres.quizzes)).toEqual(defaulted(sqlite.quizzes));
    expect(postgres.quizQuestions).toEqual(sqlite.quizQuestions);
    expect(postgres.quizQuestions[0]).toMatchObject(question);
    expect(postgres.embeddings).toEqual(sqlite.embeddings);
    expect(Buffer.isBuffer(postgres.embeddings[0]!.vector)).toBe(true);
    expect(postgres.embeddings[0]!.vector.equals(vector)).toBe(true);
    expect(postgres.live).toEqual(sqlite.live);
    expect(postgres.live).toHaveLength(1);
  });

  test("a timestamp compares equal to the Date that was stored (millisecond precision)", async () => {
    const db = drizzlePostgres(pool, { schema: pgSchema });
    const found = await db
      .select({ id: pgSchema.conferences.id })
      .from(pgSchema.conferences)
      .where(eq(pgSchema.conferences.scheduledAt, AT));
    expect(found).toHaveLength(1);
  });
});
