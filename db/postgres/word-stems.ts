import { sql } from "drizzle-orm";
import { db } from "../client.server";
import { TEXT_SEARCH_CONFIG } from "./dialect";

/**
 * Each word's one lexeme as PostgreSQL's word indexes store it — to_tsvector
 * with the indexes' own configuration, so the server's stemmer is the only
 * one — or null when it splits the word or drops it (a stop word). One
 * statement for all the words.
 */
export async function stemWords(words: string[]): Promise<Array<string | null>> {
  if (words.length === 0) return [];
  const rows = await db.all<{ at: number; lexemes: string[] | string }>(sql`
    SELECT w.at::int AS "at", tsvector_to_array(to_tsvector(${TEXT_SEARCH_CONFIG}::regconfig, w.word)) AS "lexemes"
    FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) WITH ORDINALITY AS w(word, at)`);
  const stems: Array<string | null> = words.map(() => null);
  for (const row of rows) {
    const lexemes = Array.isArray(row.lexemes) ? row.lexemes : [];
    if (lexemes.length === 1) stems[row.at - 1] = lexemes[0] ?? null;
  }
  return stems;
}
