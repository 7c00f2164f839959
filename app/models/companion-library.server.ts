import fs from "node:fs";
import { asc, count, eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { stemEach, wordsOf } from "#db/word-stems";
import { companionChunks, contentSections, knowledgeBaseArticles, lessons, toolTemplates, type User } from "#db/schema";
import { analyseQuestion, distinctive, ftsQuery, type Concept, type Vocabulary } from "~/models/companion-question";
import { lessonTranscripts } from "~/models/caption-store.server";
import { rankPassages, type Scored } from "~/models/companion-relevance";
import { academyThesaurus } from "~/models/companion-thesaurus.server";
import { relatedWords } from "~/models/companion-wordnet.server";
import { listLockedLessonIds } from "~/models/lesson-release.server";
import { isPremium } from "~/models/membership.server";
import { storedTemplateName } from "~/schemas/templates";
import { env } from "~/utils/env.server";
import { markdownToPlainText } from "~/utils/markdown.server";
import { uploadsPath } from "~/utils/uploads.server";

// The study companion's library. Lesson sections, knowledge-base articles and
// the tools & templates of the Resources area are cut into passages of a few hundred words and indexed with FTS5 when they
// are saved (same transaction). searchLibrary is the only reader of passages:
// who may read what is decided inside its SQL, from the live course, lesson and
// article rows, so a course made Premium or an article unpublished is out of
// reach at once, without re-indexing. A scheduled lesson not yet released for
// the asker (issue 29) is left out by id (listLockedLessonIds), as if it were not there.

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
type Writer = typeof db | Tx;

const MIN_WORDS = 150;
const MAX_WORDS = 300;

/** Cuts plain-text paragraphs into passages of MIN..MAX words, splitting long paragraphs at sentence ends. */
export function cutIntoPassages(paragraphs: string[]): string[] {
  const pieces: string[] = [];
  for (const paragraph of paragraphs) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    if (words.length <= MAX_WORDS) {
      if (words.length) pieces.push(words.join(" "));
      continue;
    }
    let current: string[] = [];
    for (const sentence of splitSentences(paragraph)) {
      const sentenceWords = sentence.split(/\s+/).filter(Boolean);
      if (current.length + sentenceWords.length > MAX_WORDS && current.length) {
        pieces.push(current.join(" "));
        current = [];
      }
      current.push(...sentenceWords);
    }
    if (current.length) pieces.push(current.join(" "));
  }
  const passages: string[] = [];
  let buffer = "";
  for (const piece of pieces) {
    const joined = buffer ? `${buffer} ${piece}` : piece;
    if (wordCount(joined) > MAX_WORDS && buffer) {
      passages.push(buffer);
      buffer = piece;
    } else {
      buffer = joined;
    }
    if (wordCount(buffer) >= MIN_WORDS) {
      passages.push(buffer);
      buffer = "";
    }
  }
  if (buffer) passages.push(buffer);
  return passages;
}

