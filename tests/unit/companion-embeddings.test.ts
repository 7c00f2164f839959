import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeEmbedding, startFakeOpenAI, type FakeOpenAI } from "../fakes/fake-openai";

// Issue 40, with a provider: the library's passages embedded through the real
// openai SDK against the local fake (tests/fakes/fake-openai.ts), stored with
// their model, embedded again when a passage or the model changes, ranked by
// cosine over what the member may read and fused with the word ranking — and
// an outage answered by the word ranking with an honest note. The academy's
// modules are imported after the fake is up: configuration is read once.

let fake: FakeOpenAI;
let app: Awaited<ReturnType<typeof load>>;
const MODEL = "fake-embed-1";

async function load() {
  const { eq } = await import("drizzle-orm");
  const { db, first, withTransaction } = await import("#db/client.server");
  const schema = await import("#db/schema");
  const seed = await import("#db/seed");
  const library = await import("~/models/companion/companion-library.server");
  const embeddings = await import("~/models/companion/companion-embeddings.server");
  const companion = await import("~/models/companion/companion.server");
  const { ensureAdmin } = await import("~/models/accounts/user.server");
  const { ChatRequestSchema } = await import("~/schemas/companion");
  const { env } = await import("~/utils/env.server");
  return { eq, db, first, withTransaction, schema, seed, library, embeddings, companion, ensureAdmin, ChatRequestSchema, env };
}

type Member = { id: number; role: "student" | "admin" | "instructor" };
let free: Member;
let premium: Member;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  process.env.OPENAI_API_KEY = "sk-test-embeddings";
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  process.env.OPENAI_EMBEDDING_MODEL = MODEL;
  process.env.OPENAI_TIMEOUT_SECONDS = "5";
  app = await load();
  await app.ensureAdmin({ username: "headmaster", password: "correct-horse-battery-staple" });
  await app.seed.seedDemoData();
  await app.library.rebuildLibrary();
  const find = async (username: string) => (await app.first(app.db.select({ id: app.schema.users.id, role: app.schema.users.role }).from(app.schema.users).where(app.eq(app.schema.users.username, username)).limit(1)))!;
  free = await find(app.seed.DEMO_STUDENT.username);
  premium = await find(app.seed.DEMO_PREMIUM.username);
}, 60_000);

afterAll(async () => {
  await fake?.stop();
});

const storedModels = async () => await app.db.select({ model: app.schema.companionEmbeddings.model, dimensions: app.schema.companionEmbeddings.dimensions }).from(app.schema.companionEmbeddings);
const passageCount = async () => (await app.db.select({ id: app.schema.companionChunks.id }).from(app.schema.companionChunks)).length;

describe("the library's embeddings", () => {
  it("are computed in batches through the SDK and stored with the model's name", async () => {
    const passages = await passageCount();
    expect(await app.embeddings.embedLibrary()).toBe(passages);
    const requests = fake.embeddingRequests();
    expect(requests).toHaveLength(Math.ceil(passages / 64));
    expect(requests.every((r) => r.body.model === MODEL && Array.isArray(r.body.input) && r.body.input.length <= 64)).toBe(true);
    expect(await storedModels()).toHaveLength(passages);
    expect((await storedModels()).every((row) => row.model === MODEL && row.dimensions === 64)).toBe(true);
    // Nothing left to do: a second run asks the provider for nothing.
    expect(await app.embeddings.embedLibrary()).toBe(0);
    expect(fake.embeddingRequests()).toHaveLength(requests.length);
  });

  it("embeds again only the passages whose text changed", async () => {
    const { db, schema, eq, library } = app;
    const article = (await app.first(db.select().from(schema.knowledgeBaseArticles).where(eq(schema.knowledgeBaseArticles.title, "How to Build a Steady Study Habit")).limit(1)))!;
    await db.update(schema.knowledgeBaseArticles).set({ content: `${article.content}\n\nA new closing paragraph about spaced review cards.` }).where(eq(schema.knowledgeBaseArticles.id, article.id));
    await app.withTransaction(async (tx) => await library.indexArticle(tx, article.id));
    const changed = (await db.select({ id: schema.companionChunks.id }).from(schema.companionChunks).where(eq(schema.companionChunks.articleId, article.id))).length;
    expect(await app.embeddings.passagesToEmbed()).toHaveLength(changed);
    expect(await app.embeddings.embedLibrary()).toBe(changed);
    expect(await app.embeddings.passagesToEmbed()).toHaveLength(0);
  });

  it("embeds everything again for another model, then forgets the old model's vectors", async () => {
    app.env.OPENAI_EMBEDDING_MODEL = "fake-embed-2";
    try {
      expect(await app.embeddings.passagesToEmbed()).toHaveLength(await passageCount());
      await app.embeddings.embedLibrary();
      expect(new Set((await storedModels()).map((row) => row.model))).toEqual(new Set(["fake-embed-2"]));
    } finally {
      app.env.OPENAI_EMBEDDING_MODEL = MODEL;
      await app.embeddings.embedLibrary();
    }
    expect(new Set((await storedModels()).map((row) => row.model))).toEqual(new Set([MODEL]));
  });
});

