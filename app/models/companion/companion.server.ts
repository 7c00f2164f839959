import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "#db/limiter-store.server";
import { z } from "zod";
import { utcDay } from "#db/dialect.server";
import { db, first, withTransaction } from "#db/client.server";
import { withStems } from "#db/word-stems";
import { chatMessages, companionUsage, type User } from "#db/schema";
import { findLessonForViewer } from "~/models/learning/access.server";
import { searchLibrary, type LibrarySearch, type LockedReference, type Passage } from "~/models/companion/companion-library.server";
import { embeddingsConfigured, nearestPassages } from "~/models/companion/companion-embeddings.server";
import { carriedWords, isFollowUp } from "~/models/companion/companion-followup";
import { offlineAnswer, type CitedSource } from "~/models/companion/companion-offline.server";
import { providerConfigured, providerModel, ProviderError, rewriteFollowUp, streamProviderAnswer } from "~/models/companion/companion-provider.server";
import { REFUSAL_TEXT, scopeRefusal } from "~/models/companion/companion-scope";
import { isPremium } from "~/models/billing/membership.server";
import { groupQuestions } from "~/models/companion/question-groups";
import {
  CHAT_HISTORY_SENT,
  ChatSourceSchema,
  type ChatAnswer,
  type ChatHistoryMessage,
  type ChatRequest,
  type ChatSource,
  type ChatStreamEvents,
  type ChatUsage,
  type CompanionMode,
} from "~/schemas/companion";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { renderMarkdown } from "~/utils/markdown.server";
import { TooManyRequestsError } from "~/models/platform/rate-limit.server";

// The study companion: one turn of a conversation, from quota to stored answer.
// Retrieval (companion-library) decides what the asker may read; the answer is
// written by the provider when one is configured and within budget, otherwise
// (or when it fails) quoted from the library (companion-offline).

type AnswerEventName = "sources" | "delta" | "done";
/** What happens while a question is answered: the stream's events (app/schemas/companion.ts), as /api/chat sends them. */
export type CompanionEvent = { [Name in AnswerEventName]: { event: Name; data: ChatStreamEvents[Name] } }[AnswerEventName];

export const NOTICE_PROVIDER_FAILED = "The AI model could not be reached just now, so this answer quotes the course library instead.";
export const NOTICE_MEANING_SEARCH_FAILED = "Meaning-based search was unavailable just now, so the sources were found by their words only.";
export const NOTICE_BUDGET_SPENT = "The academy's AI allowance for today is used up, so this answer quotes the course library instead.";
const PASSAGES_FOR_PROVIDER = 5;
const KEPT_MESSAGES = 40; // 20 turns

// --- quotas --------------------------------------------------------------------

const perMinute = sharedLimiter({ keyPrefix: "companion-messages", points: env.COMPANION_MESSAGES_PER_MINUTE, duration: 60 });
const streaming = new Set<number>();

function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function dailyLimitFor(user: Pick<User, "id" | "role">): Promise<number> {
  return await isPremium(user) ? env.COMPANION_DAILY_MESSAGES_PREMIUM : env.COMPANION_DAILY_MESSAGES_FREE;
}

export async function questionsToday(userId: number, now = new Date()): Promise<number> {
  return (
    (await first(db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(companionUsage)
      .where(and(eq(companionUsage.userId, userId), gte(companionUsage.createdAt, startOfUtcDay(now)))).limit(1)))?.n ?? 0
  );
}

async function providerTokensToday(now = new Date()): Promise<number> {
  return (
    (await first(db
      .select({ n: sql<number>`coalesce(sum(${companionUsage.promptTokens} + ${companionUsage.completionTokens}), 0)`.mapWith(Number) })
      .from(companionUsage)
      .where(and(eq(companionUsage.mode, "provider"), gte(companionUsage.createdAt, startOfUtcDay(now)))).limit(1)))?.n ?? 0
  );
}

/**
 * Claims the right to ask one question now: one answer at a time per member,
 * a per-minute rate and a daily allowance (higher with Premium). Throws
 * TooManyRequestsError; call release() when the answer is finished.
 */
