import { db, onSqlite, type Tx } from "#db/client.server";
import { sql } from "drizzle-orm";
import { later } from "#db/sqlite/later";
import type { Concept } from "~/models/companion/companion-question";
import type { PassageRow, PassageText, PremiumLessonMatch } from "~/models/companion/companion-search-rows";

// The study companion's full-text search on SQLite (FTS5 and bm25): the only
// place that knows how the companion's passages are matched and ranked by the
// engine (issue 42). Who may read what is decided inside each statement.
// companion-search.server.ts picks this module or its PostgreSQL twin.

/**
 * The concepts as an FTS5 query: every term quoted, a concept's terms joined
 * by OR, concepts joined by `join`. Nothing the asker typed reaches MATCH as
 * syntax — quotes, *, NEAR( and column: prefixes are not words, so they never
 * survive queryWords.
 */
export function matchQuery(concepts: Concept[], join: "AND" | "OR"): string | null {
  if (concepts.length === 0) return null;
  const groups = concepts.map((concept) => {
    const terms = concept.terms.map((term) => `"${term.text}"${term.prefix ? "*" : ""}`);
    return terms.length === 1 ? (terms[0] ?? "") : `(${terms.join(" OR ")})`;
  });
  return groups.join(` ${join} `);
}

// A passage the asker may read: a published article, an active template
// (Premium ones with Premium), an active lesson of an active course (Premium
// courses with Premium) that is released to the asker.
const READABLE = `(
      (c.kind = 'article' AND a.is_published = 1)
      OR (c.kind = 'template' AND t.is_active = 1 AND (t.is_premium_only = 0 OR @premium = 1))
      OR (c.kind = 'lesson' AND l.is_active = 1 AND co.is_active = 1 AND (co.is_premium = 0 OR @premium = 1)
          AND c.lesson_id NOT IN (SELECT value FROM json_each(@lockedLessons)))
    )`;

// A question asked from a lesson ranks that lesson first, then the rest of its
// course (bm25 is negative: larger multipliers rank higher).
const CONTEXT_WEIGHT = `(CASE WHEN c.lesson_id = @lessonId THEN 3.0 WHEN c.course_id = @courseId THEN 1.5 ELSE 1.0 END)`;

// Title hits weigh most, then section headings, then the text.
const readablePassagesQuery = later(() => db.$client.prepare<
  { query: string; premium: number; lessonId: number; courseId: number; limit: number; lockedLessons: string },
  PassageRow
>(`
  SELECT bm25(companion_fts, 8.0, 4.0, 1.0) AS rank, bm25(companion_fts, 8.0, 4.0, 1.0) * ${CONTEXT_WEIGHT} AS weighted,
         c.id AS chunkId, c.kind, c.title, c.heading, c.body, c.lesson_id AS lessonId, c.course_id AS courseId,
         c.section_number AS sectionNumber, c.article_id AS articleId, c.template_id AS templateId, t.category AS templateCategory,
         c.start_seconds AS startSeconds, coalesce(co.is_premium, t.is_premium_only, 0) AS premiumOnly
  FROM companion_fts
  JOIN companion_chunks c ON c.id = companion_fts.rowid
  LEFT JOIN lessons l ON l.id = c.lesson_id
  LEFT JOIN courses co ON co.id = c.course_id
  LEFT JOIN knowledge_base_articles a ON a.id = c.article_id
  LEFT JOIN tool_templates t ON t.id = c.template_id
  WHERE companion_fts MATCH @query
    AND ${READABLE}
  ORDER BY weighted
  LIMIT @limit
`));

// The Premium lessons that match, each with its best passage's id: where they
// are, never what they say (a member with Premium then reads those passages
// by id). SQLite takes the bare columns from the row that has the min(rank).
const premiumLessonMatchesQuery = later(() => db.$client.prepare<{ query: string; lessonId: number; courseId: number; limit: number; lockedLessons: string }, PremiumLessonMatch>(`
  SELECT min(rank) AS rank, min(rank) * weight AS weighted, chunkId, title, courseTitle, courseId FROM (
    SELECT bm25(companion_fts, 8.0, 4.0, 1.0) AS rank, ${CONTEXT_WEIGHT} AS weight, c.id AS chunkId, c.lesson_id AS lessonId,
           c.title AS title, co.title AS courseTitle, co.id AS courseId
    FROM companion_fts
    JOIN companion_chunks c ON c.id = companion_fts.rowid
    JOIN lessons l ON l.id = c.lesson_id
    JOIN courses co ON co.id = c.course_id
    WHERE companion_fts MATCH @query
      AND c.kind = 'lesson' AND l.is_active = 1 AND co.is_active = 1 AND co.is_premium = 1
      AND c.lesson_id NOT IN (SELECT value FROM json_each(@lockedLessons))
    LIMIT -1 -- keeps SQLite from flattening the subquery, where bm25() cannot run
  )
  GROUP BY lessonId
  ORDER BY rank
  LIMIT @limit
`));

