import crypto from "node:crypto";
import { createCookie, createSession, createSessionStorage, type AppLoadContext } from "@remix-run/node";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { db, changes, type Tx } from "#db/client.server";
import { catalogueVersion, notifications, sessions, subscriptions, users, type User } from "#db/schema";
import type { SubscriptionRow } from "~/models/billing/subscription.server";
import { premiumSubscriptionCondition } from "~/models/billing/membership.server";
import { publishMemberAccessChange } from "~/models/live/live-events.server";
import { env } from "~/utils/env.server";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;
// A session is extended (and its cookie re-sent) at most once a day.
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

export const SESSION_COOKIE_NAME = "academy_session";

const sessionCookie = createCookie(SESSION_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [env.SESSION_SECRET],
  maxAge: SESSION_MAX_AGE_SECONDS,
});

type SessionData = { userId?: number; refreshedAt?: number };

function splitData(data: Partial<SessionData>) {
  const { userId, ...rest } = data;
  return { userId: typeof userId === "number" ? userId : null, data: JSON.stringify(rest) };
}

// Read on every member's request: prepared once, not built by drizzle per call
// (issue 15), and with the member's row, so a page view asks the database once
// for both (on PostgreSQL each query is a round trip, issue 43).
const liveSessionById = db
  .select({ userId: sessions.userId, data: sessions.data, member: users })
  .from(sessions)
  .leftJoin(users, eq(users.id, sessions.userId))
  .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
  .prepare();

// A page view also shows the member's unread count in the header's bell, reads
// the catalogue's version (the catalogue kept in memory is used while it holds)
// and the member's subscription with whether it makes them Premium (most pages
// ask): all in the same query, so a member's page costs fewer round trips (issue 43).
const pageViewSessionById = db
  .select({
    userId: sessions.userId,
    data: sessions.data,
    member: users,
    subscription: subscriptions,
    premium: sql<boolean>`(case when ${premiumSubscriptionCondition(sql.placeholder("now"))} then 1 else 0 end)`.mapWith((value) => Number(value) === 1),
    unread: sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${sessions.userId} and ${notifications.readAt} is null)`.mapWith(Number),
    catalogue: sql<number>`coalesce((select ${catalogueVersion.version} from ${catalogueVersion} where ${catalogueVersion.id} = 1), 0)`.mapWith(Number),
  })
  .from(sessions)
  .leftJoin(users, eq(users.id, sessions.userId))
  .leftJoin(subscriptions, eq(subscriptions.userId, sessions.userId))
  .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
  .prepare();

type PageViewExtras = { unread?: number; catalogue?: number; subscription?: SubscriptionRow | null; premium?: boolean };
type LiveSession = { data: SessionData; member: User | null } & PageViewExtras;

function toLiveSession({ userId, data, ...rest }: { userId: number | null; data: string; member: User | null } & PageViewExtras): LiveSession {
  const stored = JSON.parse(data) as Omit<SessionData, "userId">;
  return { data: userId === null ? stored : { ...stored, userId }, ...rest };
}

/** A live session's data and the member it belongs to (null for a visitor's session), or null. */
async function readLiveSession(id: string, { forPage = false } = {}): Promise<LiveSession | null> {
  // A placeholder is bound as given, not through the column: times are Dates on both engines.
  const row = forPage ? await pageViewSessionById.get({ id, now: new Date() }) : await liveSessionById.get({ id, now: new Date() });
  return row ? toLiveSession(row) : null;
}

// Sessions live in the database so logout (deleting the row) really ends them.
export const sessionStorage = createSessionStorage<SessionData>({
  cookie: sessionCookie,
  async createData(data, expires) {
    const id = crypto.randomBytes(32).toString("base64url");
    const row = splitData(data);
    await db.insert(sessions)
      .values({ id, userId: row.userId, data: row.data, expiresAt: expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) });
    return id;
  },
  async readData(id) {
    return (await readLiveSession(id))?.data ?? null;
  },
  async updateData(id, data, expires) {
    const row = splitData(data);
    await db.update(sessions)
      .set({ userId: row.userId, data: row.data, ...(expires ? { expiresAt: expires } : {}) })
      .where(eq(sessions.id, id));
  },
  async deleteData(id) {
    await db.delete(sessions).where(eq(sessions.id, id));
  },
});

/**
 * Signs a member out of every browser, except `except` (the session making a
 * password change); `tx` when it must happen with the change that caused it.
 * Returns how many sessions ended. The live rooms check the member's open
 * sockets again (after this synchronous transaction has committed, as the
 * check reads the session asynchronously) and close those of ended sessions.
 */
export async function endSessionsOf(userId: number, { except = null, tx }: { except?: string | null; tx?: Tx } = {}): Promise<number> {
  const mine = except ? and(eq(sessions.userId, userId), ne(sessions.id, except)) : eq(sessions.userId, userId);
  const ended = changes(await (tx ?? db).delete(sessions).where(mine));
  if (ended > 0) publishMemberAccessChange(userId, "sessions-ended");
  return ended;
}

/** Ends one session: the browser holding it is signed out at its next request. */
export async function endSession(sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export type AppSession = Awaited<ReturnType<typeof sessionStorage.getSession>>;

/** Where a request's shared reads are kept: its load context (app/load-context.ts). */
export type RequestContext = Pick<AppLoadContext, "memo">;

/** Loaders read data; anything else (an action) may change the session and must see its own writes. */
export function isRead(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

/**
 * The request's session. The loaders of one page view read it once, however
 * many ask (kept in the request's load context); an action reads it afresh.
 */
export function getSession(request: Request, context: RequestContext): Promise<AppSession> {
  if (!isRead(request)) return sessionStorage.getSession(request.headers.get("Cookie"));
  return (context.memo.session ??= readPageViewSession(request, context));
}

/**
 * What sessionStorage.getSession does (the cookie's id, its data, a session
 * object), keeping the member read with it for getOptionalUser (`memo.sessionMember`).
 */
async function readPageViewSession(request: Request, context: RequestContext): Promise<AppSession> {
  const cookieHeader = request.headers.get("Cookie");
  const id: unknown = cookieHeader ? await sessionCookie.parse(cookieHeader) : null;
  const found = typeof id === "string" && id ? await readLiveSession(id, { forPage: true }) : null;
  context.memo.sessionMember = found?.member ?? null;
  context.memo.unreadNotifications = found?.member ? found.unread : undefined;
  context.memo.catalogueVersion = found?.catalogue;
  context.memo.sessionSubscription = found?.member ? { row: found.subscription ?? null, premium: found.premium ?? false } : undefined;
  return createSession<SessionData>(found?.data ?? {}, typeof id === "string" ? id : "");
}

export function commitSession(request: Request, session: AppSession) {
  return sessionStorage.commitSession(session, { secure: isHttps(request) });
}

export function destroySession(request: Request, session: AppSession) {
  return sessionStorage.destroySession(session, { secure: isHttps(request) });
}

/** Rolling expiry: returns a Set-Cookie value when the session was extended. */
export async function refreshSessionIfDue(request: Request, session: AppSession): Promise<string | null> {
  if (!session.id || !session.get("userId")) return null;
  const refreshedAt = session.get("refreshedAt") ?? 0;
  if (Date.now() - refreshedAt < REFRESH_AFTER_MS) return null;
  session.set("refreshedAt", Date.now());
  return commitSession(request, session);
}

export async function pruneExpiredSessions(now = new Date()): Promise<number> {
  return changes(await db.delete(sessions).where(lt(sessions.expiresAt, now)));
}