export async function beginTurn(user: Pick<User, "id" | "role">, now = new Date()): Promise<{ release: () => void }> {
  if (streaming.has(user.id)) throw new TooManyRequestsError("Please wait for the current answer to finish.", 5);
  const limit = await dailyLimitFor(user);
  if (await questionsToday(user.id, now) >= limit) {
    const tomorrow = startOfUtcDay(now).getTime() + 24 * 60 * 60 * 1000;
    const more = await isPremium(user) ? "" : " Premium members can ask more each day.";
    throw new TooManyRequestsError(`You've asked ${limit} questions today, the daily limit. It resets at midnight UTC.${more}`, Math.ceil((tomorrow - now.getTime()) / 1000));
  }
  try {
    await perMinute.consume(String(user.id));
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw new TooManyRequestsError("You're asking very quickly. Please wait a moment and try again.", Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
  }
  streaming.add(user.id);
  return { release: () => streaming.delete(user.id) };
}

export function companionMode(): CompanionMode {
  return providerConfigured() ? "provider" : "offline";
}

// --- answering -----------------------------------------------------------------

function sourceView(n: number | null, passage: Passage): ChatSource {
  return { n, title: passage.title, heading: passage.heading, url: passage.url, kind: passage.kind, locked: false };
}

function lockedView(reference: LockedReference): ChatSource {
  return { n: null, title: reference.title, heading: reference.courseTitle, url: reference.url, kind: "lesson", locked: true };
}

/** The answer as sanitised HTML, each valid [n] a link to its source. */
export function renderAnswerHtml(response: string, sources: ChatSource[]): string {
  const byNumber = new Map(sources.filter((s) => s.n !== null).map((s) => [s.n, s]));
  const link = (match: string, digits: string) => {
    const source = byNumber.get(Number(digits));
    if (!source) return match;
    const href = source.url.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    const title = `${source.title}${source.heading ? ` — ${source.heading}` : ""}`.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    return `<a href="${href}" data-citation="${digits}" title="${title}">[${digits}]</a>`;
  };
  // Only in text between tags: a "[1]" inside a link's address stays as it is.
  return renderMarkdown(response)
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith("<") ? part : part.replace(/\[(\d{1,2})\]/g, link)))
    .join("");
}

async function lessonScope(user: Pick<User, "id" | "role">, lessonId: number | undefined): Promise<{ lessonId?: number; courseId?: number }> {
  if (!lessonId) return {};
  try {
    const found = await findLessonForViewer(lessonId, user);
    return found ? { lessonId, courseId: found.course.id } : {};
  } catch {
    // A lesson the asker may not open gives no boost (and reveals nothing).
    return {};
  }
}

/** What the library is searched with for one turn. */
export interface RetrievalQuestion {
  question: string;
  /** Words carried from the conversation into a follow-up (offline). */
  carried: string[];
  /** "provider" when the provider rewrote a follow-up; "offline" when words were carried; null for a question that stands alone. */
  rewrittenBy: CompanionMode | null;
  usage: ChatUsage | null;
}

/**
 * The question to search the library with: as asked, or for a follow-up that
 * leans on the conversation, rewritten by the provider into one that stands
 * alone (one short call, within the day's budget) or, offline and when the
 * provider fails, with the previous questions' key words carried along.
 */
