import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migratePostgres } from "#db/postgres/migrate";
import { schemaTables } from "../schema-tables";
import { freshPostgresDatabase } from "../postgres/database";

/*
 * The two engines' catalogs after their own migrations (db/migrations on SQLite,
 * db/migrations-pg on PostgreSQL) must describe the same database: tables, columns
 * (name, nullability, default or not, type family), primary keys, indexes (name,
 * keys, unique, partial), foreign keys (keys, target, on delete), checks and triggers
 * by name. A change made to one engine only — a hand-written SQLite migration, a
 * forgotten `npm run db:generate:pg` — fails here.
 */

/**
 * Full-text search is each engine's own (SQLite: FTS5; PostgreSQL: tsvector and pg_trgm,
 * added by the search modules), so its objects are left out by name: the FTS5 tables of
 * migrations 0001 (knowledge_base_fts), 0013 (knowledge_base_words) and 0002/0023
 * (companion_fts), FTS5's shadow tables of each, and the triggers that keep them in step;
 * on PostgreSQL (db/migrations-pg 0002, 0003) the generated tsvector columns `search` and their
 * GIN indexes, the knowledge base's pg_trgm index, and the companion library's version
 * (a one-row table and the statement trigger on companion_chunks that moves it).
 */
const SEARCH_TABLES = ["knowledge_base_fts", "knowledge_base_words", "companion_fts"];
const FTS5_SHADOW_SUFFIXES = ["_data", "_idx", "_docsize", "_config", "_content"];
const SEARCH_TRIGGERS = SEARCH_TABLES.flatMap((name) => ["insert", "delete", "update"].map((op) => `${name}_after_${op}`));
const PG_SEARCH_COLUMNS = ["companion_chunks.search", "knowledge_base_articles.search"];
const PG_SEARCH_TABLES = ["companion_library_version"];
const PG_SEARCH_TRIGGERS = ["companion_library_changed"];
const PG_SEARCH_INDEXES = ["companion_chunks_search", "knowledge_base_articles_search", "knowledge_base_articles_trigrams"];
const isSearchTable = (name: string) =>
  SEARCH_TABLES.some((search) => name === search || FTS5_SHADOW_SUFFIXES.some((suffix) => name === `${search}${suffix}`));

type Family = "integer" | "text" | "real" | "boolean" | "timestamp" | "json" | "bytes";

interface Column {
  name: string;
  family: Family;
  nullable: boolean;
  hasDefault: boolean;
}
interface Index {
  name: string;
  keys: string[];
  unique: boolean;
  partial: boolean;
}
interface ForeignKey {
  columns: string[];
  target: string;
  targetColumns: string[];
  onDelete: string;
}
interface TableCatalog {
  columns: Column[];
  primaryKey: string[];
  indexes: Index[];
  foreignKeys: ForeignKey[];
  checks: string[];
  triggers: string[];
}
type Catalog = Record<string, TableCatalog>;

