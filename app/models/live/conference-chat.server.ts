import { and, asc, desc, eq, gt } from "drizzle-orm";
import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "#db/limiter-store.server";
import { db, single } from "#db/client.server";
import { conferenceMessages, type User } from "#db/schema";
import { CONFERENCE_MESSAGES, getConference, mayAttend, type ConferenceRow } from "~/models/live/conference.server";
import { publishLiveEvent, type LiveChatMessage } from "~/models/live/live-events.server";
import { PREMIUM_REQUIRED } from "~/models/billing/membership.server";
import { liveDisplayName } from "~/models/accounts/user.server";
import { ChatMessageSchema } from "~/schemas/live-chat";
import { env } from "~/utils/env.server";

// A live session's chat (issue 13). Who may read and write, when the chat is
// open, what a message may contain and how fast one may be sent are decided
// here once; the JSON API, the room page's form and the admin's room call it.
// A message is stored, then handed to the room's WebSocket through the live
// event bus; a late joiner reads the history from listMessages.

type Viewer = Pick<User, "id" | "role" | "username" | "firstName" | "name">;

/** A refused read or post, with the status the API answers and a message a person can act on. */
export class ChatError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ChatError";
  }
}

export const CHAT_REFUSALS = {
  notFound: CONFERENCE_MESSAGES.notFound,
  premium: PREMIUM_REQUIRED,
  ended: "The session has ended; the chat is closed.",
  notStarted: "The session has not started yet; the chat opens when it goes live.",
  tooFast: "You're sending messages very quickly. Please wait a moment and try again.",
} as const;

/** How many messages a late joiner is shown, and the most one request may ask for. */
export const CHAT_HISTORY_DEFAULT = 200;
export const CHAT_HISTORY_MAX = 500;

/**
 * The conference whose chat the viewer may use: it exists (404) and they may
 * attend it (403, Premium-only sessions). Posting also needs it live (409).
 * Reading does not: attendees, the host included, read the history back after
 * the session ended, and before it starts there is simply nothing to read.
 */
export async function chatConference(viewer: Viewer, conferenceId: number, purpose: "read" | "post"): Promise<ConferenceRow> {
  const conference = await getConference(conferenceId);
  if (!conference) throw new ChatError(404, CHAT_REFUSALS.notFound);
  if (!await mayAttend(viewer, conference)) throw new ChatError(403, CHAT_REFUSALS.premium);
  if (purpose === "post" && !conference.isLive) {
    throw new ChatError(409, conference.endedAt === null ? CHAT_REFUSALS.notStarted : CHAT_REFUSALS.ended);
  }
  return conference;
}

// Counted in the database, so the limit holds across processes (db/limiter-store.server.ts).
const messagesPerMinute = sharedLimiter({ keyPrefix: "live-chat", points: env.LIVE_CHAT_PER_MINUTE, duration: 60 });

async function spendMessage(viewer: Viewer, conferenceId: number): Promise<void> {
  try {
    await messagesPerMinute.consume(`${conferenceId}:${viewer.id}`, 1);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw new ChatError(429, CHAT_REFUSALS.tooFast, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
  }
}

type MessageRow = typeof conferenceMessages.$inferSelect;

function chatMessageForApi(row: MessageRow): LiveChatMessage {
  return {
    id: row.id,
    conferenceId: row.conferenceId,
    userId: row.userId,
    authorName: row.authorName,
    isHost: row.isHost,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Posts a message to a live session's chat and hands it to the room. The text
 * is plain: control characters are dropped and nothing is ever read as HTML.
 */
export async function postMessage(viewer: Viewer, conferenceId: number, text: unknown): Promise<LiveChatMessage> {
  await chatConference(viewer, conferenceId, "post");
  const parsed = ChatMessageSchema.safeParse({ message: text });
  if (!parsed.success) throw new ChatError(400, parsed.error.issues[0]?.message ?? "Write a message first");
  await spendMessage(viewer, conferenceId);
  // Checked again after the wait: the session may have ended meanwhile.
  await chatConference(viewer, conferenceId, "post");
  const row = await single(db
    .insert(conferenceMessages)
    .values({
      conferenceId,
      userId: viewer.id,
      authorName: liveDisplayName(viewer),
      isHost: viewer.role === "admin",
      message: parsed.data.message,
    })
    .returning());
  const message = chatMessageForApi(row);
  publishLiveEvent({ type: "chat", conferenceId, message });
  return message;
}

export interface ListMessagesOptions {
  /** Only messages after this one (polling); without it, the latest messages. */
  after?: number;
  limit?: number;
}

/** A chat's messages, oldest first: the latest `limit`, or the first `limit` after `after`. */
export async function listMessages(viewer: Viewer, conferenceId: number, { after, limit = CHAT_HISTORY_DEFAULT }: ListMessagesOptions = {}): Promise<LiveChatMessage[]> {
  await chatConference(viewer, conferenceId, "read");
  const size = Math.min(Math.max(1, Math.floor(limit)), CHAT_HISTORY_MAX);
  const inRoom = eq(conferenceMessages.conferenceId, conferenceId);
  if (after !== undefined) {
    return (await db
      .select()
      .from(conferenceMessages)
      .where(and(inRoom, gt(conferenceMessages.id, after)))
      .orderBy(asc(conferenceMessages.id))
      .limit(size))
      .map(chatMessageForApi);
  }
  const latest = await db.select().from(conferenceMessages).where(inRoom).orderBy(desc(conferenceMessages.id)).limit(size);
  return latest.reverse().map(chatMessageForApi);
}
