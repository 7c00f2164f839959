import { sql, type SQL } from "drizzle-orm";
import { db, type Tx } from "#db/client.server";
import { inIdList, TEXT_SEARCH_CONFIG } from "#db/postgres/dialect";
import { wordsOf } from "#db/word-stems";
import type { Concept } from "~/models/companion/companion-question";
import type { PassageRow, PassageText, PremiumLessonMatch } from "~/models/companion/companion-search-rows";

// The study companion's full-text search on PostgreSQL (issue 43;
// docs/decisions/031): companion_chunks.search is a tsvector of the academy's
// text search configuration (Snowball English stems, every word kept), weights
// A/B/C for title, heading and text (db/migrations-pg 0002, 0003), with a GIN index. The twin of companion-search.sqlite.server.ts: the
// same functions, the same rows, who may read what decided inside each statement.

/** The configuration the `search` columns were built with: queries and stems must use the same. */
const CONFIG = sql.raw(`'${TEXT_SEARCH_CONFIG}'`);

// ts_rank's weights for D, C, B, A: text 1, heading 4, title 8, as bm25's on SQLite.
const WEIGHTS = sql.raw("'{0.1, 0.125, 0.5, 1.0}'");

/**
 * A passage's rank for the question `q` (questionOf), bm25's order in
 * PostgreSQL's terms: for each concept, ts_rank_cd (cover density: how often
 * and how close together its words stand, with the weights above) scaled to
 * rank / (rank + 1) (normalisation 32), which saturates as bm25's term
 * frequency does, times the concept's weight (its rarity in the library:
 * bm25's IDF, which ts_rank lacks); summed and negated, so that, as with bm25
 * on SQLite, lower is better and 0 means no match. docs/decisions/031 has the
 * figures that chose it.
 */
const RANK = sql`(-(SELECT coalesce(sum(u.weight * ts_rank_cd(${WEIGHTS}, c.search, u.query, 32)), 0)
  FROM unnest(q.queries, q.weights) AS u(query, weight)))::float8`;

/**
 * The question (matchQuery's text) as the CTE `q`, computed once per
 * statement: `query`, what a passage must match, and each concept's own query
 * and weight.
 */
const questionOf = (text: string) => sql`q AS MATERIALIZED (
    SELECT to_tsquery(${CONFIG}, ${text}::jsonb ->> 'match') AS query, parts.queries, parts.weights
    FROM (SELECT array_agg(to_tsquery(${CONFIG}, p.value ->> 'query') ORDER BY p.at) AS queries,
                 array_agg((p.value ->> 'weight')::float8 ORDER BY p.at) AS weights
          FROM jsonb_array_elements(${text}::jsonb -> 'parts') WITH ORDINALITY AS p(value, at)) parts
  )`;

/**
 * How many passages are ranked in full (every concept's weight), out of those
 * a first, cheaper ranking (one ts_rank_cd of the whole query) puts first: on
 * a large library a question's words may match thousands of passages.
 */
const FULLY_RANKED = 4;
const FULLY_RANKED_AT_LEAST = 160;

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

/** A concept's terms as to_tsquery text, alternatives joined by `|`. */
function conceptQuery(concept: Concept): string | null {
  const terms = concept.terms.flatMap((term) => tsTerm(term) ?? []);
  if (terms.length === 0) return null;
  return terms.length === 1 ? (terms[0] ?? null) : `(${terms.join(" | ")})`;
}

/**
 * How many passages an any-word query may match, by the concepts' passage
 * counts: the rarest concepts pick the candidates, and a common one joins
 * only while fewer than FULLY_RANKED_AT_LEAST passages hold them (every
 * concept still ranks what matched). On a library of ten thousand passages a
 * question's common words match most of it, and reading that many tsvectors
 * costs PostgreSQL far more than FTS5 reading its doclists; on an academy's
 * few hundred passages this never leaves a concept out.
 */
const MATCHED_AT_MOST = 1000;

/**
 * The concepts as this module's query text (JSON): `match`, to_tsquery text
 * joining the concepts by `&` (AND) or `|` (OR), and `parts`, each concept's
 * own query and weight, which rank what matched. PostgreSQL stems the words
 * itself, as the index was built; a prefix term (`'accur':*`) matches every
 * stem that begins so.
 */