/** An index key as text both engines can agree on: `lower(username)`, `user_id`. */
const normaliseKey = (key: string) => key.replace(/[`"\s]/g, "").toLowerCase();
const sortIndexes = (indexes: Index[]) => indexes.sort((a, b) => a.name.localeCompare(b.name));
const sortForeignKeys = (keys: ForeignKey[]) => keys.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

// --- SQLite ---------------------------------------------------------------------

/**
 * SQLite stores timestamps and booleans as integers and JSON as text, so its catalog
 * alone cannot tell them apart: the family is the schema's column kind (db/schema.ts),
 * and the declared type of the migrated column must be that kind's storage type.
 */
const SQLITE_KINDS: Record<string, { family: Family; declared: string }> = {
  SQLiteInteger: { family: "integer", declared: "integer" },
  SQLiteTimestamp: { family: "timestamp", declared: "integer" },
  SQLiteBoolean: { family: "boolean", declared: "integer" },
  SQLiteText: { family: "text", declared: "text" },
  SQLiteTextJson: { family: "json", declared: "text" },
  SQLiteReal: { family: "real", declared: "real" },
  SQLiteBlobBuffer: { family: "bytes", declared: "blob" },
};
const SQLITE_DECLARED: Record<string, Family> = { integer: "integer", text: "text", real: "real", blob: "bytes" };

function sqliteKinds(): Map<string, string> {
  const kinds = new Map<string, string>();
  for (const table of schemaTables()) {
    for (const column of table.columns) kinds.set(`${table.name}.${column.name}`, column.columnType);
  }
  return kinds;
}

function sqliteCatalog(file: string): { catalog: Catalog; declaredMismatches: string[] } {
  const sqlite = new Database(file);
  // As the academy migrates (db/client.server.ts): table rebuilds must not cascade.
  sqlite.pragma("foreign_keys = OFF");
  migrate(drizzle(sqlite), { migrationsFolder: path.resolve("db/migrations") });
  const kinds = sqliteKinds();
  const declaredMismatches: string[] = [];
  const all = <T>(query: string, ...params: unknown[]) => sqlite.prepare(query).all(...params) as T[];

  const tables = all<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'",
  ).filter((table) => !isSearchTable(table.name));
  const catalog: Catalog = {};
  for (const table of tables) {
    const info = all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
      `PRAGMA table_info(${JSON.stringify(table.name)})`,
    );
    const columns = info.map((column): Column => {
      const declared = column.type.toLowerCase();
      const kind = kinds.get(`${table.name}.${column.name}`);
      const known = kind ? SQLITE_KINDS[kind] : undefined;
      if (kind && !known) declaredMismatches.push(`${table.name}.${column.name}: unmapped drizzle kind ${kind}`);
      if (known && known.declared !== declared) {
        declaredMismatches.push(`${table.name}.${column.name}: declared ${declared}, schema says ${kind}`);
      }
      return {
        name: column.name,
        family: known?.family ?? SQLITE_DECLARED[declared] ?? "text",
        // A primary-key column holds no NULL (drizzle declares them NOT NULL; an INTEGER PRIMARY KEY is the rowid).
        nullable: column.notnull === 0 && column.pk === 0,
        hasDefault: column.dflt_value !== null,
      };
    });
    const primaryKey = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);

    const indexes = all<{ name: string; unique: number; origin: string; partial: number }>(
      `PRAGMA index_list(${JSON.stringify(table.name)})`,
    )
      .filter((index) => index.origin !== "pk")
      .map((index): Index => {
        const keyNames = all<{ name: string | null; key: number }>(`PRAGMA index_xinfo(${JSON.stringify(index.name)})`)
          .filter((key) => key.key === 1)
          .map((key) => key.name);
        const sql = all<{ sql: string | null }>("SELECT sql FROM sqlite_master WHERE name = ?", index.name)[0]?.sql ?? "";
        const expressions = splitKeys(sql.slice(sql.indexOf("(") + 1, keyListEnd(sql)));
        return {
          name: index.name,
          keys: keyNames.map((name, position) => normaliseKey(name ?? expressions[position] ?? "?")),
          unique: index.unique === 1,
          partial: index.partial === 1,
        };
      });

    const foreignKeyRows = all<{ id: number; seq: number; table: string; from: string; to: string; on_delete: string }>(
      `PRAGMA foreign_key_list(${JSON.stringify(table.name)})`,
    );
    const foreignKeys = [...new Set(foreignKeyRows.map((row) => row.id))].map((id): ForeignKey => {
      const rows = foreignKeyRows.filter((row) => row.id === id).sort((a, b) => a.seq - b.seq);
      return {
        columns: rows.map((row) => row.from),
        target: rows[0]!.table,
        targetColumns: rows.map((row) => row.to),
        onDelete: rows[0]!.on_delete.toLowerCase(),
      };
    });

    const checks = [...table.sql.matchAll(/CONSTRAINT\s+["`]?(\w+)["`]?\s+CHECK/gi)].map((match) => match[1]!).sort();
    const triggers = all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?", table.name)
      .map((trigger) => trigger.name)
      .filter((name) => !SEARCH_TRIGGERS.includes(name))
      .sort();

    catalog[table.name] = {
      columns,
      primaryKey,
      indexes: sortIndexes(indexes),
      foreignKeys: sortForeignKeys(foreignKeys),
      checks,
      triggers,
    };
  }
  sqlite.close();
  return { catalog, declaredMismatches };
}

