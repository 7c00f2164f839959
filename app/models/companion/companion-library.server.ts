import { and, asc, count, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { db, first, withTransaction, type Tx } from "#db/client.server";
import * as search from "~/models/companion/companion-search.server";
import type { PassageRow, PassageText, PremiumLessonMatch } from "~/models/companion/companion-search.server";
import { learnStems, stemEach, withStems, wordsOf } from "#db/word-stems";
import { companionChunks, contentSections, knowledgeBaseArticles, lessonComments, lessons, toolTemplates, type User } from "#db/schema";
import { analyseQuestion, distinctive, type Concept, type Vocabulary } from "~/models/companion/companion-question";
import { lessonTranscripts } from "~/models/learning/caption-store.server";
import { rankPassages, type Scored } from "~/models/companion/companion-relevance";
import { academyThesaurus } from "~/models/companion/companion-thesaurus.server";
import { relatedWords } from "~/models/companion/companion-wordnet.server";
import { listLockedLessonIds } from "~/models/learning/lesson-release.server";
import { isPremium } from "~/models/billing/membership.server";
import { storedTemplateName } from "~/schemas/templates";
import { discussionHref } from "~/schemas/lesson-discussion";
import { env } from "~/utils/env.server";
import { markdownToPlainText } from "~/utils/markdown.server";
import { fileStore, readStoredBytes } from "~/utils/file-store.server";
import { uploadKey } from "~/utils/uploads.server";

// The study companion's library. Lesson sections, knowledge-base articles and
// the tools & templates of the Resources area are cut into passages of a few hundred words and indexed by the full-text index (FTS5 or tsvector) when they
// are saved (same transaction). searchLibrary is the only reader of passages:
// who may read what is decided inside its SQL, from the live course, lesson and
// article rows, so a course made Premium or an article unpublished is out of
// reach at once, without re-indexing. A scheduled lesson not yet released for
// the asker (issue 29) is left out by id (listLockedLessonIds), as if it were not there.


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

/** The heading of a passage made of a question from the lesson's discussion and its marked answer (issue 46). */
export const DISCUSSION_HEADING = "Answered in the lesson's discussion";
const ANSWER_MARK = "\nAnswer: ";

/** The answer of a discussion passage: what is quoted of it (the question alone answers nothing). */
export function discussionAnswer(body: string): string {
  return body.slice(body.indexOf(ANSWER_MARK) + ANSWER_MARK.length);
}

/** The lesson's answered questions: each standing question with the reply marked as its answer. */
async function answeredQuestions(tx: Writer, lessonId: number) {
  const answer = alias(lessonComments, "answer");
  return await tx
    .select({ question: lessonComments.content, answer: answer.content })
    .from(lessonComments)
    .innerJoin(answer, and(eq(answer.parentId, lessonComments.id), eq(answer.isAnswer, true), isNull(answer.hiddenAt), isNull(answer.deletedAt)))
    .where(and(eq(lessonComments.lessonId, lessonId), isNull(lessonComments.parentId), isNull(lessonComments.hiddenAt), isNull(lessonComments.deletedAt)))
    .orderBy(asc(lessonComments.id));
}

/** Re-indexes one lesson's sections (call inside the transaction that saved it). */
export async function indexLesson(tx: Writer, lessonId: number) {
  await tx.delete(companionChunks).where(eq(companionChunks.lessonId, lessonId));
  const lesson = await first(tx.select({ id: lessons.id, courseId: lessons.courseId, title: lessons.title }).from(lessons).where(eq(lessons.id, lessonId)).limit(1));
  if (!lesson) return;
  const sections = await tx
    .select({ id: contentSections.id, title: contentSections.title, content: contentSections.content })
    .from(contentSections)
    .where(eq(contentSections.lessonId, lessonId))
    .orderBy(asc(contentSections.order), asc(contentSections.id));
  for (const [index, section] of sections.entries()) {
    for (const body of cutIntoPassages(markdownParagraphs(section.content))) {
      await tx.insert(companionChunks)
        .values({ kind: "lesson", courseId: lesson.courseId, lessonId, sectionId: section.id, sectionNumber: index + 1, title: lesson.title, heading: section.title, body });
    }
  }
  // What is said in the lesson's captioned videos (issue 38): lesson passages too, each citing the second it starts at.
  for (const transcript of await lessonTranscripts(tx, lessonId)) {
    for (const passage of transcriptPassages(transcript.cues)) {
      await tx.insert(companionChunks)
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
        });
    }
  }
  // Questions members asked under the lesson, with the answer marked (issue 46): read as the lesson is (Premium, drip).
  for (const answered of await answeredQuestions(tx, lessonId)) {
    const body = `Question: ${markdownToPlainText(answered.question)}${ANSWER_MARK}${markdownToPlainText(answered.answer)}`;
    await tx.insert(companionChunks).values({ kind: "lesson", courseId: lesson.courseId, lessonId, title: lesson.title, heading: DISCUSSION_HEADING, body });
  }
}

