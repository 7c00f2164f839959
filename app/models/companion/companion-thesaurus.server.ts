import fs from "node:fs";
import path from "node:path";
import { withStems } from "#db/word-stems";
import { EMPTY_THESAURUS, parseThesaurus, type Thesaurus } from "~/models/companion/companion-thesaurus";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

// The academy's thesaurus file (content/companion-synonyms.txt, or
// COMPANION_SYNONYMS_PATH): read at the first question and again whenever the
// file changes, so an owner's edit takes effect without a restart. A missing
// file is an empty thesaurus; a line that cannot be read is logged and skipped.

let loaded: { key: string; thesaurus: Thesaurus } | undefined;

export function thesaurusPath(): string {
  return path.resolve(env.COMPANION_SYNONYMS_PATH ?? path.join(env.CONTENT_DIR, "companion-synonyms.txt"));
}

export async function academyThesaurus(): Promise<Thesaurus> {
  const file = thesaurusPath();
  let key: string;
  try {
    const stat = fs.statSync(file);
    key = `${file}:${stat.mtimeMs}:${stat.size}`;
  } catch {
    return EMPTY_THESAURUS;
  }
  if (loaded?.key !== key) {
    const text = fs.readFileSync(file, "utf8");
    // Its phrases are kept as stems: stemmed by the engine's own stemmer.
    const thesaurus = await withStems(() => parseThesaurus(text));
    for (const problem of thesaurus.problems) logger.warn(`${path.basename(file)} ${problem}: skipped`);
    loaded = { key, thesaurus };
  }
  return loaded.thesaurus;
}
