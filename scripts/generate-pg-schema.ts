/**
 * `npm run db:schema:pg [-- --check]`: writes db/schema.pg.ts, PostgreSQL's drizzle
 * schema, from db/schema.ts, the one schema source (decisions 028 and 029). The
 * tables are written once, in the column helpers of db/columns.ts; the copy imports
 * db/columns.pg.ts instead, which gives every helper the same name and row type on
 * pg-core. Nothing else changes. `--check` changes nothing and fails when the
 * committed copy is not what this would write (a unit test runs it).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SCHEMA_SOURCE = path.join(ROOT, "db/schema.ts");
export const PG_SCHEMA = path.join(ROOT, "db/schema.pg.ts");

const SQLITE_IMPORT = /^(import \{[^}]*\} from )"\.\/columns";$/m;

/** The text of db/schema.pg.ts for db/schema.ts's text `source`. */
export function pgSchemaSource(source: string): string {
  const imports = source.match(new RegExp(SQLITE_IMPORT.source, "gm")) ?? [];
  if (imports.length !== 1) {
    throw new Error(`db/schema.ts must import its column helpers from "./columns" on one line, exactly once (found ${imports.length}).`);
  }
  if (/from "drizzle-orm\/(sqlite-core|pg-core|better-sqlite3|node-postgres)"/.test(source)) {
    throw new Error("db/schema.ts must not import an engine's own modules: add a helper to db/columns.ts and db/columns.pg.ts.");
  }
  const header = [
    "// GENERATED from db/schema.ts by scripts/generate-pg-schema.ts (npm run db:schema:pg): do not edit.",
    "// The same tables built with db/columns.pg.ts, PostgreSQL's column helpers.",
    "",
  ].join("\n");
  return header + source.replace(SQLITE_IMPORT, '$1"./columns.pg";');
}

/** Whether the file at `target` is what `pgSchemaSource` makes of the file at `source`. */
export function pgSchemaIsCurrent(source = SCHEMA_SOURCE, target = PG_SCHEMA): boolean {
  const expected = pgSchemaSource(fs.readFileSync(source, "utf8"));
  return fs.existsSync(target) && fs.readFileSync(target, "utf8") === expected;
}

function main(args: string[]): void {
  if (args.includes("--check")) {
    if (!pgSchemaIsCurrent()) {
      console.error("db/schema.pg.ts is not current with db/schema.ts: run `npm run db:schema:pg` and commit it.");
      process.exit(1);
    }
    console.log("db/schema.pg.ts is current.");
    return;
  }
  fs.writeFileSync(PG_SCHEMA, pgSchemaSource(fs.readFileSync(SCHEMA_SOURCE, "utf8")));
  console.log(`Wrote ${path.relative(process.cwd(), PG_SCHEMA)}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