export function matchQuery(concepts: Concept[], join: "AND" | "OR"): string | null {
  const parts = concepts.flatMap((concept) => {
    const query = conceptQuery(concept);
    return query ? [{ query, weight: concept.weight, documents: concept.documents }] : [];
  });
  if (parts.length === 0) return null;
  let matching = parts;
  if (join === "OR") {
    let documents = 0;
    matching = [...parts]
      .sort((a, b) => a.documents - b.documents)
      .filter((part) => {
        const joins = documents < FULLY_RANKED_AT_LEAST || documents + part.documents <= MATCHED_AT_MOST;
        if (joins) documents += part.documents;
        return joins;
      });
  }
  return JSON.stringify({
    match: matching.map((part) => part.query).join(join === "AND" ? " & " : " | "),
    parts: parts.map(({ query, weight }) => ({ query, weight })),
  });
}

type Scope = { lessonId: number; courseId: number; lockedLessons: string };

export async function readablePassages(params: Scope & { query: string; premium: number; limit: number }): Promise<PassageRow[]> {
  const rows = await db.all<Omit<PassageRow, "weighted"> & { weight: number }>(sql`
    WITH ${questionOf(params.query)},
    roughly AS (
      SELECT c.id, ts_rank_cd(${WEIGHTS}, c.search, q.query, 32) AS rough
      FROM companion_chunks c
      CROSS JOIN q
      ${PASSAGE_JOINS}
      WHERE c.search @@ q.query AND ${readable(params.premium, params.lockedLessons)}
      ORDER BY rough DESC, c.id
      LIMIT ${Math.max(params.limit * FULLY_RANKED, FULLY_RANKED_AT_LEAST)}
    )
    SELECT * FROM (
      SELECT ${RANK} AS "rank", ${contextWeight(params.lessonId, params.courseId)} AS "weight", ${PASSAGE_COLUMNS}
      FROM roughly
      JOIN companion_chunks c ON c.id = roughly.id
      CROSS JOIN q
      ${PASSAGE_JOINS}
    ) found
    ORDER BY "rank" * "weight", "chunkId"
    LIMIT ${params.limit}`);
  return rows.map(({ weight, ...row }) => ({ ...row, weighted: row.rank * weight }));
}

// The Premium lessons that match, each with its best passage's id: where they
// are, never what they say (a member with Premium then reads those passages by id).
export async function premiumLessonMatches(params: Scope & { query: string; limit: number }): Promise<PremiumLessonMatch[]> {
  return await db.all<PremiumLessonMatch>(sql`
    WITH ${questionOf(params.query)}
    SELECT "rank", "rank" * "weight" AS "weighted", "chunkId", "title", "courseTitle", "courseId" FROM (
      SELECT DISTINCT ON (c.lesson_id) ${RANK} AS "rank", ${contextWeight(params.lessonId, params.courseId)} AS "weight",
             c.id AS "chunkId", c.title AS "title", co.title AS "courseTitle", co.id AS "courseId"
      FROM companion_chunks c
      CROSS JOIN q
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
  // Asked with no ids on most questions: no round trip for nothing.
  if (params.ids === "[]") return [];
  return await db.all<PassageText>(sql`
    SELECT ${PASSAGE_COLUMNS}
    FROM companion_chunks c
    ${PASSAGE_JOINS}
    WHERE ${inIdList(sql`c.id`, params.ids)} AND ${readable(params.premium, params.lockedLessons)}`);
}

/** Moved by every statement that writes passages (db/migrations-pg 0003), in that statement's transaction. */
export async function libraryVersion(): Promise<string> {
  return String((await db.get<{ version: number }>(sql`SELECT version AS "version" FROM companion_library_version`))?.version ?? 0);
}

/** How many passages there are, and every stem in the index with how many passages hold it (one snapshot). */
export async function libraryTerms(): Promise<{ passages: number; terms: Array<{ term: string; doc: number }> }> {
  const rows = await db.all<{ term: string | null; doc: number; passages: number }>(sql`
    SELECT s.word AS "term", s.ndoc AS "doc", n.passages AS "passages"
    FROM (SELECT count(*)::int AS passages FROM companion_chunks) n
    LEFT JOIN ts_stat('SELECT search FROM companion_chunks') s ON true`);
  return { passages: rows[0]?.passages ?? 0, terms: rows.flatMap((row) => (row.term === null ? [] : [{ term: row.term, doc: row.doc }])) };
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
