import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * `column in (…ids)` with the ids bound as one JSON array (`JSON.stringify(ids)`,
 * or a placeholder given that): one SQL text for lists of any length, so a
 * prepared statement can take them.
 */
export function inIdList(column: SQLWrapper, ids: SQLWrapper | string): SQL {
  return sql`${column} in (select value from json_each(${ids}))`;
}
