import { sql, type SQL } from "drizzle-orm";
import { db, type Tx } from "#db/client.server";
import { inIdList } from "#db/postgres/dialect";
import { wordsOf } from "#db/word-stems";
import type { Concept } from "~/models/companion/companion-question";
import type { PassageRow, PassageText, PremiumLessonMatch } from "~/models/companion/companion-search.server";

// The study companion's full-text search on PostgreSQL (issue 43;
// docs/decisions/031): companion_chunks.search is a tsvector of the 'english'
// configuration, weights A/B/C for title, heading and text (db/migrations-pg
// 0002), with a GIN index. The twin of companion-search.sqlite.server.ts: the
// same functions, the same rows, who may read what decided inside each statement.

/** The configuration the `search` columns were built with: queries and stems must use the same. */
const CONFIG = sql.raw("'english'");

// ts_rank's weights for D, C, B, A: text 1, heading 4, title 8, as bm25's on SQLite.
const WEIGHTS = sql.raw("'{0.1, 0.125, 0.5, 1.0}'");

/**
 * A passage's rank for the query `q`: ts_rank with the weights above, divided
 * by 1 + log(length) (normalisation 1) as bm25 favours the shorter of two
 * passages holding the same words; negated, so that, as with bm25 on SQLite,
 * lower is better and 0 means no match.
 */
const RANK = sql`(-ts_rank(${WEIGHTS}, c.search, q.query, 1))::float8`;

// A question asked from a lesson ranks that lesson first, then the rest of its course.
const contextWeight = (lessonId: number, courseId: number) =>
  sql`(CASE WHEN c.lesson_id = ${lessonId} THEN 3.0 WHEN c.course_id = ${courseId} THEN 1.5 ELSE 1.0 END)::float8`;

// A passage the asker may read: a published article, an active template
// (Premium ones with Premium), an active lesson of an active course (Premium
// courses with Premium) that is released to the asker.
const readable = (premium: number, lockedLessons: string): SQL => sql`(
      (c.kind = 'article' AND a.is_published)
      OR (c.kind = 'template' AND t.is_active AND (NOT t.is_premium_only OR ${premium}::int = 1))
      OR (c.kind = 'lesson' AND l.is_active AND co.is_active AND (NOT co.is_premium OR ${premium}::int = 1)
          AND NOT ${inIdList(sql`c.lesson_id`, lockedLessons)})
    )`;

const PASSAGE_COLUMNS = sql`c.id AS "chunkId", c.kind AS "kind", c.title AS "title", c.heading AS "heading", c.body AS "body",
         c.lesson_id AS "lessonId", c.course_id AS "courseId", c.section_number AS "sectionNumber", c.article_id AS "articleId",
         c.template_id AS "templateId", t.category AS "templateCategory", c.start_seconds AS "startSeconds",
         coalesce(co.is_premium, t.is_premium_only, false) AS "premiumOnly"`;

const PASSAGE_JOINS = sql`LEFT JOIN lessons l ON l.id = c.lesson_id
  LEFT JOIN courses co ON co.id = c.course_id
  LEFT JOIN knowledge_base_articles a ON a.id = c.article_id
  LEFT JOIN tool_templates t ON t.id = c.template_id`;

/** A term as to_tsquery text: its words quoted (a word is letters and digits only, so nothing typed is syntax), a phrase's words in order. */
function tsTerm(term: { text: string; prefix: boolean }): string | null {
  const words = wordsOf(term.text);
  if (words.length === 0) return null;
  const quoted = words.map((word) => `'${word}'`);
  if (term.prefix) quoted[quoted.length - 1] += ":*";
  return quoted.length === 1 ? (quoted[0] ?? null) : `(${quoted.join(" <-> ")})`;
}

/**
 * The concepts as to_tsquery text: a concept's terms joined by `|`, concepts
 * by `&` (AND) or `|` (OR). PostgreSQL stems the words itself, as the index
 * was built; a prefix term (`'accur':*`) matches every stem that begins so.
 */
export function matchQuery(concepts: Concept[], join: "AND" | "OR"): string | null {
  const groups = concepts.flatMap((concept) => {
    const terms = concept.terms.flatMap((term) => tsTerm(term) ?? []);
    if (terms.length === 0) return [];
    return [terms.length === 1 ? (terms[0] ?? "") : `(${terms.join(" | ")})`];
  });
  return groups.length ? groups.join(join === "AND" ? " & " : " | ") : null;
}