const chunk = async (title: string, heading: string | null) => {
  const { db, schema, eq } = app;
  const rows = await db.select().from(schema.companionChunks).where(eq(schema.companionChunks.title, title));
  const row = rows.find((r) => r.heading === heading);
  if (!row) throw new Error(`no passage ${title} / ${heading}`);
  return { ...row, text: `${row.title}${row.heading ? ` — ${row.heading}` : ""}\n${row.body}` };
};

describe("meaning-based search", () => {
  it("finds a passage that shares no word with the question, fused with the word ranking", async () => {
    const question = "blorp snarfle gizmo";
    const target = await chunk("Troubleshooting Live Sessions, Video and Audio", null);
    fake.setEmbedding(question, fakeEmbedding(target.text));
    expect((await app.library.searchLibrary(question, free, { limit: 3 })).passages).toEqual([]);
    const semantic = await app.embeddings.nearestPassages(question, free, { limit: 20 });
    expect(semantic[0]).toBe(target.id);
    const fused = await app.library.searchLibrary(question, free, { limit: 3, semantic });
    expect(fused.passages[0]?.chunkId).toBe(target.id);
    // With words too, both rankings count: the passage first in both stays first.
    const worded = "troubleshooting live sessions";
    fake.setEmbedding(worded, fakeEmbedding(target.text));
    const both = await app.library.searchLibrary(worded, free, { limit: 3, semantic: await app.embeddings.nearestPassages(worded, free) });
    expect(both.passages[0]?.title).toBe("Troubleshooting Live Sessions, Video and Audio");
  });

  it("ranks only what the member may read: a Premium lesson never reaches a free member, however near", async () => {
    const question = "quux frobnicate";
    const target = await chunk("Pricing with Confidence", "Calculating a sustainable rate");
    fake.setEmbedding(question, fakeEmbedding(target.text));
    expect(await app.embeddings.nearestPassages(question, free)).not.toContain(target.id);
    expect((await app.embeddings.nearestPassages(question, premium))[0]).toBe(target.id);
    const freeSearch = await app.library.searchLibrary(question, free, { limit: 6, semantic: await app.embeddings.nearestPassages(question, free) });
    expect(freeSearch.passages.some((p) => p.title === "Pricing with Confidence")).toBe(false);
  });

  it("answers through the whole path with meaning-based sources, and by words with an honest note when embeddings fail", async () => {
    const question = "what does the Tower card mean?";
    fake.setEmbeddingFailure(null);
    const request = app.ChatRequestSchema.parse({ message: question, context: {} });
    const before = fake.embeddingRequests().length;
    const answer = await app.companion.answerQuestion(free, request);
    expect(fake.embeddingRequests().length).toBe(before + 1);
    expect(answer.notice).toBeUndefined();
    expect(answer.mode).toBe("provider");
    expect(answer.sources.length).toBeGreaterThan(0);

    // The provider cannot embed: the word ranking alone, and the member is told.
    fake.setEmbeddingFailure(503);
    const outage = await app.companion.answerQuestion(free, request);
    expect(outage.notice).toContain(app.companion.NOTICE_MEANING_SEARCH_FAILED);
    expect(outage.mode).toBe("provider");
    const byWords = (await app.library.searchLibrary(question, free, { limit: 6 })).passages[0];
    expect(outage.sources[0]?.url).toBe(byWords?.url);
    expect(byWords?.title).toBe("The Major Arcana as a Journey");
    fake.setEmbeddingFailure(null);
  });
});
