import { and, sql, type SQL } from "drizzle-orm";
import { db } from "#db/client.server";
import { containsText, TEXT_SEARCH_CONFIG } from "#db/postgres/dialect";

// The knowledge base's full-text search on PostgreSQL (issue 43;
// docs/decisions/031), the twin of knowledge-base-search.sqlite.server.ts:
// - as typed: pg_trgm's GIN index over title, summary and body joined by a
//   space serves ILIKE '%term%', so a fragment inside a word is found ("abit"
//   finds "Habit"), case-insensitively;
// - word forms: knowledge_base_articles.search, a tsvector of the academy's
//   text search configuration (Snowball English stems; title A, summary B,
//   body C) with a GIN index, so "pricing" finds "price" (db/migrations-pg 0002, 0003).

/**
 * The search's key text: the terms that must all appear. Queries are built
 * from the terms themselves (ILIKE patterns, phraseto_tsquery), as values,
 * never as syntax; this text only tells two searches apart.
 */
export function matchAll(terms: string[]): string {
  return JSON.stringify(terms);
}

/** `text` holds `term` (already lower-cased) anywhere: for terms too short for the trigram index. */
export function contains(text: SQL, term: string): SQL {
  return containsText(text, term);
}

/** The indexed text of the trigram index: this expression exactly, or the index is not used. */
const TYPED_TEXT = sql`(a.title || ' ' || a.summary || ' ' || a.content)`;

/** An ILIKE pattern matching `term` anywhere, its own `%`, `_` and `\` taken literally. */
const anywhere = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * How strongly an article holds the typed terms: per term, 10 for the title,
 * 4 for the summary, 1 for the body (bm25's column weights on SQLite), so a
 * title hit ranks first; a shorter body ranks a body hit higher.
 */
function typedRank(terms: string[]): SQL {
  const perTerm = terms.map((term) => {
    const pattern = anywhere(term);
    return sql`(CASE WHEN a.title ILIKE ${pattern} THEN 10 ELSE 0 END
      + CASE WHEN a.summary ILIKE ${pattern} THEN 4 ELSE 0 END
      + CASE WHEN a.content ILIKE ${pattern} THEN 1.0 / (1 + ln(1 + length(a.content) / 1000.0)) ELSE 0 END)`;
  });
  return sql.join(perTerm, sql` + `);
}

const CONFIG = sql.raw(`'${TEXT_SEARCH_CONFIG}'`);

/** Every term in some form: each term's words as a phrase, the terms ANDed. */
const wordFormsQuery = (terms: string[]) => sql.join(terms.map((term) => sql`phraseto_tsquery(${CONFIG}, ${term})`), sql` && `);

// ts_rank's weights for D, C, B, A: body 1, summary 4, title 10, as bm25's on SQLite.
const WEIGHTS = sql.raw("'{0, 0.1, 0.4, 1.0}'");

/** Article ids (`a` is knowledge_base_articles) one index matches, best first (title weighted over summary over body). */
export async function rankArticleIds(index: "as-typed" | "word-forms", terms: string[], conditions: SQL[]): Promise<number[]> {
  if (terms.length === 0) return [];
  const rows =
    index === "as-typed"
      ? await db.all<{ id: number }>(sql`
          select a.id as "id"
          from knowledge_base_articles a
          where ${and(...conditions, ...terms.map((term) => sql`${TYPED_TEXT} ilike ${anywhere(term)}`))}
          order by ${typedRank(terms)} desc, a.id desc`)
      : await db.all<{ id: number }>(sql`
          select a.id as "id"
          from knowledge_base_articles a, (select ${wordFormsQuery(terms)} as query) q
          where ${and(...conditions, sql`a.search @@ q.query`)}
          order by ts_rank(${WEIGHTS}, a.search, q.query, 1) desc, a.id desc`);
  return rows.map((row) => row.id);
}
