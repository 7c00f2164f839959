import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import {
  buildSearchQuery,
  createArticle,
  deleteArticle,
  getArticle,
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  listArticles,
  listPublishedCategories,
  pageOfArticles,
  recordView,
  updateArticle,
} from "~/models/community/knowledge-base.server";
import { createStudent } from "~/models/accounts/user.server";
import { ArticleApiSchema, ArticleFormSchema, encodeApiTags, parseTags, type ArticleInput } from "~/schemas/knowledge-base";

describe("the knowledge-base search query", () => {
  it("is empty for empty or blank input", () => {
    expect(buildSearchQuery("")).toEqual({ match: null, shortTerms: [], terms: [] });
    expect(buildSearchQuery("   \t ")).toEqual({ match: null, shortTerms: [], terms: [] });
    expect(buildSearchQuery(null)).toEqual({ match: null, shortTerms: [], terms: [] });
  });

  it("quotes every term and requires them all", () => {
    expect(buildSearchQuery("Study habit").match).toBe('"Study" AND "habit"');
  });

  it("doubles quotes inside a term, so input cannot break out of the string", () => {
    expect(buildSearchQuery('say "hello"').match).toBe('"say" AND """hello"""');
    expect(buildSearchQuery('a"b"c').match).toBe('"a""b""c"');
  });

  it("treats FTS operators and column filters as plain words", () => {
    expect(buildSearchQuery("title:habit OR NEAR(x* ^y)").match).toBe('"title:habit" AND "NEAR(x*" AND "^y)"');
  });

  it("keeps terms too short for the trigram index aside, lower-cased", () => {
    expect(buildSearchQuery("AI ethics")).toEqual({ match: '"ethics"', shortTerms: ["ai"], terms: ["ethics"] });
  });
});

describe("tags", () => {
  it("are split on commas, trimmed, with empties dropped", () => {
    expect(parseTags(" tarot, beginners ,, ,daily ")).toEqual(["tarot", "beginners", "daily"]);
    expect(parseTags("")).toEqual([]);
    expect(parseTags(["  a ", "", "b"])).toEqual(["a", "b"]);
  });

  it("come from a comma string in the form and a list or string in the API", () => {
    const base = { title: "T", content: "C", summary: "S", category: "Community" };
    expect(ArticleFormSchema.parse({ ...base, tags: "one, two" }).tags).toEqual(["one", "two"]);
    expect(ArticleApiSchema.parse({ ...base, tags: ["one", " two "] }).tags).toEqual(["one", "two"]);
    expect(ArticleApiSchema.parse({ ...base, tags: "one,two" }).tags).toEqual(["one", "two"]);
  });

  it("in the API are the spec's JSON-encoded list, decoded whole and never comma-split", () => {
    const base = { title: "T", content: "C", summary: "S", category: "Community" };
    expect(ArticleApiSchema.parse({ ...base, tags: '["love, light", " tarot "]' }).tags).toEqual(["love, light", "tarot"]);
    expect(ArticleApiSchema.parse({ ...base, tags: "[]" }).tags).toEqual([]);
    for (const tags of ['["a",', "[1]", '["a", null]']) {
      const result = ArticleApiSchema.safeParse({ ...base, tags });
      expect(result.success, tags).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toMatch(/^Tags must be a JSON list of strings/);
    }
    expect(encodeApiTags(["love, light", "tarot"])).toBe('["love, light","tarot"]');
  });

  it("the API asks for every required field with the spec's message", () => {
    const result = ArticleApiSchema.safeParse({ title: "Only a title" });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(new Set(Object.values(result.error.flatten().fieldErrors).flat())).toEqual(new Set(["Please fill in all required fields"]));
    }
    expect(ArticleApiSchema.safeParse({ title: "T", content: "C", summary: "S", category: "Astrology" }).success).toBe(false);
  });
});