/** After a lesson's discussion changed where the companion reads it (an answer marked, edited, hidden, deleted). */
export async function reindexLessonDiscussion(lessonId: number): Promise<void> {
  await withTransaction(async (tx) => await indexLesson(tx, lessonId));
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
export async function indexArticle(tx: Writer, articleId: number) {
  await tx.delete(companionChunks).where(eq(companionChunks.articleId, articleId));
  const article = await first(tx
    .select({ title: knowledgeBaseArticles.title, summary: knowledgeBaseArticles.summary, content: knowledgeBaseArticles.content })
    .from(knowledgeBaseArticles)
    .where(eq(knowledgeBaseArticles.id, articleId)).limit(1));
  if (!article) return;
  for (const body of cutIntoPassages([markdownToPlainText(article.summary), ...markdownParagraphs(article.content)])) {
    await tx.insert(companionChunks).values({ kind: "article", articleId, title: article.title, heading: null, body });
  }
}

// The text of a template's file, when it is one of ours and plain text (a
// worksheet or calculator): what a member would read after downloading it.
const TEXT_FILE = /\.(txt|md|csv)$/i;
const MAX_TEMPLATE_TEXT = 50_000;

async function templateFileText(template: { fileUrl: string; fileName: string; fileType: string }): Promise<string> {
  const name = storedTemplateName(template.fileUrl);
  if (!name || !(template.fileType.startsWith("text/") || TEXT_FILE.test(template.fileName))) return "";
  try {
    const bytes = await readStoredBytes(fileStore, uploadKey("templates", name));
    return bytes ? bytes.toString("utf8").slice(0, MAX_TEMPLATE_TEXT) : "";
  } catch {
    return ""; // a missing file leaves the description, which still says what the template is for
  }
}

/** Template files' text by fileUrl, read before the transaction that indexes them (a bucket is a network call; 028 keeps those out of transactions). */
export type TemplateTexts = Map<string, string>;

export async function readTemplateTexts(templates: Array<{ fileUrl: string; fileName: string; fileType: string }>): Promise<TemplateTexts> {
  const texts: TemplateTexts = new Map();
  for (const template of templates) texts.set(template.fileUrl, await templateFileText(template));
  return texts;
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

/** Re-indexes one tool or template: its description and its file's text, read before by readTemplateTexts (call inside the transaction that saved it). */
export async function indexTemplate(tx: Writer, templateId: number, texts: TemplateTexts) {
  await tx.delete(companionChunks).where(eq(companionChunks.templateId, templateId));
  const template = await first(tx.select().from(toolTemplates).where(eq(toolTemplates.id, templateId)).limit(1));
  if (!template) return;
  for (const body of cutIntoPassages([template.description, ...worksheetParagraphs(texts.get(template.fileUrl) ?? "")])) {
    await tx.insert(companionChunks).values({ kind: "template", templateId, title: template.title, heading: null, body });
  }
}

/** Rebuilds the whole library (`npm run ai:reindex`, and at start when it is empty). Returns the number of passages. */
export async function rebuildLibrary(): Promise<number> {
  const texts = await readTemplateTexts(await db.select({ fileUrl: toolTemplates.fileUrl, fileName: toolTemplates.fileName, fileType: toolTemplates.fileType }).from(toolTemplates));
  return await withTransaction(async (tx) => {
    await tx.delete(companionChunks);
    for (const { id } of await tx.select({ id: lessons.id }).from(lessons)) await indexLesson(tx, id);
    for (const { id } of await tx.select({ id: knowledgeBaseArticles.id }).from(knowledgeBaseArticles)) await indexArticle(tx, id);
    for (const { id } of await tx.select({ id: toolTemplates.id }).from(toolTemplates)) await indexTemplate(tx, id, texts);
    await search.optimizeIndex(tx);
    return (await first(tx.select({ n: count() }).from(companionChunks).limit(1)))?.n ?? 0;
  });
}

/** Every passage's id and text, oldest first (for the meaning-based search to embed). */
export async function listPassageTexts(): Promise<Array<{ id: number; title: string; heading: string | null; body: string }>> {
  return await db
    .select({ id: companionChunks.id, title: companionChunks.title, heading: companionChunks.heading, body: companionChunks.body })
    .from(companionChunks)
    .orderBy(asc(companionChunks.id));
}

/** True when there is content but no passage: a new installation or one upgraded from before the companion. */
export async function libraryNeedsBuilding(): Promise<boolean> {
  const passages = (await first(db.select({ n: count() }).from(companionChunks).limit(1)))?.n ?? 0;
  if (passages > 0) return false;
  const sections = (await first(db.select({ n: count() }).from(contentSections).limit(1)))?.n ?? 0;
  const articles = (await first(db.select({ n: count() }).from(knowledgeBaseArticles).limit(1)))?.n ?? 0;
  const templates = (await first(db.select({ n: count() }).from(toolTemplates).limit(1)))?.n ?? 0;
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
 * The question as the full-text index's query (its engine's syntax): its
 * concepts (companion-question.ts), a concept's terms as alternatives,
 * concepts joined by `join`.
 */
export async function libraryQuery(question: string, join: "AND" | "OR" = "OR"): Promise<string | null> {
  const vocabulary = await libraryVocabulary();
  return search.matchQuery(await withStems(() => analyseQuestion(question, vocabulary)), join);
}

// The index's own vocabulary (stems, and how many passages hold each), read
// again whenever the library has changed since it was last read.
let vocabulary: { key: string; value: Vocabulary } | undefined;

export async function libraryVocabulary(): Promise<Vocabulary> {
  const key = await search.libraryVersion();
  if (vocabulary?.key !== key) {
    const { passages, terms } = await search.libraryTerms();
    vocabulary = { key, value: { passages, documents: new Map(terms.map((row) => [row.term, row.doc])) } };
  }
  return vocabulary.value;
}

type ScoredRow = PassageRow & Scored;

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
  row: Pick<PassageRow, "kind" | "articleId" | "courseId" | "lessonId" | "sectionNumber" | "templateId" | "templateCategory" | "startSeconds" | "heading">,
): string {
  if (row.kind === "lesson" && row.heading === DISCUSSION_HEADING && row.courseId && row.lessonId) return discussionHref(row.courseId, row.lessonId);
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

// Passages scored in JavaScript after the full-text index has picked the candidates.
const CANDIDATES = 40;
/**
 * The passages that best answer a question, among those the asker may read.
 * Up to two Premium lessons that answer it better than what every member can
 * read come as locked references without their text for members without
 * Premium, and as passages, ranked in, for members with it.
 */
export async function searchLibrary(
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
): Promise<LibrarySearch> {
  const vocabulary = await libraryVocabulary();
  const thesaurus = await academyThesaurus();
  const concepts = await withStems(() => analyseQuestion(question, vocabulary, { carried: options.carried, related: env.COMPANION_WORDNET ? relatedWords : undefined, thesaurus }));
  const query = search.matchQuery(distinctive(concepts, vocabulary.passages), "OR");
  // No word the library knows: only passages near in meaning, if any, can answer.
  if (!query && !options.semantic?.length) return { passages: [], locked: [], concepts };
  // Only ever less than the viewer's own rights, never more.
  const premium = !options.withoutPremium && await isPremium(viewer);
  const scope = { lessonId: options.lessonId ?? -1, courseId: options.courseId ?? -1 };
  const lockedLessons = JSON.stringify(await listLockedLessonIds(viewer));
  const semantic = options.semantic?.length ? await search.passagesById({ ids: JSON.stringify(options.semantic), premium: premium ? 1 : 0, lockedLessons }) : [];
  const input: SearchInput = { concepts, query, scope, lockedLessons, limit: options.limit ?? 6, semantic: options.semantic ?? [], semanticRows: semantic };
  const matches = query ? await search.premiumLessonMatches({ query, ...scope, limit: PREMIUM_LESSONS_SHOWN, lockedLessons }) : [];
  if (!premium) return await assemble(input, false, (await collectCandidates(input, false, CANDIDATES)).rows, matches);
  // A member with Premium is also searched as a member without it would be
  // (see LibrarySearch.withoutPremium), from the same candidates when they
  // hold enough passages open to all, so the answer costs one search, not two.
  const candidates = await collectCandidates(input, true, 2 * CANDIDATES);
  const open = candidates.rows.filter((row) => !row.premiumOnly);
  const openRows = open.length >= CANDIDATES || !candidates.truncated ? open.slice(0, CANDIDATES) : (await collectCandidates(input, false, CANDIDATES)).rows;
  // The free member's nearest passages are the open ones among these, in the same order.
  const openSemantic = new Set(semantic.filter((row) => !row.premiumOnly).map((row) => row.chunkId));
  const floor = await assemble({ ...input, semantic: input.semantic.filter((id) => openSemantic.has(id)), semanticRows: semantic.filter((row) => !row.premiumOnly) }, false, openRows, matches);
  return { ...(await assemble(input, true, candidates.rows.slice(0, CANDIDATES), matches, floor)), withoutPremium: floor };
}

interface SearchInput {
  concepts: Concept[];
  query: string | null;
  scope: { lessonId: number; courseId: number };
  lockedLessons: string;
  limit: number;
  /** Chunk ids nearest in meaning, best first, and their passages. */
  semantic: number[];
  semanticRows: PassageText[];
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
async function collectCandidates({ concepts, query, scope, lockedLessons }: SearchInput, premium: boolean, limit: number): Promise<{ rows: PassageRow[]; truncated: boolean }> {
  if (!query) return { rows: [], truncated: false };
  const params = { premium: premium ? 1 : 0, ...scope, limit, lockedLessons };
  const allWords = search.matchQuery(concepts, "AND");
  const rows = allWords && allWords !== query ? await search.readablePassages({ ...params, query: allWords }) : [];
  const seen = new Set(rows.map((row) => row.chunkId));
  if (rows.length < limit) {
    for (const row of await search.readablePassages({ ...params, query })) {
      if (rows.length >= limit) break;
      if (!seen.has(row.chunkId)) rows.push(row);
      seen.add(row.chunkId);
    }
  }
  return { rows, truncated: rows.length >= limit };
}

async function assemble(
  { concepts, scope, limit, semantic, semanticRows, lockedLessons }: SearchInput,
  premium: boolean,
  candidates: PassageRow[],
  matches: PremiumLessonMatch[],
  floor?: LibrarySearch,
): Promise<LibrarySearch> {
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
    // Read as Premium to be measured only: what they say never leaves the server.
    const lockedTexts = (await search.passagesById({ ids: JSON.stringify(worthShowing.map((match) => match.chunkId)), premium: 1, lockedLessons })).map((text) => ({ ...text, rank: 0 }));
    await learnPassageStems(lockedTexts);
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
    for (const text of await search.passagesById({ ids: JSON.stringify(missing.map((match) => match.chunkId)), premium: 1, lockedLessons })) {
      const match = byId.get(text.chunkId);
      if (match) rows.push({ ...text, rank: match.rank, weighted: match.weighted });
    }
  }
  // The Premium lessons a member without Premium would be pointed to stay in
  // a member with Premium's answer, wherever the ranking puts them.
  await learnPassageStems(rows);
  const ranked = fuse(rankPassages(rows, concepts, scope, stemmedText), semantic);
  const kept = new Set(premium ? [...worthShowing, ...(floor?.locked ?? [])].map((match) => match.chunkId) : []);
  const others = new Set(ranked.filter((row) => !kept.has(row.chunkId)).slice(0, Math.max(0, limit - kept.size)));
  const chosen = ranked.filter((row) => kept.has(row.chunkId) || others.has(row)).slice(0, limit);
  const passages = ownWordsFirst(chosen);
  return { passages: passages.map(toPassage), locked, concepts };
}

/** A question answered in a lesson's discussion is cited after that lesson's own passages (issue 46), else where it ranks. */
export function ownWordsFirst<T extends { heading: string | null; lessonId: number | null }>(ranked: T[]): T[] {
  const lastOwn = new Map<number, number>();
  ranked.forEach((row, index) => row.lessonId !== null && row.heading !== DISCUSSION_HEADING && lastOwn.set(row.lessonId, index));
  const place = (row: T, index: number) => (row.heading === DISCUSSION_HEADING && row.lessonId !== null ? Math.max(index, (lastOwn.get(row.lessonId) ?? -1) + 0.5) : index);
  return ranked
    .map((row, index) => ({ row, at: place(row, index) }))
    .sort((a, b) => a.at - b.at)
    .map(({ row }) => row);
}

// A passage's text as word stems, kept for the passages asked about most:
// stemming forty passages of a few hundred words is most of a search's time.
// Keyed by passage id (ids are never reused: AUTOINCREMENT) and text length.
const STEMMED_KEPT = 2_000;
const stemmed = new Map<string, string[]>();

/**
 * The words of passages about to be ranked and quoted, learnt by the stemmer
 * (PostgreSQL's is a query: one for all the words it has not seen; SQLite's
 * needs nothing). Passages whose stems are kept already are skipped.
 */
async function learnPassageStems(passages: Array<{ chunkId: number; title: string; heading: string | null; body: string }>): Promise<void> {
  // A generator: read only by an engine that needs the words (SQLite's never does).
  function* words() {
    for (const passage of passages) {
      yield* wordsOf(`${passage.title} ${passage.heading ?? ""}`);
      if (!stemmed.has(`${passage.chunkId}:${passage.body.length}`)) yield* wordsOf(passage.body);
    }
  }
  await learnStems(words());
}

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
