import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server";
import { seedDemoData } from "#db/seed";
import { ensureAdmin } from "~/models/accounts/user.server";
import { env } from "~/utils/env.server";

// The demo academy a fresh install seeds, row by row, compared with a snapshot
// taken from the seeder before its content moved to content/ (issue 23). Any
// change to the demo content shows up here as a diff; after an intended change,
// regenerate with `UPDATE_SEED_SNAPSHOT=1 npx vitest run --project unit tests/unit/seed-snapshot.test.ts`.
const SNAPSHOT_FILE = path.resolve("tests/fixtures/seed-snapshot.json");

// The seeder dates forum posts, articles and the live session relative to "now":
// a fixed clock makes them the same on every run. Columns filled by SQLite's own
// default (unixepoch) still carry the real time and are written as "<insert time>".
const FIXED_NOW = new Date("2024-06-01T12:34:56.789Z");
const TIME_COLUMN = /(_at|_date)$|^current_period_end$/;

type Row = Record<string, unknown>;

function snapshotTables(realStart: number, realEnd: number): Record<string, Row[]> {
  const sqlite = db.$client;
  // Full-text indexes (virtual tables and their shadow tables) are derived from the tables they index by triggers.
  const indexes = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'").pluck().all().map(String);
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name")
    .pluck()
    .all()
    .map(String)
    .filter((name) => !indexes.some((index) => name === index || name.startsWith(`${index}_`)));
  const snapshot: Record<string, Row[]> = {};
  for (const table of tables) {
    const rows = sqlite.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all() as Row[];
    if (rows.length === 0) continue;
    snapshot[table] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([column, value]) => {
          if (column === "password_hash" && typeof value === "string") return [column, "<password hash>"];
          if (TIME_COLUMN.test(column) && typeof value === "number") {
            if (value >= realStart && value <= realEnd) return [column, "<insert time>"];
            return [column, new Date(value).toISOString()];
          }
          return [column, value];
        }),
      ),
    );
  }
  return snapshot;
}

function snapshotTemplateFiles(): Record<string, string> {
  const dir = path.resolve(env.UPLOADS_DIR, "templates");
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .sort()
      .map((name) => [name, fs.readFileSync(path.join(dir, name), "utf8")]),
  );
}

let seeded: { tables: Record<string, Row[]>; templateFiles: Record<string, string> };

beforeAll(async () => {
  const realStart = Date.now();
  vi.useFakeTimers({ toFake: ["Date"], now: FIXED_NOW });
  await ensureAdmin({ username: "headmaster", password: "correct-horse-battery-staple" });
  expect(await seedDemoData()).toBe(true);
  vi.useRealTimers();
  seeded = { tables: snapshotTables(realStart - 1000, Date.now() + 1000), templateFiles: snapshotTemplateFiles() };
  if (process.env.UPDATE_SEED_SNAPSHOT === "1") fs.writeFileSync(SNAPSHOT_FILE, `${JSON.stringify(seeded, null, 2)}\n`);
});

afterAll(() => {
  vi.useRealTimers();
});

const readSnapshot = (): typeof seeded => JSON.parse(fs.readFileSync(SNAPSHOT_FILE, "utf8"));

describe("the demo academy a fresh install seeds", () => {
  it("has every course, lesson, section, forum post, article, template and live session of the snapshot", () => {
    const expected = readSnapshot();
    const contentTables = ["courses", "lessons", "content_sections", "forum_categories", "forum_topics", "forum_replies", "knowledge_base_articles", "tool_templates", "conferences"];
    for (const table of contentTables) expect(seeded.tables[table]?.length, table).toBeGreaterThan(0);
    for (const table of Object.keys(expected.tables)) expect(seeded.tables[table], table).toEqual(expected.tables[table]);
    expect(Object.keys(seeded.tables).sort()).toEqual(Object.keys(expected.tables).sort());
  });

  it("writes the template files of the snapshot to the uploads folder", () => {
    expect(seeded.templateFiles).toEqual(readSnapshot().templateFiles);
  });
});