describe("knowledge-base articles in the database", () => {
  let authorId = 0;
  const article = (overrides: Partial<ArticleInput>): ArticleInput => ({
    title: "Untitled",
    content: "Plain body text.",
    summary: "A short summary.",
    category: "Study Tips",
    tags: [],
    isPublished: true,
    ...overrides,
  });

  beforeAll(async () => {
    authorId = (await createStudent({ username: "kb-unit-author", password: "a perfectly fine passphrase" })).id;
  });

  it("keeps a listing's total, and the categories in use, in step with every create, publish, move and delete", async () => {
    const counted = (where: string, ...values: unknown[]) =>
      (db.$client.prepare(`select count(*) as n from knowledge_base_articles where ${where}`).get(...values) as { n: number }).n;
    const check = async () => {
      expect((await pageOfArticles({}, 1, 12)).total).toBe(counted("is_published = 1"));
      expect((await pageOfArticles({ includeDrafts: true }, 1, 12)).total).toBe(counted("1 = 1"));
      for (const category of ["Study Tips", "Community"] as const) {
        expect((await pageOfArticles({ category }, 1, 12)).total).toBe(counted("is_published = 1 and category = ?", category));
        expect((await pageOfArticles({ category, includeDrafts: true }, 1, 12)).total).toBe(counted("category = ?", category));
      }
      const inUse = (db.$client.prepare("select distinct category from knowledge_base_articles where is_published = 1").all() as { category: string }[]).map((r) => r.category);
      expect(new Set(await listPublishedCategories())).toEqual(new Set(inUse));
    };
    await check();
    const draft = await createArticle(article({ title: "Count me later", category: "Community", isPublished: false }), authorId);
    await check();
    const published = { title: "Count me later", content: "Plain body text.", summary: "A short summary.", category: "Community" as const, tags: [], isPublished: true };
    await updateArticle(draft.id, published);
    await check();
    await updateArticle(draft.id, { ...published, category: "Study Tips" });
    await check();
    await updateArticle(draft.id, { ...published, category: "Study Tips", title: "Renamed only" });
    await check();
    await deleteArticle(draft.id);
    await check();
    // A filter by a term too short for the index is counted, not taken from the kept totals.
    expect((await pageOfArticles({ q: "zq" }, 1, 12)).total).toBe(counted("is_published = 1 and (instr(lower(title), 'zq') or instr(lower(summary), 'zq') or instr(lower(content), 'zq'))"));
  });

  it("finds words and fragments case-insensitively across title, summary and body, ranked and highlighted", async () => {
    const habit = await createArticle(article({ title: "How to Build a Steady Study Habit", tags: ["focus", "routine"] }), authorId);
    const onboarding = await createArticle(
      article({ title: "Onboarding Checklist", category: "Getting Started", summary: "Everything for a calm café start." }),
      authorId,
    );
    const body = await createArticle(article({ title: "Pricing", category: "Business Tools", content: "Consider a sliding scale for readings." }), authorId);

    expect((await listArticles({ q: "habit" })).map((a) => a.id)).toEqual([habit.id]);
    expect((await listArticles({ q: "HABIT" })).map((a) => a.id)).toEqual([habit.id]);
    expect((await listArticles({ q: "board" })).map((a) => a.id)).toEqual([onboarding.id]);
    expect((await listArticles({ q: "cafe" })).map((a) => a.id)).toEqual([onboarding.id]);
    expect((await listArticles({ q: "sliding" })).map((a) => a.id)).toEqual([body.id]);
    expect(await listArticles({ q: "habit", category: "Community" })).toEqual([]);

    const [hit] = await listArticles({ q: "steady" });
    expect(hit?.snippet).toContain(`${HIGHLIGHT_START}Steady${HIGHLIGHT_END}`);
    expect((await listArticles()).every((a) => a.snippet === null)).toBe(true);
  });

  it("finds other forms of a word, after the articles that hold it as typed, and highlights the form each holds", async () => {
    const fees = await createArticle(
      article({ title: "Session Fees Explained", content: "List each service with its length, format and price. Review prices every year." }),
      authorId,
    );
    const pricing = await createArticle(article({ title: "Fair Pricing", content: "Transparent pricing builds trust before the first session." }), authorId);

    // (An earlier story wrote a "Pricing" article too: only these two are looked at.)
    const found = async (q: string) => (await listArticles({ q })).map((a) => a.id).filter((id) => id === fees.id || id === pricing.id);

    // Either form finds both articles; the one holding the word as typed comes first.
    expect(await found("pricing")).toEqual([pricing.id, fees.id]);
    expect(await found("price")).toEqual([fees.id, pricing.id]);
    expect(await found("PRICES")).toEqual([fees.id, pricing.id]);
    // Every word must still match, each in some form.
    expect(new Set(await found("pricing sessions"))).toEqual(new Set([pricing.id, fees.id]));
    expect(await found("prices trust")).toEqual([pricing.id]);

    const snippet = (await listArticles({ q: "pricing" })).find((a) => a.id === fees.id)?.snippet;
    expect(snippet).toContain(`${HIGHLIGHT_START}price${HIGHLIGHT_END}`);
    expect(snippet).toContain(`${HIGHLIGHT_START}prices${HIGHLIGHT_END}`);
  });

  it("survives hostile input and very short terms", async () => {
    for (const q of ['"', '"""', "NEAR(", "*", "a", "-", "title:", "'); drop table users; --"]) {
      expect(async () => await listArticles({ q })).not.toThrow();
    }
    expect((await listArticles({ q: "sc" })).some((a) => a.title === "Pricing")).toBe(true);
  });

  it("keeps drafts from everyone but admins, and lists categories from published data", async () => {
    const draft = await createArticle(article({ title: "Secret Draft Plans", category: "Membership", isPublished: false }), authorId);
    expect(await listArticles({ q: "secret" })).toEqual([]);
    expect((await listArticles({ q: "secret", includeDrafts: true })).map((a) => a.id)).toEqual([draft.id]);
    expect(await getArticle(draft.id)).toBeUndefined();
    expect((await getArticle(draft.id, { includeDrafts: true }))?.title).toBe("Secret Draft Plans");
    expect(await listPublishedCategories()).not.toContain("Membership");
  });

  it("ranks a search again once the articles change, from this process or another connection", async () => {
    const ids = async (q: string) => (await pageOfArticles({ q }, 1, 12)).articles.map((a) => a.id);
    const first = await createArticle(article({ title: "Quillwork for Beginners" }), authorId);
    expect(await ids("quillwork")).toEqual([first.id]);
    // The same search again is answered from the kept ranking; each write starts afresh.
    expect(await ids("quillwork")).toEqual([first.id]);
    const second = await createArticle(article({ title: "Quillwork Tools", summary: "Quillwork in the title and the summary." }), authorId);
    expect(await ids("quillwork")).toEqual([second.id, first.id]);
    await updateArticle(second.id, article({ title: "Pen Tools" }));
    expect(await ids("quillwork")).toEqual([first.id]);
    expect((await pageOfArticles({ q: "quillwork" }, 1, 12)).total).toBe(1);

    // Another connection's commit (a script, a bulk load) is seen too.
    const other = new Database(process.env.DATABASE_PATH ?? "");
    try {
      const now = Date.now();
      const inserted = other
        .prepare("insert into knowledge_base_articles (title, summary, content, category, tags, is_published, author_id, created_at, updated_at) values (?, ?, ?, ?, '[]', 1, ?, ?, ?)")
        .run("Quillwork Everywhere", "Quillwork, quillwork.", "Plain body text.", "Study Tips", authorId, now, now);
      expect(await ids("quillwork")).toEqual([Number(inserted.lastInsertRowid), first.id]);
    } finally {
      other.close();
    }
    await deleteArticle(first.id);
    expect(await ids("quillwork")).not.toContain(first.id);
  });

  it("keeps the search index in step with updates and deletes, and counts views", async () => {
    const created = await createArticle(article({ title: "Moon Journal", tags: ["a", "b"] }), authorId);
    expect(created.tags).toEqual(["a", "b"]);
    await updateArticle(created.id, article({ title: "Sun Journal" }));
    expect(await listArticles({ q: "moon" })).toEqual([]);
    expect((await listArticles({ q: "sun journal" })).map((a) => a.id)).toEqual([created.id]);
    await recordView(created.id);
    await recordView(created.id);
    expect((await getArticle(created.id))?.viewCount).toBe(2);
    expect(await deleteArticle(created.id)).toBe(true);
    expect(await listArticles({ q: "sun journal" })).toEqual([]);
    expect(await deleteArticle(created.id)).toBe(false);
  });
});
