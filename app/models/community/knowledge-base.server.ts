import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { db, changes, withTransaction, single } from "#db/client.server";
import { databaseVersion, inIdList } from "#db/dialect.server";
import { contains, matchAll, rankArticleIds } from "~/models/community/knowledge-base-search.server";
import { formsIn } from "#db/word-stems";
import { indexArticle } from "~/models/companion/companion-library.server";
import { makeSnippet } from "~/utils/search-snippet";
import { type KB_CATEGORIES, knowledgeBaseArticleCounts, knowledgeBaseArticles } from "#db/schema";
import { ARTICLE_CATEGORIES, encodeApiTags, isArticleCategory, type ArticleCategory, type ArticleInput } from "~/schemas/knowledge-base";

// The browser-safe list in app/schemas must stay the database's list.
type SameList<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const categoriesAgree: SameList<ArticleCategory, (typeof KB_CATEGORIES)[number]> = true;
void categoriesAgree;

export { ARTICLE_CATEGORIES };

export interface ArticleListItem {
  id: number;
  title: string;
  summary: string;
  category: ArticleCategory;
  tags: string[];
  isPublished: boolean;
  authorId: number | null;
  viewCount: number;
  createdAt: Date;
  updatedAt: Date;
  /** Only when searching: matched text with HIGHLIGHT_START/END around each hit. */
  snippet: string | null;
}

export interface Article extends Omit<ArticleListItem, "snippet"> {
  content: string;
}

export type ArticleListItemWithContent = ArticleListItem & { content: string };

// Snippet markers: control characters that never appear in typed text, so the
// page can split on them and render the hits as <mark> without any raw HTML.
export const HIGHLIGHT_START = "\u0002";
export const HIGHLIGHT_END = "\u0003";

/** The trigram index cannot match fragments shorter than this. */
const TRIGRAM = 3;
const MAX_TERMS = 8;

export interface SearchQuery {
  /** The search's key (on SQLite the FTS5 query of both indexes): every term as plain text, all required; null when there is none. */
  match: string | null;
  /** Terms too short for the trigram index, lower-cased, matched as plain substrings instead. */
  shortTerms: string[];
  /** The terms the index matches, as typed: the ones a snippet highlights. */
  terms: string[];
}

/**
 * Turns what a visitor typed into search terms: whitespace-separated, all
 * required, never syntax (on SQLite each is a quoted FTS5 string, inner quotes
 * doubled, so OR, NEAR, *, ^ or column filters are plain text; on PostgreSQL
 * they are values). The as-typed index matches each anywhere inside a word,
 * the word index any form of it (knowledge-base-search.server.ts).
 */
export function buildSearchQuery(input: string | null | undefined): SearchQuery {
  const terms = (input ?? "")
    .normalize("NFC")
    // Control characters would only confuse the snippet markers.
    .replace(/\p{Cc}/gu, " ")
    .split(/\s+/)
    .filter((term) => term !== "")
    .slice(0, MAX_TERMS);
  const long = terms.filter((term) => [...term].length >= TRIGRAM);
  const shortTerms = terms.filter((term) => [...term].length < TRIGRAM).map((term) => term.toLowerCase());
  return { match: long.length ? matchAll(long) : null, shortTerms, terms: long };
}

export interface ListArticlesOptions {
  q?: string | null;
  category?: string | null;
  includeDrafts?: boolean;
  withContent?: boolean;
  limit?: number;
  /** Articles to skip first (the API's pages). */
  offset?: number;
}

interface ArticleRow {
  id: number;
  title: string;
  summary: string;
  content: string | null;
  category: string;
  tags: string;
  isPublished: number | boolean;
  authorId: number | null;
  viewCount: number;
  createdAt: number;
  updatedAt: number;
  snippet: string | null;
}

/** Reads the stored JSON tag list; anything unexpected counts as no tags. */
export function decodeTags(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

function toListItem(row: ArticleRow): ArticleListItem {
  // The CHECK constraint guarantees one of the six; this keeps TypeScript honest.
  const category = isArticleCategory(row.category) ? row.category : ARTICLE_CATEGORIES[0];
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category,
    tags: decodeTags(row.tags),
    isPublished: Boolean(row.isPublished),
    authorId: row.authorId,
    viewCount: row.viewCount,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    snippet: row.snippet,
  };
}

const DEFAULT_LIMIT = 100;
// The API sends whole articles, which are large: a page of them at a time.
export const ARTICLES_PER_API_PAGE = 20;
// The knowledge-base page: four rows of three cards, each search result with its snippet.
// (24 made a search page of ~50 KB and twice the work for a list few read to the end.)
export const ARTICLES_PER_PAGE = 12;

