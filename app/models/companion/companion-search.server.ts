import { engine } from "#db/engine";
import type { CompanionSearch } from "~/models/companion/companion-search-rows";
import * as postgres from "~/models/companion/companion-search.pg.server";
import * as sqlite from "~/models/companion/companion-search.sqlite.server";

// The study companion's full-text search for the engine the academy runs on
// (issue 43): FTS5 and bm25 on SQLite (companion-search.sqlite.server.ts),
// tsvector and ts_rank on PostgreSQL (companion-search.pg.server.ts). Nothing
// else knows how passages are matched; companion-library.server.ts says what
// to find (the question's concepts) and reads the rows below.

export type { PassageRow, PassageText, PremiumLessonMatch } from "~/models/companion/companion-search-rows";

const chosen: CompanionSearch = engine === "postgres" ? postgres : sqlite;

export const { matchQuery, readablePassages, premiumLessonMatches, passagesById, libraryVersion, libraryTerms, optimizeIndex, readableChunkIds } = chosen;
