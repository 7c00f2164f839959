import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { formsIn, WORD_TOKENIZER, wordsOf, wordStems } from "#db/word-stems";

// Code that compares words outside SQL (the companion's quotes, the knowledge
// base's highlights) must compare them as the word indexes match them.
describe("word stems", () => {
  it("are the word indexes' own: both are built with the same tokenizer", () => {
    const definitions = db.$client
      .prepare("SELECT name, sql FROM sqlite_master WHERE name IN ('companion_fts', 'knowledge_base_words')")
      .all() as Array<{ name: string; sql: string }>;
    expect(definitions.map((d) => d.name).sort()).toEqual(["companion_fts", "knowledge_base_words"]);
    for (const { sql } of definitions) expect(sql).toContain(`tokenize='${WORD_TOKENIZER}'`);
  });

  it("are the terms the knowledge base's word index holds for a text", () => {
    const text = "Pricing, prices and the PRICE of a café reading: readings priced fairly, studies and a study.";
    const id = Number(
      db.$client
        .prepare("INSERT INTO knowledge_base_articles (title, summary, content, category, tags, is_published, created_at, updated_at) VALUES ('t', 's', ?, 'Study Tips', '[]', 1, 0, 0)")
        .run(text).lastInsertRowid,
    );
    db.$client.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.kb_word_terms USING fts5vocab(main, knowledge_base_words, 'instance')");
    const indexed = (db.$client.prepare("SELECT term FROM temp.kb_word_terms WHERE doc = ? AND col = 'content' ORDER BY offset").all(id) as Array<{ term: string }>).map((r) => r.term);
    const stems = wordStems(wordsOf(text));
    expect(wordsOf(text).map((word) => stems.get(word))).toEqual(indexed);
  });

  it("make one word of its forms, and find those forms in a text", async () => {
    const stems = wordStems(["price", "pricing", "prices", "priced"]);
    expect(new Set(stems.values())).toEqual(new Set(["price"]));
    expect((await formsIn("List each service with its price. Review prices yearly; pricing is a skill.", ["Pricing"])).sort()).toEqual(["price", "prices", "pricing"]);
    expect(await formsIn("Nothing about money here.", ["pricing"])).toEqual([]);
  });
});