export function splitSentences(text: string): string[] {
  return (text.match(/[^.!?]+(?:[.!?]+["')\]]*|$)/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function markdownParagraphs(markdown: string): string[] {
  return markdown
    .split(/\n\s*\n/)
    .map((block) => markdownToPlainText(block))
    .filter(Boolean);
}

/** Re-indexes one lesson's sections (call inside the transaction that saved it). */
export function indexLesson(tx: Writer, lessonId: number) {
  tx.delete(companionChunks).where(eq(companionChunks.lessonId, lessonId)).run();
  const lesson = tx.select({ id: lessons.id, courseId: lessons.courseId, title: lessons.title }).from(lessons).where(eq(lessons.id, lessonId)).get();
  if (!lesson) return;
  const sections = tx
    .select({ id: contentSections.id, title: contentSections.title, content: contentSections.content })
    .from(contentSections)
    .where(eq(contentSections.lessonId, lessonId))
    .orderBy(asc(contentSections.order), asc(contentSections.id))
    .all();
  sections.forEach((section, index) => {
    for (const body of cutIntoPassages(markdownParagraphs(section.content))) {
      tx.insert(companionChunks)
        .values({ kind: "lesson", courseId: lesson.courseId, lessonId, sectionId: section.id, sectionNumber: index + 1, title: lesson.title, heading: section.title, body })
        .run();
    }
  });
  // What is said in the lesson's captioned videos (issue 38): lesson passages too, each citing the second it starts at.
  for (const transcript of lessonTranscripts(tx, lessonId)) {
    for (const passage of transcriptPassages(transcript.cues)) {
      tx.insert(companionChunks)
        .values({
          kind: "lesson",
          courseId: lesson.courseId,
          lessonId,
          sectionId: transcript.sectionId,
          sectionNumber: transcript.sectionNumber,
          title: lesson.title,
          heading: `${transcript.sectionTitle} (video transcript)`,
          body: passage.body,
          startSeconds: passage.startSeconds,
        })
        .run();
    }
  }
}

// Transcript passages are shorter than text ones: a citation lands on the moment it names.
const TRANSCRIPT_PASSAGE_WORDS = 60;

/** Cues joined into passages of about TRANSCRIPT_PASSAGE_WORDS words, each starting at its first cue's whole second. */
export function transcriptPassages(cues: ReadonlyArray<{ start: number; text: string }>): Array<{ startSeconds: number; body: string }> {
  const passages: Array<{ startSeconds: number; body: string }> = [];
  let current: { startSeconds: number; words: string[] } | null = null;
  for (const cue of cues) {
    const words = cue.text.split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    if (current && current.words.length + words.length > TRANSCRIPT_PASSAGE_WORDS) {
      passages.push({ startSeconds: current.startSeconds, body: current.words.join(" ") });
      current = null;
    }
    current ??= { startSeconds: Math.floor(cue.start), words: [] };
    current.words.push(...words);
  }
  if (current) passages.push({ startSeconds: current.startSeconds, body: current.words.join(" ") });
  return passages;
}

/** Re-indexes one knowledge-base article, drafts included (reading them is refused at search time). */
export function indexArticle(tx: Writer, articleId: number) {
  tx.delete(companionChunks).where(eq(companionChunks.articleId, articleId)).run();
  const article = tx
    .select({ title: knowledgeBaseArticles.title, summary: knowledgeBaseArticles.summary, content: knowledgeBaseArticles.content })
    .from(knowledgeBaseArticles)
    .where(eq(knowledgeBaseArticles.id, articleId))
    .get();
  if (!article) return;
  for (const body of cutIntoPassages([markdownToPlainText(article.summary), ...markdownParagraphs(article.content)])) {
    tx.insert(companionChunks).values({ kind: "article", articleId, title: article.title, heading: null, body }).run();
  }
}

// The text of a template's file, when it is one of ours and plain text (a
// worksheet or calculator): what a member would read after downloading it.
const TEXT_FILE = /\.(txt|md|csv)$/i;
const MAX_TEMPLATE_TEXT = 50_000;

function templateFileText(template: { fileUrl: string; fileName: string; fileType: string }): string {
  const name = storedTemplateName(template.fileUrl);
  if (!name || !(template.fileType.startsWith("text/") || TEXT_FILE.test(template.fileName))) return "";
  try {
    return fs.readFileSync(uploadsPath("templates", name), "utf8").slice(0, MAX_TEMPLATE_TEXT);
  } catch {
    return ""; // a missing file leaves the description, which still says what the template is for
  }
}

/**
 * A worksheet's lines as prose paragraphs: fill-in rules ("......", "____",
 * "====") are not words, and a line without a full stop (a heading, a form
 * field) is a sentence of its own, not the start of the next one.
 */
function worksheetParagraphs(text: string): string[] {
  return text
    .replace(/[._=-]{3,}/g, " ")
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter((line) => /[a-z]{2}/i.test(line))
        .map((line) => (/[.!?:]$/.test(line) ? line : `${line}.`))
        .join(" "),
    )
    .filter((block) => /[a-z]{3}/i.test(block));
}

/** Re-indexes one tool or template: its description and its file's text (call inside the transaction that saved it). */
export function indexTemplate(tx: Writer, templateId: number) {
  tx.delete(companionChunks).where(eq(companionChunks.templateId, templateId)).run();
  const template = tx.select().from(toolTemplates).where(eq(toolTemplates.id, templateId)).get();
  if (!template) return;
  for (const body of cutIntoPassages([template.description, ...worksheetParagraphs(templateFileText(template))])) {
    tx.insert(companionChunks).values({ kind: "template", templateId, title: template.title, heading: null, body }).run();
  }
}

/** Rebuilds the whole library (`npm run ai:reindex`, and at start when it is empty). Returns the number of passages. */
export function rebuildLibrary(): number {
  return db.transaction((tx) => {
    tx.delete(companionChunks).run();
    for (const { id } of tx.select({ id: lessons.id }).from(lessons).all()) indexLesson(tx, id);
    for (const { id } of tx.select({ id: knowledgeBaseArticles.id }).from(knowledgeBaseArticles).all()) indexArticle(tx, id);
    for (const { id } of tx.select({ id: toolTemplates.id }).from(toolTemplates).all()) indexTemplate(tx, id);
    tx.run(sql`INSERT INTO companion_fts(companion_fts) VALUES ('optimize')`);
    return tx.select({ n: count() }).from(companionChunks).get()?.n ?? 0;
  });
}

/** True when there is content but no passage: a new installation or one upgraded from before the companion. */
export function libraryNeedsBuilding(): boolean {
  const passages = db.select({ n: count() }).from(companionChunks).get()?.n ?? 0;
  if (passages > 0) return false;
  const sections = db.select({ n: count() }).from(contentSections).get()?.n ?? 0;
  const articles = db.select({ n: count() }).from(knowledgeBaseArticles).get()?.n ?? 0;
  const templates = db.select({ n: count() }).from(toolTemplates).get()?.n ?? 0;
  return sections + articles + templates > 0;
}

// --- reading -----------------------------------------------------------------

export interface Passage {
  chunkId: number;
  /** How well it answers the question (higher is better; for ordering only). */
  score: Scored["score"];
  /** How much of the question its title, its section heading and its text hold (0–1 each). */
  match: Scored["match"];
  kind: "lesson" | "article" | "template";
  title: string;
  heading: string | null;
  body: string;
  url: string;
  lessonId: number | null;
  courseId: number | null;
}

/** A premium passage a free member may not read: where it is, never what it says. */
export interface LockedReference {
  title: string;
  courseTitle: string;
  url: string;
  /** The lesson's best-matching passage: for the server to show a member with Premium, never sent to one without. */
  chunkId: number;
  /** How much of the question that passage holds (as Passage.match): whether it would answer. */
  match: Scored["match"];
}

/**
 * The question as an FTS5 query: its concepts (companion-question.ts), each
 * concept's terms quoted and joined by OR, concepts joined by `join`.
 */
export function libraryQuery(question: string, join: "AND" | "OR" = "OR"): string | null {
  return ftsQuery(analyseQuestion(question, libraryVocabulary()), join);
}

// The index's own vocabulary (stems, and how many passages hold each), read
// again whenever the library has changed since it was last read.
db.$client.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.companion_terms USING fts5vocab(main, companion_fts, row)");
const libraryState = db.$client.prepare<[], { passages: number; newest: number }>("SELECT count(*) AS passages, coalesce(max(id), 0) AS newest FROM companion_chunks");
const libraryTerms = db.$client.prepare<[], { term: string; doc: number }>("SELECT term, doc FROM temp.companion_terms");
let vocabulary: { key: string; value: Vocabulary } | undefined;

export function libraryVocabulary(): Vocabulary {
  const state = libraryState.get();
  const key = `${state?.passages ?? 0}:${state?.newest ?? 0}`;
  if (vocabulary?.key !== key) {
    vocabulary = { key, value: { passages: state?.passages ?? 0, documents: new Map(libraryTerms.all().map((row) => [row.term, row.doc])) } };
  }
  return vocabulary.value;
}

interface PassageRow {
  rank: number;
  /** rank weighed by the lesson or course the question was asked from: the order passages are offered in. */
  weighted: number;
  chunkId: number;
  kind: "lesson" | "article" | "template";
  title: string;
  heading: string | null;
  body: string;
  lessonId: number | null;
  courseId: number | null;
  sectionNumber: number | null;
  articleId: number | null;
  templateId: number | null;
  /** The template's category, for its link (null for lessons and articles). */
  templateCategory: string | null;
  /** A transcript passage's start in its video (issue 38). */
  startSeconds: number | null;
  /** 1 for a passage of a Premium course. */
  premiumOnly: number;
}

// A question asked from a lesson ranks that lesson first, then the rest of its
// course (bm25 is negative: larger multipliers rank higher).
const CONTEXT_WEIGHT = `(CASE WHEN c.lesson_id = @lessonId THEN 3.0 WHEN c.course_id = @courseId THEN 1.5 ELSE 1.0 END)`;

// Title hits weigh most, then section headings, then the text.
const readablePassages = db.$client.prepare<
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
    AND (
      (c.kind = 'article' AND a.is_published = 1)
      OR (c.kind = 'template' AND t.is_active = 1 AND (t.is_premium_only = 0 OR @premium = 1))
      OR (c.kind = 'lesson' AND l.is_active = 1 AND co.is_active = 1 AND (co.is_premium = 0 OR @premium = 1)
          AND c.lesson_id NOT IN (SELECT value FROM json_each(@lockedLessons)))
    )
  ORDER BY weighted
  LIMIT @limit
`);

type ScoredRow = PassageRow & Scored;

interface PremiumLessonMatch {
  rank: number;
  weighted: number;
  /** The lesson's best-matching passage: its id only, never its text. */
  chunkId: number;
  title: string;
  courseTitle: string;
  courseId: number;
}

// The Premium lessons that match, each with its best passage's id: where they
// are, never what they say (a member with Premium then reads those passages
// by id). SQLite takes the bare columns from the row that has the min(rank).
const premiumLessonMatches = db.$client.prepare<{ query: string; lessonId: number; courseId: number; limit: number; lockedLessons: string }, PremiumLessonMatch>(`
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
`);

// Passages picked by id from premiumLessonMatches, for a member with Premium (in
// the same synchronous call, so the rules that query applied still hold).
const passagesById = db.$client.prepare<{ ids: string }, Omit<PassageRow, "rank" | "weighted">>(`
  SELECT c.id AS chunkId, c.kind, c.title, c.heading, c.body, c.lesson_id AS lessonId, c.course_id AS courseId,
         c.section_number AS sectionNumber, c.article_id AS articleId, c.template_id AS templateId, t.category AS templateCategory,
         c.start_seconds AS startSeconds, coalesce(co.is_premium, t.is_premium_only, 0) AS premiumOnly
  FROM companion_chunks c
  LEFT JOIN courses co ON co.id = c.course_id
  LEFT JOIN tool_templates t ON t.id = c.template_id
  WHERE c.id IN (SELECT value FROM json_each(@ids))
`);

const PREMIUM_LESSONS_SHOWN = 2;
const PREMIUM_RELEVANCE = 0.8;

/**
 * The Premium lessons that answer a question about as well as the best
 * passage open to every member, or better (ranks are bm25: lower is better,
 * 0 when nothing is open to all). This one rule decides what a member without
 * Premium is pointed to and what a member with Premium is shown in full, so
 * the member who pays never gets less.
 */
export function premiumLessonsWorthShowing<T extends { rank: number }>(matches: T[], bestOpenToAll: number): T[] {
  const bestPremium = matches.reduce((best, match) => Math.min(best, match.rank), 0);
  return matches.filter((match) => match.rank <= bestOpenToAll * PREMIUM_RELEVANCE && match.rank <= bestPremium * PREMIUM_RELEVANCE);
}

function passageUrl(
  row: Pick<PassageRow, "kind" | "articleId" | "courseId" | "lessonId" | "sectionNumber" | "templateId" | "templateCategory" | "startSeconds">,
): string {
  if (row.kind === "article") return `/knowledge-base/${row.articleId}`;
  if (row.kind === "template") return `/tools-templates${row.templateCategory ? `?category=${row.templateCategory}` : ""}#template-${row.templateId}`;
  const query = new URLSearchParams();
  if (row.sectionNumber && row.sectionNumber > 1) query.set("section", String(row.sectionNumber));
  // A transcript passage opens the player at the moment it quotes (the page's ?t=).
  if (row.startSeconds !== null) query.set("t", String(row.startSeconds));
  const search = query.toString();
  return `/course/${row.courseId}/lesson/${row.lessonId}${search ? `?${search}` : ""}`;
}

export interface LibrarySearch {
  /** Best first. */
  passages: Passage[];
  locked: LockedReference[];
  /** The question as it was understood (what the passages were ranked by). */
  concepts: Concept[];
  /**
   * For a member with Premium: the same question searched as a member without
   * it would be answered. An answer for the member who pays is built to hold
   * at least what that one holds (companion-offline), whatever the ranking.
   */
  withoutPremium?: LibrarySearch;
}

// Passages scored in JavaScript after FTS5 has picked the candidates.
const CANDIDATES = 40;
/**
 * The passages that best answer a question, among those the asker may read.
 * Up to two Premium lessons that answer it better than what every member can
 * read come as locked references without their text for members without
 * Premium, and as passages, ranked in, for members with it.
 */
export function searchLibrary(
  question: string,
  viewer: Pick<User, "id" | "role">,
  options: {
    lessonId?: number;
    courseId?: number;
    limit?: number;
    withoutPremium?: boolean;
    carried?: string[];
    /** Passages nearest in meaning (companion-embeddings), best first, among those this member may read: fused with the word ranking. */
    semantic?: number[];
  } = {},
): LibrarySearch {
  const vocabulary = libraryVocabulary();
  const concepts = analyseQuestion(question, vocabulary, { carried: options.carried, related: env.COMPANION_WORDNET ? relatedWords : undefined, thesaurus: academyThesaurus() });
  const query = ftsQuery(distinctive(concepts, vocabulary.passages), "OR");
  // No word the library knows: only passages near in meaning, if any, can answer.
  if (!query && !options.semantic?.length) return { passages: [], locked: [], concepts };
  // Only ever less than the viewer's own rights, never more.
  const premium = !options.withoutPremium && isPremium(viewer);
  const scope = { lessonId: options.lessonId ?? -1, courseId: options.courseId ?? -1 };
  const lockedLessons = JSON.stringify(listLockedLessonIds(viewer));
  const semantic = options.semantic?.length ? passagesById.all({ ids: JSON.stringify(options.semantic) }) : [];
  const search: SearchInput = { concepts, query, scope, lockedLessons, limit: options.limit ?? 6, semantic: options.semantic ?? [], semanticRows: semantic };
  const matches = query ? premiumLessonMatches.all({ query, ...scope, limit: PREMIUM_LESSONS_SHOWN, lockedLessons }) : [];
  if (!premium) return assemble(search, false, collectCandidates(search, false, CANDIDATES).rows, matches);
  // A member with Premium is also searched as a member without it would be
  // (see LibrarySearch.withoutPremium), from the same candidates when they
  // hold enough passages open to all, so the answer costs one search, not two.
  const candidates = collectCandidates(search, true, 2 * CANDIDATES);
  const open = candidates.rows.filter((row) => !row.premiumOnly);
  const openRows = open.length >= CANDIDATES || !candidates.truncated ? open.slice(0, CANDIDATES) : collectCandidates(search, false, CANDIDATES).rows;
  // The free member's nearest passages are the open ones among these, in the same order.
  const openSemantic = new Set(semantic.filter((row) => !row.premiumOnly).map((row) => row.chunkId));
  const floor = assemble({ ...search, semantic: search.semantic.filter((id) => openSemantic.has(id)), semanticRows: semantic.filter((row) => !row.premiumOnly) }, false, openRows, matches);
  return { ...assemble(search, true, candidates.rows.slice(0, CANDIDATES), matches, floor), withoutPremium: floor };
}

interface SearchInput {
  concepts: Concept[];
  query: string | null;
  scope: { lessonId: number; courseId: number };
  lockedLessons: string;
  limit: number;
  /** Chunk ids nearest in meaning, best first, and their passages. */
  semantic: number[];
  semanticRows: Array<Omit<PassageRow, "rank" | "weighted">>;
}

// Reciprocal rank fusion: each ranking adds 1 / (K + rank); K = 60 as in
// Cormack et al., so neither ranking's top places dominate the other's.
const RRF_K = 60;

function fuse<T extends { chunkId: number } & Scored>(ranked: T[], semantic: number[]): T[] {
  if (semantic.length === 0) return ranked;
  const semanticRank = new Map(semantic.map((id, index) => [id, index + 1]));
  // Only a passage holding some of the question's words has a place in the word ranking.
  const worded = ranked.filter((row) => row.match.title + row.match.heading + row.match.text > 0);
  const wordRank = new Map(worded.map((row, index) => [row.chunkId, index + 1]));
  const fused = ranked.map((row) => {
    const byWords = wordRank.get(row.chunkId);
    const byMeaning = semanticRank.get(row.chunkId);
    return { row, score: (byWords ? 1 / (RRF_K + byWords) : 0) + (byMeaning ? 1 / (RRF_K + byMeaning) : 0) };
  });
  return fused.sort((a, b) => b.score - a.score).map((entry) => entry.row);
}

/**
 * The passages the full-text index offers, best first, up to `limit`:
 * passages holding every word first (on a large library that query is small
 * and fast), then, when those are too few, passages holding any.
 */
function collectCandidates({ concepts, query, scope, lockedLessons }: SearchInput, premium: boolean, limit: number): { rows: PassageRow[]; truncated: boolean } {
  if (!query) return { rows: [], truncated: false };
  const params = { premium: premium ? 1 : 0, ...scope, limit, lockedLessons };
  const allWords = ftsQuery(concepts, "AND");
  const rows = allWords && allWords !== query ? readablePassages.all({ ...params, query: allWords }) : [];
  const seen = new Set(rows.map((row) => row.chunkId));
  if (rows.length < limit) {
    for (const row of readablePassages.all({ ...params, query })) {
      if (rows.length >= limit) break;
      if (!seen.has(row.chunkId)) rows.push(row);
      seen.add(row.chunkId);
    }
  }
  return { rows, truncated: rows.length >= limit };
}

function assemble(
  { concepts, scope, limit, semantic, semanticRows }: SearchInput,
  premium: boolean,
  candidates: PassageRow[],
  matches: PremiumLessonMatch[],
  floor?: LibrarySearch,
): LibrarySearch {
  const rows = [...candidates];
  const seen = new Set(rows.map((row) => row.chunkId));
  // Passages near in meaning that share too few words to be candidates (they
  // were found among the passages this member may read).
  for (const row of semanticRows) {
    if (seen.has(row.chunkId) || (!premium && row.premiumOnly)) continue;
    rows.push({ ...row, rank: 0, weighted: 0 });
    seen.add(row.chunkId);
  }
  // Premium lessons are measured against the best passage every member can
  // read, so a member with Premium is shown what one without is pointed to.
  const bestOpenToAll = rows.reduce((best, row) => (row.premiumOnly ? best : Math.min(best, row.rank)), 0);
  const worthShowing = premiumLessonsWorthShowing(matches, bestOpenToAll);
  let locked: LockedReference[] = [];
  if (!premium) {
    // Measured as a passage would be, so the answer can tell a lesson that
    // answers from one that merely shares a word (its text stays here).
    const lockedTexts = passagesById.all({ ids: JSON.stringify(worthShowing.map((match) => match.chunkId)) }).map((text) => ({ ...text, rank: 0 }));
    const lockedMatch = new Map(rankPassages(lockedTexts, concepts, scope, stemmedText).map((scored) => [scored.chunkId, scored.match]));
    locked = worthShowing.map((match) => ({
      title: match.title,
      courseTitle: match.courseTitle,
      url: `/course/${match.courseId}`,
      chunkId: match.chunkId,
      match: lockedMatch.get(match.chunkId) ?? { title: 0, heading: 0, text: 0 },
    }));
  } else {
    // The candidate queries may have left those lessons' best passages out,
    // and those of the lessons a member without Premium is pointed to.
    const shown = [...worthShowing, ...(floor?.locked ?? []).map((pointer) => ({ chunkId: pointer.chunkId, rank: 0, weighted: 0 }))];
    const missing = shown.filter((match) => !seen.has(match.chunkId));
    const byId = new Map(shown.map((match) => [match.chunkId, match]));
    for (const text of passagesById.all({ ids: JSON.stringify(missing.map((match) => match.chunkId)) })) {
      const match = byId.get(text.chunkId);
      if (match) rows.push({ ...text, rank: match.rank, weighted: match.weighted });
    }
  }
  // The Premium lessons a member without Premium would be pointed to stay in
  // a member with Premium's answer, wherever the ranking puts them.
  const ranked = fuse(rankPassages(rows, concepts, scope, stemmedText), semantic);
  const kept = new Set(premium ? [...worthShowing, ...(floor?.locked ?? [])].map((match) => match.chunkId) : []);
  const others = new Set(ranked.filter((row) => !kept.has(row.chunkId)).slice(0, Math.max(0, limit - kept.size)));
  const passages = ranked.filter((row) => kept.has(row.chunkId) || others.has(row)).slice(0, limit);
  return { passages: passages.map(toPassage), locked, concepts };
}

// A passage's text as word stems, kept for the passages asked about most:
// stemming forty passages of a few hundred words is most of a search's time.
// Keyed by passage id (ids are never reused: AUTOINCREMENT) and text length.
const STEMMED_KEPT = 2_000;
const stemmed = new Map<string, string[]>();

function stemmedText(passage: { chunkId: number; body: string }): string[] {
  const key = `${passage.chunkId}:${passage.body.length}`;
  let tokens = stemmed.get(key);
  if (!tokens) {
    tokens = stemEach(wordsOf(passage.body));
    if (stemmed.size >= STEMMED_KEPT) stemmed.delete(stemmed.keys().next().value ?? "");
    stemmed.set(key, tokens);
  }
  return tokens;
}

function toPassage(row: ScoredRow): Passage {
  return {
    score: row.score,
    match: row.match,
    chunkId: row.chunkId,
    kind: row.kind,
    title: row.title,
    heading: row.heading,
    body: row.body,
    url: passageUrl(row),
    lessonId: row.lessonId,
    courseId: row.courseId,
  };
}