/** The WHERE conditions of a listing or search (the index's MATCH aside), shared by the list and its count. */
function articleFilters(options: ListArticlesOptions): { match: string | null; terms: string[]; shortTerms: string[]; conditions: SQL[] } {
  const { match, terms, shortTerms } = buildSearchQuery(options.q);
  const conditions: SQL[] = [];
  // "= true", not the bare column: SQLite then seeks kb_published rather than sorting every article.
  if (!options.includeDrafts) conditions.push(sql`a.is_published = true`);
  if (options.category) conditions.push(sql`a.category = ${options.category}`);
  for (const term of shortTerms) {
    conditions.push(sql`(${contains(sql`lower(a.title)`, term)} or ${contains(sql`lower(a.summary)`, term)} or ${contains(sql`lower(a.content)`, term)})`);
  }
  return { match, terms, shortTerms, conditions };
}

/** An article's columns; its body only when it is sent or a snippet is made from it. */
const articleColumns = (withContent: boolean) => sql`a.id as "id", a.title as "title", a.summary as "summary",
  ${withContent ? sql`a.content` : sql`null`} as "content", a.category as "category", a.tags as "tags",
  a.is_published as "isPublished", a.author_id as "authorId", a.view_count as "viewCount",
  a.created_at as "createdAt", a.updated_at as "updatedAt"`;

/** A search's matching article ids, best first; the first `typed` of them hold the words as typed. */
interface Ranking {
  ids: number[];
  typed: number;
}

/**
 * The articles holding what was typed (the trigram index, even inside a
 * word) first; then those holding only another form of the words ("price"
 * for "pricing"), each group by its own index's bm25. The word index ranks
 * only the articles the first left, so no match is ranked twice.
 */
async function rankArticles(terms: string[], conditions: SQL[]): Promise<Ranking> {
  const typed = await rankArticleIds("as-typed", terms, conditions);
  const otherForms = await rankArticleIds("word-forms", terms, [...conditions, sql`not ${inIdList(sql`a.id`, JSON.stringify(typed))}`]);
  return { ids: [...typed, ...otherForms], typed: typed.length };
}

// A search's ranking (every matching id, best first) is kept until the articles
// change. Ranking ~450 matches among 10,000 articles costs ~1.3 ms, most of a
// search page (issue 15); the next page of the same search, and the searches
// members repeat, then only read the 12 articles they show. View counts are
// not part of a ranking, so the articles themselves are always read fresh.
const RANKINGS_KEPT = 100;
const rankings = new Map<string, Ranking>();
// Our own writes bump articleWrites; the database's version moves when another
// connection (another worker, a script, the bench's bulk load) commits.
let articleWrites = 0;
let rankingsFor = "";

function articlesChanged() {
  articleWrites += 1;
}

async function ranked(key: string, terms: string[], conditions: SQL[]): Promise<Ranking> {
  const version = `${articleWrites}:${await databaseVersion()}`;
  if (version !== rankingsFor) {
    rankings.clear();
    rankingsFor = version;
  }
  let ranking = rankings.get(key);
  if (!ranking) {
    ranking = await rankArticles(terms, conditions);
    if (rankings.size >= RANKINGS_KEPT) rankings.delete(rankings.keys().next().value ?? "");
    rankings.set(key, ranking);
  }
  return ranking;
}

/** What makes two searches rank alike: the ranking cache's key. */
function rankingKey(options: ListArticlesOptions, match: string, shortTerms: string[]): string {
  return JSON.stringify([match, shortTerms, options.category ?? null, Boolean(options.includeDrafts)]);
}

