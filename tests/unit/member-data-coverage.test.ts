import { getTableConfig, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { MEMBER_DATA } from "~/models/accounts/account-data.server";
import { schemaTables } from "../schema-tables";

// Issue 30: export and deletion must cover every table that holds member data.
// This walks db/schema.ts, so a table added later with a reference to a member
// (or a copy of a member's name) fails here until MEMBER_DATA says how the
// export includes it and what deleting the account does to it.

const tables = schemaTables();

/** Names that hold a member's id without a declared foreign key, or a copy of their name. */
const LOOKS_LIKE_A_MEMBER = /^(user|author|member|owner|sender|recipient|instructor)_id$|_by(_admin)?$/;
const LOOKS_LIKE_A_NAME = /^(author|member|owner|sender|recipient|instructor|user)_names?$/;

function memberReferences(config: ReturnType<typeof getTableConfig>) {
  const references = new Map<string, string>();
  for (const foreignKey of config.foreignKeys) {
    const reference = foreignKey.reference();
    if (getTableConfig(reference.foreignTable).name !== "users") continue;
    for (const column of reference.columns) references.set(column.name, foreignKey.onDelete ?? "no action");
  }
  for (const column of config.columns) {
    if (LOOKS_LIKE_A_MEMBER.test(column.name) && !references.has(column.name)) references.set(column.name, "no foreign key");
  }
  return references;
}

describe("member data coverage (issue 30)", () => {
  it("finds the schema's tables", () => {
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(["users", "conference_messages", "course_instructors", "lesson_release_notices"]));
  });

  it("lists every table that refers to a member, with each reference column and the rule the database applies to it", () => {
    const uncovered: string[] = [];
    for (const config of tables) {
      const references = memberReferences(config);
      const copiedNames = config.columns.filter((column) => LOOKS_LIKE_A_NAME.test(column.name)).map((column) => column.name);
      if (references.size === 0 && copiedNames.length === 0) continue;
      const coverage = MEMBER_DATA[config.name];
      if (!coverage) {
        uncovered.push(`${config.name} (${[...references.keys(), ...copiedNames].join(", ")})`);
        continue;
      }
      // Each column, with what the database really does on deletion: the list cannot claim a cascade that is a set null.
      const actual = Object.fromEntries([...references].map(([column, onDelete]) => [column, onDelete]));
      const declared = Object.fromEntries(Object.entries(coverage.references).map(([column, rule]) => [column, rule.onDelete]));
      expect(declared, config.name).toEqual(actual);
      expect(Object.keys(coverage.copiedNames ?? {}).sort(), `${config.name}: copied names`).toEqual(copiedNames.sort());
    }
    expect(uncovered, "tables that refer to a member but are missing from MEMBER_DATA (app/models/accounts/account-data.server.ts)").toEqual([]);
  });

  it("names only tables that exist, and says for each how the export includes it", () => {
    const names = new Set(tables.map((table) => table.name));
    for (const [table, coverage] of Object.entries(MEMBER_DATA)) {
      expect(names.has(table), `${table} is not in db/schema.ts`).toBe(true);
      if ("omitted" in coverage.export) expect(coverage.export.omitted.length, table).toBeGreaterThan(10);
    }
  });

  it("would catch a new table: by its foreign key, by a column named like a member's id, or by a copied name", () => {
    const forgotten = getTableConfig(
      sqliteTable("new_member_thing", {
        userId: integer("user_id").references(() => schema.users.id, { onDelete: "cascade" }),
        reviewedBy: integer("reviewed_by"),
        authorName: text("author_name"),
      }),
    );
    expect([...memberReferences(forgotten)]).toEqual([
      ["user_id", "cascade"],
      ["reviewed_by", "no foreign key"],
    ]);
    expect(forgotten.columns.filter((column) => LOOKS_LIKE_A_NAME.test(column.name)).map((column) => column.name)).toEqual(["author_name"]);
    expect(MEMBER_DATA[forgotten.name]).toBeUndefined();
  });
});
