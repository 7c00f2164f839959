import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reuseStatements } from "#db/reuse-statements";

const notes = sqliteTable("notes", { id: integer("id").primaryKey(), body: text("body").notNull() });

function openNotes(max?: number) {
  const sqlite = new Database(":memory:");
  sqlite.exec("create table notes (id integer primary key, body text not null)");
  sqlite.exec("insert into notes (body) values ('first'), ('second'), ('third')");
  reuseStatements(sqlite, max);
  return sqlite;
}

describe("reused SQLite statements", () => {
  it("compiles the same SQL once and binds new values at each call", () => {
    const sqlite = openNotes();
    const first = sqlite.prepare("select body from notes where id = ?");
    const again = sqlite.prepare("select body from notes where id = ?");
    expect(again).toBe(first);
    expect(first.get(1)).toEqual({ body: "first" });
    expect(again.get(3)).toEqual({ body: "third" });
  });

  it("gives drizzle the right rows whether it last read them as arrays or as objects", () => {
    const db = drizzle(openNotes());
    // A select with fields reads raw arrays; the same SQL through db.all reads objects.
    expect(db.select({ body: notes.body }).from(notes).where(eq(notes.id, 2)).get()).toEqual({ body: "second" });
    expect(db.all(sql`select "body" from "notes" where "notes"."id" = ${2}`)).toEqual([{ body: "second" }]);
    expect(db.select({ body: notes.body }).from(notes).where(eq(notes.id, 1)).get()).toEqual({ body: "first" });
    expect(db.all(sql`select "body" from "notes" where "notes"."id" = ${1}`)).toEqual([{ body: "first" }]);
  });

  it("writes still run and report their changes", () => {
    const sqlite = openNotes();
    const insert = "insert into notes (body) values (?)";
    expect(sqlite.prepare(insert).run("fourth").changes).toBe(1);
    expect(sqlite.prepare(insert).run("fifth").changes).toBe(1);
    expect(sqlite.prepare("select count(*) as n from notes").get()).toEqual({ n: 5 });
  });

  it("compiles a second statement while the first is still being iterated", () => {
    const sqlite = openNotes();
    const source = "select id from notes order by id";
    const seen: number[][] = [];
    for (const row of sqlite.prepare(source).iterate() as IterableIterator<{ id: number }>) {
      seen.push((sqlite.prepare(source).all() as { id: number }[]).map((inner) => inner.id + row.id));
    }
    expect(seen).toEqual([
      [2, 3, 4],
      [3, 4, 5],
      [4, 5, 6],
    ]);
  });

  it("keeps at most the given number, dropping the oldest", () => {
    const sqlite = openNotes(2);
    const a = sqlite.prepare("select 1");
    sqlite.prepare("select 2");
    sqlite.prepare("select 3");
    expect(sqlite.prepare("select 1")).not.toBe(a);
    const three = sqlite.prepare("select 3");
    expect(sqlite.prepare("select 3")).toBe(three);
  });
});

describe("the academy's database connection", () => {
  it("reuses its compiled statements", async () => {
    const { db } = await import("#db/client.server");
    const source = "select id from users where id = ?";
    expect(db.$client.prepare(source)).toBe(db.$client.prepare(source));
  });
});