// Passages picked by id (from premiumLessonMatches, or nearest in meaning).
// The rules are applied again here, in this statement, rather than trusted
// from the query that found the ids: a course hidden in between stays hidden.
const passagesByIdQuery = later(() => db.$client.prepare<{ ids: string; premium: number; lockedLessons: string }, PassageText>(`
  SELECT c.id AS chunkId, c.kind, c.title, c.heading, c.body, c.lesson_id AS lessonId, c.course_id AS courseId,
         c.section_number AS sectionNumber, c.article_id AS articleId, c.template_id AS templateId, t.category AS templateCategory,
         c.start_seconds AS startSeconds, coalesce(co.is_premium, t.is_premium_only, 0) AS premiumOnly
  FROM companion_chunks c
  LEFT JOIN lessons l ON l.id = c.lesson_id
  LEFT JOIN courses co ON co.id = c.course_id
  LEFT JOIN knowledge_base_articles a ON a.id = c.article_id
  LEFT JOIN tool_templates t ON t.id = c.template_id
  WHERE c.id IN (SELECT value FROM json_each(@ids)) AND ${READABLE}
`));


const libraryStateQuery = later(() => db.$client.prepare<[], { passages: number; newest: number }>("SELECT count(*) AS passages, coalesce(max(id), 0) AS newest FROM companion_chunks"));
const libraryTermsQuery = later(() => {
  db.$client.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.companion_terms USING fts5vocab(main, companion_fts, row)");
  return db.$client.prepare<[], { term: string; doc: number }>("SELECT term, doc FROM temp.companion_terms");
});

/** How many passages there are and the newest id: the library's version. */
export async function libraryVersion(): Promise<string> {
  const state = await onSqlite(() => libraryStateQuery().get());
  return `${state?.passages ?? 0}:${state?.newest ?? 0}`;
}

/** How many passages there are, and every stem in the index with how many passages hold it. */
export function libraryTerms(): Promise<{ passages: number; terms: Array<{ term: string; doc: number }> }> {
  return onSqlite(() => ({ passages: libraryStateQuery().get()?.passages ?? 0, terms: libraryTermsQuery().all() }));
}

type Scope = { lessonId: number; courseId: number; lockedLessons: string };

export function readablePassages(params: Scope & { query: string; premium: number; limit: number }): Promise<PassageRow[]> {
  return onSqlite(() => readablePassagesQuery().all(params));
}

export function premiumLessonMatches(params: Scope & { query: string; limit: number }): Promise<PremiumLessonMatch[]> {
  return onSqlite(() => premiumLessonMatchesQuery().all(params));
}

export function passagesById(params: { ids: string; premium: number; lockedLessons: string }): Promise<Array<PassageText>> {
  return onSqlite(() => passagesByIdQuery().all(params));
}

/** Merges the index's segments after a rebuild. */
export async function optimizeIndex(tx: Tx): Promise<void> {
  await tx.run(sql`INSERT INTO companion_fts(companion_fts) VALUES ('optimize')`);
}

const readableChunkIdsQuery = later(() => db.$client.prepare<{ premium: number; lockedLessons: string }, { id: number }>(`
  SELECT c.id AS id
  FROM companion_chunks c
  LEFT JOIN lessons l ON l.id = c.lesson_id
  LEFT JOIN courses co ON co.id = c.course_id
  LEFT JOIN knowledge_base_articles a ON a.id = c.article_id
  LEFT JOIN tool_templates t ON t.id = c.template_id
  WHERE ${READABLE}
`));

/** The passages a member may read (the same rule as the searches, without a MATCH), for the meaning-based search. */
export async function readableChunkIds(params: { premium: number; lockedLessons: string }): Promise<number[]> {
  return (await onSqlite(() => readableChunkIdsQuery().all(params))).map((row) => row.id);
}
