import crypto from "node:crypto";
import { count, eq, ne, sql } from "drizzle-orm";
import { db, withTransaction } from "#db/client.server";
import { companionEmbeddings, type User } from "#db/schema";
import { listPassageTexts } from "~/models/companion/companion-library.server";
import { readableChunkIds } from "~/models/companion/companion-search.server";
import { listLockedLessonIds } from "~/models/learning/lesson-release.server";
import { isPremium } from "~/models/billing/membership.server";
import { provider, ProviderError, toProviderError } from "~/models/companion/companion-provider.server";
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

/** The passages with no vector for the current model, or one made from other text. */
export async function passagesToEmbed(model = env.OPENAI_EMBEDDING_MODEL ?? ""): Promise<Array<ChunkText & { textHash: string }>> {
  const hashes = await db
    .select({ chunkId: companionEmbeddings.chunkId, textHash: companionEmbeddings.textHash })
    .from(companionEmbeddings)
    .where(eq(companionEmbeddings.model, model));
  const stored = new Map(hashes.map((row) => [row.chunkId, row.textHash]));
  const chunks: ChunkText[] = await listPassageTexts();
  return chunks
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
    const pending = await passagesToEmbed(model);
    let done = 0;
    for (let start = 0; start < pending.length; start += BATCH) {
      const batch = pending.slice(start, start + BATCH);
      const vectors = await embed(batch.map(passageText));
      await withTransaction(async (tx) => {
        for (const [i, chunk] of batch.entries()) {
          const vector = vectors[i] ?? [];
          const row = { chunkId: chunk.id, model, textHash: chunk.textHash, dimensions: vector.length, vector: toBuffer(vector) };
          await tx
            .insert(companionEmbeddings)
            .values(row)
            .onConflictDoUpdate({ target: [companionEmbeddings.chunkId, companionEmbeddings.model], set: { textHash: row.textHash, dimensions: row.dimensions, vector: row.vector } });
        }
      });
      done += batch.length;
      logger.info({ event: "companion_embeddings_progress", model, embedded: done, of: pending.length }, `Embedded ${done}/${pending.length} library passages with ${model}`);
    }
    // Vectors of another model are kept only until this one's are complete (a rollback finds them).
    if ((await passagesToEmbed(model)).length === 0) await db.delete(companionEmbeddings).where(ne(companionEmbeddings.model, model));
    return done;
  })().finally(() => {
    running = null;
  });
  return running;
}

// --- the vectors in memory -----------------------------------------------------

let loaded: { key: string; vectors: Map<number, Float32Array> } | undefined;

function normalised(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / norm;
  return vector;
}

async function libraryVectors(model: string): Promise<Map<number, Float32Array>> {
  const [state] = await db
    .select({ n: count(), sum: sql<number>`coalesce(sum(${companionEmbeddings.chunkId}), 0) + coalesce(sum(length(${companionEmbeddings.textHash})), 0)`.mapWith(Number) })
    .from(companionEmbeddings)
    .where(eq(companionEmbeddings.model, model));
  const key = `${model}:${state?.n ?? 0}:${state?.sum ?? 0}`;
  if (loaded?.key !== key) {
    const vectors = new Map<number, Float32Array>();
    const rows = await db.select({ chunkId: companionEmbeddings.chunkId, vector: companionEmbeddings.vector }).from(companionEmbeddings).where(eq(companionEmbeddings.model, model));
    for (const row of rows) {
      vectors.set(row.chunkId, normalised(new Float32Array(row.vector.buffer, row.vector.byteOffset, row.vector.byteLength / 4)));
    }
    loaded = { key, vectors };
  }
  return loaded.vectors;
}

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
  const vectors = await libraryVectors(model);
  const premium = !options.withoutPremium && await isPremium(viewer);
  const scored: Array<{ id: number; similarity: number }> = [];
  for (const id of await readableChunkIds({ premium: premium ? 1 : 0, lockedLessons: JSON.stringify(await listLockedLessonIds(viewer)) })) {
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
  const run = async () => {
    if ((await passagesToEmbed()).length === 0) return;
    await embedLibrary().catch((error: unknown) => {
      logger.warn({ event: "companion_embeddings_failed", kind: error instanceof ProviderError ? error.kind : "unknown" }, "embedding the companion's library failed; word matching still answers");
    });
  };
  const runLogged = () => {
    run().catch((error: unknown) => logger.error({ err: error }, "checking the companion's embeddings failed"));
  };
  runLogged();
  timer = setInterval(runLogged, EVERY_MS);
  timer.unref();
}

export function stopEmbeddingSchedule(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
