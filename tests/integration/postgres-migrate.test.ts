import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DatabaseNewerThanCodeError, migratePostgres, PG_MIGRATIONS_FOLDER } from "#db/postgres/migrate";
import { freshPostgresDatabase } from "../postgres/database";

const MIGRATIONS = readMigrationFiles({ migrationsFolder: PG_MIGRATIONS_FOLDER }).length;

describe("PostgreSQL migrations at start (issue 43)", () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  const pools: pg.Pool[] = [];
  const pool = () => {
    const created = new pg.Pool({ connectionString: database.url, max: 3 });
    // An idle connection the server ends (a test terminates backends) is an 'error' event: not a failure here.
    created.on("error", () => {});
    pools.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await freshPostgresDatabase();
  });
  afterAll(async () => {
    await Promise.all(pools.map((each) => each.end()));
    await database.drop();
  });

  test("a migration waits while another process holds the lock", async () => {
    const holder = await pool().connect();
    await holder.query("SELECT pg_advisory_lock(43000001)");
    const migrating = migratePostgres(pool());
    // Wait until the migration is blocked on the advisory lock, then check it has done nothing.
    const observer = pool();
    for (;;) {
      const waiting = await observer.query(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = 43000001",
      );
      if (waiting.rows[0].n === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const before = await observer.query("SELECT to_regclass('public.users') AS users");
    expect(before.rows[0].users).toBeNull();
    await holder.query("SELECT pg_advisory_unlock(43000001)");
    holder.release();
    expect(await migrating).toBe(MIGRATIONS);
  });

  test("two academies starting at once against a fresh database both succeed, and migrate once", async () => {
    const fresh = await freshPostgresDatabase();
    const twoProcesses = [new pg.Pool({ connectionString: fresh.url }), new pg.Pool({ connectionString: fresh.url })];
    for (const each of twoProcesses) each.on("error", () => {});
    try {
      const applied = await Promise.all(twoProcesses.map((each) => migratePostgres(each)));
      expect(applied.sort()).toEqual([0, MIGRATIONS]);

      const check = twoProcesses[0]!;
      const recorded = await check.query("SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes FROM drizzle.__drizzle_migrations");
      expect(recorded.rows[0]).toEqual({ n: MIGRATIONS, hashes: MIGRATIONS });
      const tables = await check.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      const names = tables.rows.map((row) => row.table_name);
      expect(names).toContain("users");
      expect(names).toContain("kb_article_counts");
      expect(new Set(names).size).toBe(names.length);
      // Starting again later applies nothing.
      expect(await migratePostgres(check)).toBe(0);
    } finally {
      await Promise.all(twoProcesses.map((each) => each.end()));
      await fresh.drop();
    }
  });

  test("a database migrated by newer code is refused with a clear message", async () => {
    const client = pool();
    await client.query("INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-the-future', $1)", [
      Date.now() + 365 * 24 * 3600_000,
    ]);
    try {
      const refused = migratePostgres(client);
      await expect(refused).rejects.toBeInstanceOf(DatabaseNewerThanCodeError);
      await expect(refused).rejects.toThrow(/newer than this code's last/);
      // The refused start freed the lock: the next one is not stuck behind it.
      const lock = await client.query("SELECT pg_try_advisory_lock(43000001) AS ok");
      expect(lock.rows[0].ok).toBe(true);
    } finally {
      await client.query("DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'from-the-future'");
    }
  });

  test("triggers keep the knowledge base's article counts and the forum's topic counts", async () => {
    const client = pool();
    const counts = async () =>
      (await client.query("SELECT is_published, category, n FROM kb_article_counts ORDER BY is_published, category")).rows;
    const article = await client.query<{ id: number }>(
      "INSERT INTO knowledge_base_articles (title, content, summary, category) VALUES ('Habits', 'Body', 'Sum', 'Study Tips') RETURNING id",
    );
    const articleId = article.rows[0]!.id;
    expect(await counts()).toEqual([{ is_published: false, category: "Study Tips", n: 1 }]);
    await client.query("UPDATE knowledge_base_articles SET is_published = true WHERE id = $1", [articleId]);
    await client.query("UPDATE knowledge_base_articles SET view_count = view_count + 1 WHERE id = $1", [articleId]);
    expect(await counts()).toEqual([
      { is_published: false, category: "Study Tips", n: 0 },
      { is_published: true, category: "Study Tips", n: 1 },
    ]);
    await client.query("DELETE FROM knowledge_base_articles WHERE id = $1", [articleId]);
    expect((await counts()).map((row) => row.n)).toEqual([0, 0]);

    const categories = await client.query<{ id: number }>(
      "INSERT INTO forum_categories (name, description) VALUES ('A', 'a'), ('B', 'b') RETURNING id",
    );
    const [a, b] = categories.rows.map((row) => row.id);
    const topicCounts = async () =>
      (await client.query("SELECT topic_count FROM forum_categories WHERE id IN ($1, $2) ORDER BY id", [a, b])).rows.map(
        (row) => row.topic_count,
      );
    const topic = await client.query<{ id: number }>(
      "INSERT INTO forum_topics (category_id, title, content, last_activity_at) VALUES ($1, 'T', 'C', now()) RETURNING id",
      [a],
    );
    expect(await topicCounts()).toEqual([1, 0]);
    await client.query("UPDATE forum_topics SET category_id = $1 WHERE id = $2", [b, topic.rows[0]!.id]);
    expect(await topicCounts()).toEqual([0, 1]);
    await client.query("UPDATE forum_topics SET title = 'T2' WHERE id = $1", [topic.rows[0]!.id]);
    expect(await topicCounts()).toEqual([0, 1]);
    await client.query("DELETE FROM forum_topics WHERE id = $1", [topic.rows[0]!.id]);
    expect(await topicCounts()).toEqual([0, 0]);
  });
});
