import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "#db/schema";

/** Every table db/schema.ts declares, as drizzle describes it (name, columns, foreign keys). */
export function schemaTables(): Array<ReturnType<typeof getTableConfig>> {
  const exported: unknown[] = Object.values(schema);
  return exported.filter((value): value is SQLiteTable => is(value, SQLiteTable)).map((table) => getTableConfig(table));
}
