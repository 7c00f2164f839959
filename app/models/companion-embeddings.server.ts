import crypto from "node:crypto";
import { db } from "#db/client.server";
import { type User } from "#db/schema";
import { listLockedLessonIds } from "~/models/lesson-release.server";
import { isPremium } from "~/models/membership.server";
import { provider, ProviderError, toProviderError } from "~/models/companion-provider.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

// The companion's meaning-based search (issue 40), with a provider only: each
// library passage is embedded once per model through the openai SDK and kept
// in companion_embeddings with the model's name and a hash of its text; a new
// or changed passage, or another OPENAI_EMBEDDING_MODEL, is embedded again in
// the background, in batches. A question is embedded when asked and compared
// by cosine with the vectors of the passages the member may read — who may
// read what is the same SQL rule as the full-text search, applied before
// ranking. The vectors are held in memory (Float32Array, normalised): at
// 10,000 passages of 1,536 dimensions that is 60 MB and one pass of dot
// products per question (docs/decisions/027 has the timing).

const BATCH = 64;
/** The text a passage is embedded from: what a member would read. */
const passageText = (row: { title: string; heading: string | null; body: string }) => `${row.title}${row.heading ? ` — ${row.heading}` : ""}\n${row.body}`;
const hashOf = (text: string) => crypto.createHash("sha256").update(text).digest("base64url").slice(0, 22);

export function embeddingsConfigured(): boolean {
  return Boolean(env.OPENAI_API_KEY && env.OPENAI_EMBEDDING_MODEL);
}

interface ChunkText {
  id: number;
  title: string;
  heading: string | null;
  body: string;
}

const allChunks = db.$client.prepare<[], ChunkText>("SELECT id, title, heading, body FROM companion_chunks ORDER BY id");
const storedHashes = db.$client.prepare<[string], { chunkId: number; textHash: string }>("SELECT chunk_id AS chunkId, text_hash AS textHash FROM companion_embeddings WHERE model = ?");
const saveVector = db.$client.prepare<{ chunkId: number; model: string; textHash: string; dimensions: number; vector: Buffer }>(
  `INSERT INTO companion_embeddings (chunk_id, model, text_hash, dimensions, vector) VALUES (@chunkId, @model, @textHash, @dimensions, @vector)
   ON CONFLICT (chunk_id, model) DO UPDATE SET text_hash = excluded.text_hash, dimensions = excluded.dimensions, vector = excluded.vector`,
);
// Vectors of another model are kept only until this one's are complete (a rollback finds them).
const dropOtherModels = db.$client.prepare<[string]>("DELETE FROM companion_embeddings WHERE model <> ?");

/** The passages with no vector for the current model, or one made from other text. */
export function passagesToEmbed(model = env.OPENAI_EMBEDDING_MODEL ?? ""): Array<ChunkText & { textHash: string }> {
  const stored = new Map(storedHashes.all(model).map((row) => [row.chunkId, row.textHash]));
  return allChunks
    .all()
    .map((chunk) => ({ ...chunk, textHash: hashOf(passageText(chunk)) }))
    .filter((chunk) => stored.get(chunk.id) !== chunk.textHash);
}

function toBuffer(vector: number[]): Buffer {
  return Buffer.from(new Float32Array(vector).buffer);
}

async function embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
  const model = env.OPENAI_EMBEDDING_MODEL;
  if (!model) throw new ProviderError("No embedding model is configured (OPENAI_EMBEDDING_MODEL).", "refused");
  try {
    const response = await provider().embeddings.create({ model, input: texts }, { signal });
    // The SDK decodes the base64 it asks for; Array.from copes with a typed array as well as a plain one.
    const vectors = [...response.data].sort((a, b) => a.index - b.index).map((item) => Array.from(item.embedding));
    if (vectors.length !== texts.length || vectors.some((v) => v.length === 0 || v.some((x) => !Number.isFinite(x)))) {
      throw new ProviderError("The AI provider sent malformed embeddings.", "invalid");
    }
    return vectors;
  } catch (error) {
    throw error instanceof ProviderError ? error : toProviderError(error);
  }
}

let running: Promise<number> | null = null;

/**
 * Embeds every passage that needs it, in batches, logging progress; returns
 * how many were embedded. One run at a time (a second call joins the first).
 * Throws ProviderError when the provider fails; what was stored stays stored.
 */
