import { and, sql, type SQL } from "drizzle-orm";
import { db } from "#db/client.server";

// The knowledge base's full-text search on SQLite (issue 42): two FTS5 indexes
// kept by triggers (db/migrations 0001 and 0013) — a trigram one that finds
// what was typed even inside a word, and a Porter one that finds other forms
// of the words — ranked by bm25. The only place that knows how the engine
// matches articles; knowledge-base.server.ts says what to find.

/** The index's query for terms that must all appear: each quoted (inner quotes doubled), so operators typed are plain text. */
export function matchAll(terms: string[]): string {
  return terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(" AND ");
}

/** `text` holds `term` (already lower-cased) anywhere: for terms too short for the trigram index. */
export function contains(text: SQL, term: string): SQL {
  return sql`instr(${text}, ${term}) > 0`;
}

const INDEX = { "as-typed": "knowledge_base_fts", "word-forms": "knowledge_base_words" } as const;

/** Article ids (`a` is knowledge_base_articles) one index matches, best first (bm25: title weighted over summary over body). */
export async function rankArticleIds(index: keyof typeof INDEX, terms: string[], conditions: SQL[]): Promise<number[]> {
  if (terms.length === 0) return [];
  const match = matchAll(terms);
  const table = sql.raw(INDEX[index]);
  const rows = await db.all<{ id: number }>(sql`
    select a.id as "id"
    from ${table}
    join knowledge_base_articles a on a.id = ${table}.rowid
    where ${and(...conditions, sql`${table} match ${match}`)}
    order by bm25(${table}, 10.0, 4.0, 1.0), a.id desc`);
  return rows.map((row) => row.id);
}