/** Where the key list of `CREATE INDEX … ON t (keys) [WHERE …]` ends. */
function keyListEnd(sql: string): number {
  let depth = 0;
  for (let i = sql.indexOf("("); i < sql.length; i++) {
    if (sql[i] === "(") depth++;
    if (sql[i] === ")" && --depth === 0) return i;
  }
  return sql.length;
}

/** Splits an index's key list at its top-level commas. */
function splitKeys(list: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of list) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (char === "," && depth === 0) {
      keys.push(current);
      current = "";
    } else current += char;
  }
  keys.push(current);
  return keys.map((key) => key.trim());
}

// --- PostgreSQL -----------------------------------------------------------------

const PG_TYPES: Record<string, Family> = {
  integer: "integer",
  bigint: "integer",
  text: "text",
  "double precision": "real",
  boolean: "boolean",
  "timestamp(3) with time zone": "timestamp",
  jsonb: "json",
  bytea: "bytes",
};
const PG_ON_DELETE: Record<string, string> = { a: "no action", r: "restrict", c: "cascade", n: "set null", d: "set default" };

async function postgresCatalog(client: pg.Pool): Promise<{ catalog: Catalog; unknownTypes: string[] }> {
  const rows = async <T extends pg.QueryResultRow>(query: string) => (await client.query<T>(query)).rows;
  const unknownTypes: string[] = [];
  const columns = await rows<{ table: string; name: string; type: string; notnull: boolean; has_default: boolean }>(`
    SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
           a.attnotnull AS notnull, a.atthasdef AS has_default
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY c.relname, a.attnum`);
  const constraints = await rows<{ table: string; name: string; type: string; keys: string[]; target: string | null; target_keys: string[] | null; on_delete: string }>(`
    SELECT c.relname AS table, k.conname AS name, k.contype AS type,
           ARRAY(SELECT attname::text FROM unnest(k.conkey) WITH ORDINALITY u(num, pos)
                 JOIN pg_attribute ON attrelid = k.conrelid AND attnum = u.num ORDER BY u.pos) AS keys,
           t.relname AS target,
           ARRAY(SELECT attname::text FROM unnest(k.confkey) WITH ORDINALITY u(num, pos)
                 JOIN pg_attribute ON attrelid = k.confrelid AND attnum = u.num ORDER BY u.pos) AS target_keys,
           k.confdeltype AS on_delete
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_class t ON t.oid = k.confrelid
    WHERE n.nspname = 'public'`);
  const indexes = await rows<{ table: string; name: string; unique: boolean; partial: boolean; keys: string[] }>(`
    SELECT c.relname AS table, i.relname AS name, x.indisunique AS unique, x.indpred IS NOT NULL AS partial,
           ARRAY(SELECT pg_get_indexdef(x.indexrelid, k, true) FROM generate_series(1, x.indnkeyatts) k ORDER BY k) AS keys
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT x.indisprimary`);
  const triggers = await rows<{ table: string; name: string }>(`
    SELECT c.relname AS table, g.tgname AS name
    FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT g.tgisinternal`);

  const catalog: Catalog = {};
  for (const column of columns) {
    if (PG_SEARCH_COLUMNS.includes(`${column.table}.${column.name}`) || PG_SEARCH_TABLES.includes(column.table)) continue;
    const family = PG_TYPES[column.type];
    if (!family) unknownTypes.push(`${column.table}.${column.name}: ${column.type}`);
    catalog[column.table] ??= { columns: [], primaryKey: [], indexes: [], foreignKeys: [], checks: [], triggers: [] };
    catalog[column.table]!.columns.push({
      name: column.name,
      family: family ?? "text",
      nullable: !column.notnull,
      // An identity column has no default expression (as SQLite's autoincrement id has none).
      hasDefault: column.has_default,
    });
  }
  for (const constraint of constraints) {
    const table = catalog[constraint.table]!;
    if (constraint.type === "p") table.primaryKey = constraint.keys;
    if (constraint.type === "c") table.checks.push(constraint.name);
    if (constraint.type === "f") {
      table.foreignKeys.push({
        columns: constraint.keys,
        target: constraint.target!,
        targetColumns: constraint.target_keys!,
        onDelete: PG_ON_DELETE[constraint.on_delete]!,
      });
    }
  }
  for (const index of indexes) {
    if (PG_SEARCH_INDEXES.includes(index.name)) continue;
    catalog[index.table]!.indexes.push({ name: index.name, keys: index.keys.map(normaliseKey), unique: index.unique, partial: index.partial });
  }
  for (const trigger of triggers.filter((found) => !PG_SEARCH_TRIGGERS.includes(found.name))) catalog[trigger.table]!.triggers.push(trigger.name);
  for (const table of Object.values(catalog)) {
    sortIndexes(table.indexes);
    sortForeignKeys(table.foreignKeys);
    table.checks.sort();
    table.triggers.sort();
  }
  return { catalog, unknownTypes };
}