/** The articles with these ids, in this order, with their bodies (search results: sent whole, or snippets made). */
async function articlesByIds(ids: number[]): Promise<ArticleRow[]> {
  if (ids.length === 0) return [];
  const found = await db.all<ArticleRow>(sql`
    select ${articleColumns(true)}, null as "snippet"
    from knowledge_base_articles a
    where ${inIdList(sql`a.id`, JSON.stringify(ids))}`);
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Newest first: a listing without a search. */
async function newestArticles(conditions: SQL[], limit: number, offset: number, withContent: boolean): Promise<ArticleRow[]> {
  const where = conditions.length ? sql`where ${and(...conditions)}` : sql``;
  return await db.all<ArticleRow>(sql`
    select ${articleColumns(withContent)}, null as "snippet"
    from knowledge_base_articles a
    ${where}
    order by a.created_at desc, a.id desc
    limit ${limit} offset ${offset}`);
}

/**
 * A search result's highlighted piece of text, made only for the articles
 * shown: what was typed, or, in an article found by other forms of the words,
 * those forms.
 */
async function withSnippet(row: ArticleRow, terms: string[], otherForms: boolean): Promise<ArticleRow> {
  const fields = [row.content ?? "", row.summary, row.title];
  const highlighted = otherForms ? [...terms, ...(await formsIn(fields.join("\n"), terms))] : terms;
  return { ...row, snippet: makeSnippet(fields, highlighted, { start: HIGHLIGHT_START, end: HIGHLIGHT_END }) };
}

/** The articles of one page of a search, each with its snippet. */
async function searchResults(ranking: Ranking, from: number, to: number, terms: string[]): Promise<ArticleListItem[]> {
  const rows = await articlesByIds(ranking.ids.slice(from, to));
  return await Promise.all(rows.map(async (row, index) => toListItem(await withSnippet(row, terms, from + index >= ranking.typed))));
}

/**
 * Articles newest first, or, with a search, best match first with a
 * highlighted snippet. Visitors and students see published articles only.
 */
export function listArticles(options: ListArticlesOptions & { withContent: true }): Promise<ArticleListItemWithContent[]>;
export function listArticles(options?: ListArticlesOptions): Promise<ArticleListItem[]>;
export async function listArticles(options: ListArticlesOptions = {}): Promise<ArticleListItem[] | ArticleListItemWithContent[]> {
  const { match, terms, shortTerms, conditions } = articleFilters(options);
  const limit = Math.max(1, Math.min(options.limit ?? DEFAULT_LIMIT, 1000));
  const offset = Math.max(0, Math.floor(options.offset ?? 0));
  const ranking = match ? await ranked(rankingKey(options, match, shortTerms), terms, conditions) : null;
  if (options.withContent) {
    // The API sends whole articles, so only lists get snippets.
    const rows = ranking ? await articlesByIds(ranking.ids.slice(offset, offset + limit)) : await newestArticles(conditions, limit, offset, true);
    return rows.map((row) => ({ ...toListItem(row), content: row.content ?? "" }));
  }
  if (ranking) return await searchResults(ranking, offset, offset + limit, terms);
  return (await newestArticles(conditions, limit, offset, false)).map(toListItem);
}

const keptCount = db
  .select({ total: sql<number>`coalesce(sum(${knowledgeBaseArticleCounts.n}), 0)`.mapWith(Number) })
  .from(knowledgeBaseArticleCounts)
  .where(
    and(
      sql`(${knowledgeBaseArticleCounts.isPublished} or ${sql.placeholder("includeDrafts")} = 1)`,
      sql`(${sql.placeholder("category")} = '' or ${knowledgeBaseArticleCounts.category} = ${sql.placeholder("category")})`,
    ),
  )
  .prepare();

/** How many articles a listing without a search shows in all: from the counts the triggers keep. */
async function countKept({ category, includeDrafts }: Pick<ListArticlesOptions, "category" | "includeDrafts">): Promise<number> {
  return (await keptCount.get({ includeDrafts: includeDrafts ? 1 : 0, category: category ?? "" }))?.total ?? 0;
}

/** How many articles match terms too short for the index (matched with instr()): counted. */
async function countMatching(conditions: SQL[]): Promise<number> {
  return (await db.get<{ total: number }>(sql`select cast(count(*) as integer) as "total" from knowledge_base_articles a where ${and(...conditions)}`))?.total ?? 0;
}

/**
 * One page of a listing or search and how many articles it finds in all (for
 * its page links). A search ranks every match once and pages through that,
 * rather than matching twice (count, then page). A page past the end shows the last one.
 */
export async function pageOfArticles(
  options: Omit<ListArticlesOptions, "withContent" | "limit" | "offset">,
  requestedPage: number,
  perPage: number,
): Promise<{ articles: ArticleListItem[]; total: number; page: number; pageCount: number }> {
  const { match, terms, shortTerms, conditions } = articleFilters(options);
  const pageFor = (total: number) => {
    const pageCount = Math.max(1, Math.ceil(total / perPage));
    return { pageCount, page: Math.min(Math.max(1, requestedPage), pageCount) };
  };
  if (match) {
    const ranking = await ranked(rankingKey(options, match, shortTerms), terms, conditions);
    const { page, pageCount } = pageFor(ranking.ids.length);
    return { articles: await searchResults(ranking, (page - 1) * perPage, page * perPage, terms), total: ranking.ids.length, page, pageCount };
  }
  // Terms too short for the index filter the list themselves; without any, the kept counts say how many.
  const total = shortTerms.length ? await countMatching(conditions) : await countKept(options);
  const { page, pageCount } = pageFor(total);
  const articles = (await newestArticles(conditions, perPage, (page - 1) * perPage, false)).map(toListItem);
  return { articles, total, page, pageCount };
}

/** Categories that published articles use, in the fixed order of the six. */
export async function listPublishedCategories(): Promise<ArticleCategory[]> {
  const used = new Set((await publishedCategories.all()).map((row) => row.category));
  return ARTICLE_CATEGORIES.filter((category) => used.has(category));
}

const publishedCategories = db
  .select({ category: knowledgeBaseArticleCounts.category })
  .from(knowledgeBaseArticleCounts)
  .where(and(eq(knowledgeBaseArticleCounts.isPublished, true), gt(knowledgeBaseArticleCounts.n, 0)))
  .prepare();

const articleByIdQuery = db
  .select()
  .from(knowledgeBaseArticles)
  .where(eq(knowledgeBaseArticles.id, sql.placeholder("id")))
  .orderBy(asc(knowledgeBaseArticles.id))
  .prepare();

/** One article; a draft exists only for admins (`includeDrafts`). */
export async function getArticle(id: number, { includeDrafts = false }: { includeDrafts?: boolean } = {}): Promise<Article | undefined> {
  const row = await articleByIdQuery.get({ id });
  if (!row || (!row.isPublished && !includeDrafts)) return undefined;
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    summary: row.summary,
    category: row.category,
    tags: decodeTags(row.tags),
    isPublished: row.isPublished,
    authorId: row.authorId,
    viewCount: row.viewCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Counts one view of an article page (not of a list). */
export async function recordView(id: number): Promise<void> {
  await db.update(knowledgeBaseArticles)
    .set({ viewCount: sql`${knowledgeBaseArticles.viewCount} + 1` })
    .where(eq(knowledgeBaseArticles.id, id));
}

/** Reads an article for a viewer and counts the view in the same step. */
export async function viewArticle(id: number, { includeDrafts = false }: { includeDrafts?: boolean } = {}): Promise<Article | undefined> {
  return await withTransaction(async () => {
    const article = await getArticle(id, { includeDrafts });
    if (!article) return undefined;
    await recordView(id);
    return { ...article, viewCount: article.viewCount + 1 };
  });
}

function storedValues(input: ArticleInput) {
  return {
    title: input.title,
    content: input.content,
    summary: input.summary,
    category: input.category,
    tags: JSON.stringify(input.tags),
    isPublished: input.isPublished,
  };
}

export async function createArticle(input: ArticleInput, authorId: number): Promise<Article> {
  const created = await withTransaction(async (tx) => {
    const row = await single(tx
      .insert(knowledgeBaseArticles)
      .values({ ...storedValues(input), authorId })
      .returning({ id: knowledgeBaseArticles.id }));
    await indexArticle(tx, row.id);
    return row;
  });
  articlesChanged();
  const article = await getArticle(created.id, { includeDrafts: true });
  if (!article) throw new Error("knowledge base article vanished after insert");
  return article;
}

/** Updates an article; undefined when it does not exist. The author stays who wrote it. */
export async function updateArticle(id: number, input: ArticleInput): Promise<Article | undefined> {
  const changed = await withTransaction(async (tx) => {
    const updated = changes(await tx
      .update(knowledgeBaseArticles)
      .set({ ...storedValues(input), updatedAt: new Date() })
      .where(eq(knowledgeBaseArticles.id, id)));
    if (updated) await indexArticle(tx, id);
    return updated;
  });
  articlesChanged();
  return changed ? await getArticle(id, { includeDrafts: true }) : undefined;
}

/** True when an article was deleted. */
export async function deleteArticle(id: number): Promise<boolean> {
  const deleted = changes(await db.delete(knowledgeBaseArticles).where(eq(knowledgeBaseArticles.id, id))) > 0;
  articlesChanged();
  return deleted;
}

/** An article as the JSON API sends it: tags as the spec's JSON-encoded string. */
export function articleForApi<T extends { tags: string[] }>(article: T): Omit<T, "tags"> & { tags: string } {
  return { ...article, tags: encodeApiTags(article.tags) };
}