export function embedLibrary(): Promise<number> {
  running ??= (async () => {
    const model = env.OPENAI_EMBEDDING_MODEL ?? "";
    const pending = passagesToEmbed(model);
    let done = 0;
    for (let start = 0; start < pending.length; start += BATCH) {
      const batch = pending.slice(start, start + BATCH);
      const vectors = await embed(batch.map(passageText));
      db.transaction(() => {
        batch.forEach((chunk, i) => {
          const vector = vectors[i] ?? [];
          saveVector.run({ chunkId: chunk.id, model, textHash: chunk.textHash, dimensions: vector.length, vector: toBuffer(vector) });
        });
      });
      done += batch.length;
      logger.info({ event: "companion_embeddings_progress", model, embedded: done, of: pending.length }, `Embedded ${done}/${pending.length} library passages with ${model}`);
    }
    if (passagesToEmbed(model).length === 0) dropOtherModels.run(model);
    return done;
  })().finally(() => {
    running = null;
  });
  return running;
}

// --- the vectors in memory -----------------------------------------------------

const vectorState = db.$client.prepare<[string], { n: number; sum: number }>("SELECT count(*) AS n, coalesce(sum(chunk_id), 0) + coalesce(sum(length(text_hash)), 0) AS sum FROM companion_embeddings WHERE model = ?");
const vectorRows = db.$client.prepare<[string], { chunkId: number; vector: Buffer }>("SELECT chunk_id AS chunkId, vector FROM companion_embeddings WHERE model = ?");
let loaded: { key: string; vectors: Map<number, Float32Array> } | undefined;

function normalised(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / norm;
  return vector;
}

function libraryVectors(model: string): Map<number, Float32Array> {
  const state = vectorState.get(model);
  const key = `${model}:${state?.n ?? 0}:${state?.sum ?? 0}`;
  if (loaded?.key !== key) {
    const vectors = new Map<number, Float32Array>();
    for (const row of vectorRows.all(model)) {
      vectors.set(row.chunkId, normalised(new Float32Array(row.vector.buffer, row.vector.byteOffset, row.vector.byteLength / 4)));
    }
    loaded = { key, vectors };
  }
  return loaded.vectors;
}

// The passages a member may read: the rule of companion-library's full-text
// search (published articles; active lessons of active courses, Premium only
// with Premium, released for this member; active templates, Premium only with
// Premium), here without a MATCH.
const readableChunkIds = db.$client.prepare<{ premium: number; lockedLessons: string }, { id: number }>(`
  SELECT c.id AS id
  FROM companion_chunks c
  LEFT JOIN lessons l ON l.id = c.lesson_id
  LEFT JOIN courses co ON co.id = c.course_id
  LEFT JOIN knowledge_base_articles a ON a.id = c.article_id
  LEFT JOIN tool_templates t ON t.id = c.template_id
  WHERE (c.kind = 'article' AND a.is_published = 1)
     OR (c.kind = 'template' AND t.is_active = 1 AND (t.is_premium_only = 0 OR @premium = 1))
     OR (c.kind = 'lesson' AND l.is_active = 1 AND co.is_active = 1 AND (co.is_premium = 0 OR @premium = 1)
         AND c.lesson_id NOT IN (SELECT value FROM json_each(@lockedLessons)))
`);

/**
 * The passages nearest in meaning to a question, among those the member may
 * read (or, with withoutPremium, those a member without Premium may read),
 * best first, as chunk ids. Throws ProviderError when the question cannot be embedded.
 */
export async function nearestPassages(
  question: string,
  viewer: Pick<User, "id" | "role">,
  options: { limit?: number; withoutPremium?: boolean; signal?: AbortSignal } = {},
): Promise<number[]> {
  const model = env.OPENAI_EMBEDDING_MODEL ?? "";
  const [questionVector] = await embed([question], options.signal);
  const query = normalised(questionVector ?? []);
  const vectors = libraryVectors(model);
  const premium = !options.withoutPremium && isPremium(viewer);
  const scored: Array<{ id: number; similarity: number }> = [];
  for (const { id } of readableChunkIds.all({ premium: premium ? 1 : 0, lockedLessons: JSON.stringify(listLockedLessonIds(viewer)) })) {
    const vector = vectors.get(id);
    if (!vector || vector.length !== query.length) continue;
    let dot = 0;
    for (let i = 0; i < query.length; i++) dot += (query[i] ?? 0) * (vector[i] ?? 0);
    scored.push({ id, similarity: dot });
  }
  return scored
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, options.limit ?? 20)
    .map((entry) => entry.id);
}

// --- in the background -----------------------------------------------------------

const EVERY_MS = 60_000;
let timer: NodeJS.Timeout | undefined;

/** Keeps the vectors up to date while the server runs: at start, then every minute when something changed. */
export function startEmbeddingSchedule(): void {
  if (!embeddingsConfigured() || timer) return;
  const run = () => {
    if (passagesToEmbed().length === 0) return;
    embedLibrary().catch((error: unknown) => {
      logger.warn({ event: "companion_embeddings_failed", kind: error instanceof ProviderError ? error.kind : "unknown" }, "embedding the companion's library failed; word matching still answers");
    });
  };
  run();
  timer = setInterval(run, EVERY_MS);
  timer.unref();
}

export function stopEmbeddingSchedule(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