export async function retrievalQuestion(request: ChatRequest, options: { signal?: AbortSignal } = {}): Promise<RetrievalQuestion> {
  const question = request.message;
  const history = request.context.conversationHistory;
  if (!isFollowUp(question, history)) return { question, carried: [], rewrittenBy: null, usage: null };
  if (companionMode() === "provider" && await providerTokensToday() < env.COMPANION_DAILY_TOKEN_BUDGET) {
    try {
      const rewritten = await rewriteFollowUp({ question, history: history.slice(-CHAT_HISTORY_SENT), signal: options.signal });
      return { question: rewritten.question, carried: [], rewrittenBy: "provider", usage: rewritten.usage };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
  }
  return { question, carried: carriedWords(question, history), rewrittenBy: "offline", usage: null };
}

/**
 * The passages nearest in meaning, when embeddings are configured; when the
 * provider cannot embed the question, none, with an honest note (the word
 * ranking still answers).
 */
async function nearestInMeaning(question: string, user: Pick<User, "id" | "role">, signal?: AbortSignal): Promise<{ semantic?: number[]; notice?: string }> {
  if (!embeddingsConfigured()) return {};
  try {
    return { semantic: await nearestPassages(question, user, { limit: 20, signal }) };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger.warn({ event: "companion_meaning_search_failed", kind: error.kind }, "embedding a question failed; ranking by words only");
    return { notice: NOTICE_MEANING_SEARCH_FAILED };
  }
}

const sumUsage = (a: ChatUsage | null, b: ChatUsage | null): ChatUsage | null =>
  a && b ? { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens } : (a ?? b);

interface TurnRecord {
  mode: CompanionMode;
  model: string | null;
  usage: ChatUsage | null;
  outcome: "answered" | "no_answer" | "refused" | "fallback" | "stopped" | "error";
  citedChunkIds: number[];
}

/**
 * Answers one question for a member who has passed beginTurn. Events go to
 * onEvent as they happen (sources, text deltas, done); the finished answer is
 * stored in the member's conversation and the usage log, and returned.
 */
export async function answerQuestion(
  user: Pick<User, "id" | "role">,
  request: ChatRequest,
  options: { signal?: AbortSignal; onEvent?: (event: CompanionEvent) => void } = {},
): Promise<ChatAnswer> {
  const started = Date.now();
  const emit = options.onEvent ?? (() => {});
  const question = request.message;
  const refusal = scopeRefusal(question);
  const scope = await lessonScope(user, request.context.lessonId);

  let answer: ChatAnswer;
  let record: TurnRecord;
  if (refusal) {
    const help = refusal === "crisis" ? (await searchLibrary("client crisis emergency safety professional help", user, { limit: 2 })).passages : [];
    const sources = help.map((passage) => sourceView(null, passage));
    emit({ event: "sources", data: { sources, mode: "offline" } });
    answer = finish(REFUSAL_TEXT[refusal], sources, "offline", true);
    record = { mode: "offline", model: null, usage: null, outcome: "refused", citedChunkIds: help.map((p) => p.chunkId) };
  } else {
    const retrieval = await retrievalQuestion(request, { signal: options.signal });
    const { semantic, notice: semanticNotice } = await nearestInMeaning(retrieval.question, user, options.signal);
    const search = await searchLibrary(retrieval.question, user, { ...scope, limit: 6, carried: retrieval.carried, semantic });
    const useProvider = companionMode() === "provider";
    const budgetSpent = useProvider && await providerTokensToday() >= env.COMPANION_DAILY_TOKEN_BUDGET;
    if (useProvider && !budgetSpent && search.passages.length > 0) {
      ({ answer, record } = await answerWithProvider(request, search, { signal: options.signal, emit }));
    } else {
      const notice = budgetSpent ? NOTICE_BUDGET_SPENT : undefined;
      ({ answer, record } = answerOffline(question, search, { emit, notice }));
    }
    if (semanticNotice) answer = { ...answer, notice: answer.notice ? `${semanticNotice} ${answer.notice}` : semanticNotice };
    record.usage = sumUsage(record.usage, retrieval.usage);
  }
  emit({ event: "done", data: { ...answer, usage: record.usage } });
  await saveTurn(user.id, request, answer);
  await db.insert(companionUsage)
    .values({
      userId: user.id,
      mode: record.mode,
      model: record.model,
      promptTokens: record.usage?.promptTokens ?? 0,
      completionTokens: record.usage?.completionTokens ?? 0,
      latencyMs: Date.now() - started,
      outcome: record.outcome,
      citedChunkIds: JSON.stringify(record.citedChunkIds),
      question: env.COMPANION_LOG_QUESTIONS ? question : null,
    });
  return answer;
}

function finish(response: string, sources: ChatSource[], mode: CompanionMode, answered: boolean, notice?: string): ChatAnswer {
  return { response, html: renderAnswerHtml(response, sources), sources, mode, answered, ...(notice ? { notice } : {}) };
}

function answerOffline(
  question: string,
  search: LibrarySearch,
  { emit, notice, outcome }: { emit: (event: CompanionEvent) => void; notice?: string; outcome?: TurnRecord["outcome"] },
): { answer: ChatAnswer; record: TurnRecord } {
  const offline = offlineAnswer(question, search);
  const sources = [...offline.cited.map(({ n, passage }: CitedSource) => sourceView(n, passage)), ...offline.pointedTo.map(lockedView)];
  emit({ event: "sources", data: { sources, mode: "offline" } });
  for (const line of offline.response.split(/(?<=\n)/)) emit({ event: "delta", data: { text: line } });
  return {
    answer: finish(offline.response, sources, "offline", offline.answered, notice),
    record: {
      mode: "offline",
      model: null,
      usage: null,
      outcome: outcome ?? (offline.answered ? "answered" : "no_answer"),
      citedChunkIds: offline.cited.map(({ passage }) => passage.chunkId),
    },
  };
}

async function answerWithProvider(
  request: ChatRequest,
  search: LibrarySearch,
  { signal, emit }: { signal?: AbortSignal; emit: (event: CompanionEvent) => void },
): Promise<{ answer: ChatAnswer; record: TurnRecord }> {
  const { passages, locked } = search;
  // The passages in their rank order: [1] is the best.
  const numbered = passages.slice(0, PASSAGES_FOR_PROVIDER).map((passage, index) => ({ n: index + 1, passage }));
  const candidates = numbered.map(({ n, passage }) => sourceView(n, passage));
  emit({ event: "sources", data: { sources: [...candidates, ...locked.map(lockedView)], mode: "provider" } });
  try {
    const result = await streamProviderAnswer({
      question: request.message,
      sources: numbered.map(({ n, passage }) => ({ n, title: passage.title, heading: passage.heading, text: passage.body })),
      history: request.context.conversationHistory.slice(-CHAT_HISTORY_SENT),
      scope: { courseTitle: request.context.courseTitle, lessonTitle: request.context.lessonTitle },
      signal,
      onDelta: (text) => emit({ event: "delta", data: { text } }),
    });
    const cited = candidates.filter((source) => source.n !== null && result.citedSources.includes(source.n));
    const stopped = signal?.aborted ?? false;
    return {
      answer: finish(result.text, [...cited, ...locked.map(lockedView)], "provider", result.text.trim() !== ""),
      record: {
        mode: "provider",
        model: result.model,
        usage: result.usage,
        outcome: stopped ? "stopped" : "answered",
        citedChunkIds: numbered.filter(({ n }) => result.citedSources.includes(n)).map(({ passage }) => passage.chunkId),
      },
    };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger.warn({ kind: error.kind, model: providerModel() }, "study companion provider failed; answering offline");
    return answerOffline(request.message, search, { emit, notice: NOTICE_PROVIDER_FAILED, outcome: "fallback" });
  }
}

// --- the conversation ----------------------------------------------------------

async function saveTurn(userId: number, request: ChatRequest, answer: ChatAnswer) {
  await withTransaction(async (tx) => {
    const context = { courseTitle: request.context.courseTitle ?? null, lessonTitle: request.context.lessonTitle ?? null };
    await tx.insert(chatMessages).values({ userId, role: "user", content: request.message, ...context });
    await tx.insert(chatMessages).values({ userId, role: "assistant", content: answer.response, sources: JSON.stringify(answer.sources), ...context });
    const keep = (await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.userId, userId))
      .orderBy(desc(chatMessages.id))
      .limit(KEPT_MESSAGES))
      .map((row) => row.id);
    await tx.delete(chatMessages)
      .where(and(eq(chatMessages.userId, userId), sql`${chatMessages.id} not in (${sql.join(keep.length ? keep : [-1], sql`, `)})`));
  });
}

