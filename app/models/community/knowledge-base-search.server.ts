import type { SQL } from "drizzle-orm";
import { engine } from "#db/engine";
import * as postgres from "~/models/community/knowledge-base-search.pg.server";
import * as sqlite from "~/models/community/knowledge-base-search.sqlite.server";

// The knowledge base's full-text search for the engine the academy runs on
// (issue 43): FTS5 (trigram and Porter) with bm25 on SQLite, pg_trgm and a
// tsvector with ts_rank on PostgreSQL. knowledge-base.server.ts says what to
// find; these modules know how the engine finds it.

export interface KnowledgeBaseSearch {
  /** The search's key text for terms that must all appear (SQLite: its FTS5 query). */
  matchAll(terms: string[]): string;
  /** `text` holds `term` (already lower-cased) anywhere: for terms too short for the trigram index. */
  contains(text: SQL, term: string): SQL;
  /**
   * Article ids (`a` is knowledge_base_articles) holding every term, best
   * first: "as-typed" finds each term anywhere, even inside a word;
   * "word-forms" finds any form of its words ("price" for "pricing").
   */
  rankArticleIds(index: "as-typed" | "word-forms", terms: string[], conditions: SQL[]): Promise<number[]>;
}

const chosen: KnowledgeBaseSearch = engine === "postgres" ? postgres : sqlite;

export const { matchAll, contains, rankArticleIds } = chosen;