type Scope = { lessonId: number; courseId: number; lockedLessons: string };

export async function readablePassages(params: Scope & { query: string; premium: number; limit: number }): Promise<PassageRow[]> {
  return await db.all<PassageRow>(sql`
    SELECT ${RANK} AS "rank", ${RANK} * ${contextWeight(params.lessonId, params.courseId)} AS "weighted", ${PASSAGE_COLUMNS}
    FROM companion_chunks c
    CROSS JOIN to_tsquery(${CONFIG}, ${params.query}) AS q(query)
    ${PASSAGE_JOINS}
    WHERE c.search @@ q.query AND ${readable(params.premium, params.lockedLessons)}
    ORDER BY "weighted", c.id
    LIMIT ${params.limit}`);
}

// The Premium lessons that match, each with its best passage's id: where they
// are, never what they say (a member with Premium then reads those passages by id).
export async function premiumLessonMatches(params: Scope & { query: string; limit: number }): Promise<PremiumLessonMatch[]> {
  return await db.all<PremiumLessonMatch>(sql`
    SELECT "rank", "rank" * "weight" AS "weighted", "chunkId", "title", "courseTitle", "courseId" FROM (
      SELECT DISTINCT ON (c.lesson_id) ${RANK} AS "rank", ${contextWeight(params.lessonId, params.courseId)} AS "weight",
             c.id AS "chunkId", c.title AS "title", co.title AS "courseTitle", co.id AS "courseId"
      FROM companion_chunks c
      CROSS JOIN to_tsquery(${CONFIG}, ${params.query}) AS q(query)
      JOIN lessons l ON l.id = c.lesson_id
      JOIN courses co ON co.id = c.course_id
      WHERE c.search @@ q.query
        AND c.kind = 'lesson' AND l.is_active AND co.is_active AND co.is_premium
        AND NOT ${inIdList(sql`c.lesson_id`, params.lockedLessons)}
      ORDER BY c.lesson_id, "rank", c.id
    ) best
    ORDER BY "rank", "chunkId"
    LIMIT ${params.limit}`);
}

// Passages picked by id (from premiumLessonMatches, or nearest in meaning).
// The rules are applied again here, in this statement, rather than trusted
// from the query that found the ids: a course hidden in between stays hidden.
export async function passagesById(params: { ids: string; premium: number; lockedLessons: string }): Promise<PassageText[]> {
  return await db.all<PassageText>(sql`
    SELECT ${PASSAGE_COLUMNS}
    FROM companion_chunks c
    ${PASSAGE_JOINS}
    WHERE ${inIdList(sql`c.id`, params.ids)} AND ${readable(params.premium, params.lockedLessons)}`);
}

/** How many passages there are and the newest id: the library's version. */
export async function libraryState(): Promise<{ passages: number; newest: number }> {
  return (
    (await db.get<{ passages: number; newest: number }>(sql`SELECT count(*)::int AS "passages", coalesce(max(id), 0)::int AS "newest" FROM companion_chunks`)) ?? {
      passages: 0,
      newest: 0,
    }
  );
}

/** Every stem in the index and how many passages hold it. */
export async function libraryTerms(): Promise<Array<{ term: string; doc: number }>> {
  return await db.all<{ term: string; doc: number }>(sql`SELECT word AS "term", ndoc AS "doc" FROM ts_stat('SELECT search FROM companion_chunks')`);
}

/**
 * After a rebuild: the GIN index's pending list (where fast updates wait)
 * merged into the index, as FTS5's 'optimize' merges its segments.
 */
export async function optimizeIndex(tx: Tx): Promise<void> {
  await tx.run(sql`SELECT gin_clean_pending_list('companion_chunks_search'::regclass)`);
}

/** The passages a member may read (the same rule as the searches, without a match), for the meaning-based search. */
export async function readableChunkIds(params: { premium: number; lockedLessons: string }): Promise<number[]> {
  const rows = await db.all<{ id: number }>(sql`
    SELECT c.id AS "id"
    FROM companion_chunks c
    ${PASSAGE_JOINS}
    WHERE ${readable(params.premium, params.lockedLessons)}`);
  return rows.map((row) => row.id);
}