const StoredSources = z.array(ChatSourceSchema);

function parseSources(stored: string): ChatSource[] {
  try {
    const parsed = StoredSources.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The member's last 20 turns, oldest first. */
export async function listConversation(userId: number): Promise<ChatHistoryMessage[]> {
  const rows = (await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(desc(chatMessages.id))
    .limit(KEPT_MESSAGES))
    .reverse();
  return rows.map((row) => {
    const sources = row.role === "assistant" ? parseSources(row.sources) : [];
    return {
      id: row.id,
      role: row.role,
      content: row.content,
      html: row.role === "assistant" ? renderAnswerHtml(row.content, sources) : null,
      sources,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function clearConversation(userId: number) {
  await db.delete(chatMessages).where(eq(chatMessages.userId, userId));
}

/** Three questions a student might ask about a lesson, from its section headings. */
export function suggestedQuestions(lesson: { title: string; contentSections: Array<{ title: string; type: string }> }): string[] {
  const headings = lesson.contentSections.filter((s) => s.type === "text").map((s) => s.title.trim()).filter(Boolean);
  const templates = [(h: string) => `What is the main idea of “${h}”?`, (h: string) => `How do I put “${h}” into practice with a client?`, (h: string) => `Why does “${h}” matter?`];
  const picks = headings.slice(0, 3);
  while (picks.length < 3) picks.push(lesson.title);
  return picks.map((heading, index) => (templates[index] ?? templates[0])?.(heading) ?? heading);
}

const UNANSWERED_GROUPED = 500;

/** Usage figures for the admin page: per day, per member, and the questions the library could not answer, grouped by wording. */
export async function usageSince(days: number, now = new Date()) {
  const since = new Date(startOfUtcDay(now).getTime() - (days - 1) * 24 * 60 * 60 * 1000);
  const byDay = await db.all<{ day: string; questions: number; tokens: number; unanswered: number; fallbacks: number }>(sql`
    SELECT ${sql.raw(utcDay("created_at"))} AS "day", count(*) AS "questions",
           sum(prompt_tokens + completion_tokens) AS "tokens",
           sum(CASE WHEN outcome = 'no_answer' THEN 1 ELSE 0 END) AS "unanswered",
           sum(CASE WHEN outcome = 'fallback' THEN 1 ELSE 0 END) AS "fallbacks"
    FROM companion_usage WHERE created_at >= ${since} GROUP BY 1 ORDER BY 1 DESC`);
  const byMember = await db.all<{ username: string; questions: number; tokens: number }>(sql`
    SELECT u.username AS "username", count(*) AS "questions", sum(prompt_tokens + completion_tokens) AS "tokens"
    FROM companion_usage c JOIN users u ON u.id = c.user_id WHERE c.created_at >= ${since}
    GROUP BY c.user_id, u.username ORDER BY 2 DESC LIMIT 20`);
  const unanswered = and(eq(companionUsage.outcome, "no_answer"), gte(companionUsage.createdAt, since));
  const counts = await first(db
    .select({ all: sql<number>`count(*)`.mapWith(Number), withText: sql<number>`count(${companionUsage.question})`.mapWith(Number) })
    .from(companionUsage)
    .where(unanswered).limit(1));
  const asked = (await db
    .select({ question: companionUsage.question, createdAt: companionUsage.createdAt })
    .from(companionUsage)
    .where(and(unanswered, isNotNull(companionUsage.question)))
    .orderBy(desc(companionUsage.createdAt))
    .limit(UNANSWERED_GROUPED))
    .flatMap(({ question, createdAt }) => (question ? [{ question, createdAt }] : []));
  return { byDay, byMember, unansweredCount: counts?.all ?? 0, unansweredWithText: counts?.withText ?? 0, unansweredGroups: await withStems(() => groupQuestions(asked)) };
}