// --- The comparison -------------------------------------------------------------

describe("SQLite's and PostgreSQL's migrated catalogs are the same database (issue 43)", () => {
  let sqlite: ReturnType<typeof sqliteCatalog>;
  let postgres: Awaited<ReturnType<typeof postgresCatalog>>;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-catalog-"));
    sqlite = sqliteCatalog(path.join(dir, "catalog.db"));
    const database = await freshPostgresDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      await migratePostgres(pool);
      postgres = await postgresCatalog(pool);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("every column type is one the comparison knows, and SQLite declares what the schema reads", () => {
    expect(postgres.unknownTypes).toEqual([]);
    expect(sqlite.declaredMismatches).toEqual([]);
  });

  test("the same tables", () => {
    expect(Object.keys(postgres.catalog).sort()).toEqual(Object.keys(sqlite.catalog).sort());
    expect(Object.keys(sqlite.catalog).length).toBeGreaterThan(40);
  });

  test("the same columns: name, type family, nullability, default or not", () => {
    for (const name of Object.keys(sqlite.catalog)) {
      const byName = (columns: Column[] = []) => [...columns].sort((a, b) => a.name.localeCompare(b.name));
      expect({ table: name, columns: byName(postgres.catalog[name]?.columns) }).toEqual({ table: name, columns: byName(sqlite.catalog[name]!.columns) });
    }
  });

  test("the same primary keys, indexes, foreign keys, checks and triggers", () => {
    for (const [name, table] of Object.entries(sqlite.catalog)) {
      const other = postgres.catalog[name];
      const { columns: _sqliteColumns, ...sqliteRest } = table;
      const { columns: _postgresColumns, ...postgresRest } = other ?? { columns: [] };
      expect({ table: name, ...postgresRest }).toEqual({ table: name, ...sqliteRest });
    }
  });

  test("the comparison sees what matters: partial, expression and unique indexes, cascades, the counts triggers", () => {
    const users = sqlite.catalog.users!;
    expect(users.indexes.find((index) => index.name === "users_email_nocase")).toEqual({
      name: "users_email_nocase",
      keys: ["lower(email)"],
      unique: true,
      partial: true,
    });
    expect(sqlite.catalog.certificates!.foreignKeys.map((key) => key.onDelete).sort()).toEqual(["cascade", "restrict"]);
    expect(sqlite.catalog.knowledge_base_articles!.triggers).toEqual([
      "kb_article_counts_after_delete",
      "kb_article_counts_after_insert",
      "kb_article_counts_after_update",
    ]);
    expect(sqlite.catalog.conferences!.columns.find((column) => column.name === "is_live")?.family).toBe("boolean");
    expect(sqlite.catalog.companion_embeddings!.columns.find((column) => column.name === "vector")?.family).toBe("bytes");
  });
});
