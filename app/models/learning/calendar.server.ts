import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import { db, first } from "#db/client.server";
import { calendarFeeds, users, type User } from "#db/schema";
import type { ConferenceRow } from "~/models/live/conference.server";

// Live sessions as iCalendar (RFC 5545): one event to add by hand, or a
// member's personal feed that calendar apps poll. ical-generator folds lines
// and escapes SUMMARY and DESCRIPTION, but (10.x) writes the calendar's NAME
// and X-WR-CALNAME as given: the name is escaped here (issue 30). Control
// characters (a lone CR is a line break to some readers) are dropped from
// every text first. The tests parse the result strictly, so a library that
// starts escaping the name itself would show up as a double escape.

const PRODUCT = { company: "Mystic Academy", product: "Live Sessions", language: "EN" } as const;

export function joinPath(conferenceId: number): string {
  return `/join-conference/${conferenceId}`;
}

/** Text as a calendar may hold it: line breaks kept as LF, every other control character (CR, NUL, ESC…) dropped. */
function plainText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n/g, "\n").replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "");
}

/** RFC 5545 TEXT escaping (§3.3.11), for the one property ical-generator writes raw. */
function escapedText(value: string): string {
  return plainText(value).replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\n/g, "\\n");
}

/** One calendar holding the given sessions; `origin` is the academy's public address. */
export function conferencesCalendar(conferences: readonly ConferenceRow[], origin: string, name: string): string {
  const calendar = ical({ name: escapedText(name), prodId: PRODUCT, ttl: 60 * 60 });
  for (const conference of conferences) {
    calendar.createEvent({
      // Stable per conference and per academy, so an update replaces the event instead of adding one.
      id: `conference-${conference.id}@${new URL(origin).host}`,
      start: conference.scheduledAt,
      end: new Date(conference.scheduledAt.getTime() + conference.duration * 60_000),
      summary: plainText(conference.title),
      description: plainText(conference.description),
      url: `${origin}${joinPath(conference.id)}`,
      status: ICalEventStatus.CONFIRMED,
      stamp: conference.createdAt,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves the last bare.
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

export function calendarResponse(body: string, fileName: string, cacheControl: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": cacheControl,
    },
  });
}

// ---------------------------------------------------------------------------
// Personal feeds: a secret URL per member, revocable.
// ---------------------------------------------------------------------------

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function feedPath(token: string): string {
  return `/api/calendar/${token}/sessions.ics`;
}

export async function getFeedToken(userId: number): Promise<string | null> {
  return (await first(db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1)))?.token ?? null;
}

/** Makes a new secret address; any older one stops working at once. */
export async function resetFeedToken(userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db.insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return token;
}

export async function revokeFeedToken(userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The member a feed address belongs to, or undefined for an unknown or revoked one. */
export async function userForFeedToken(token: string): Promise<User | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const row = await first(db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token)).limit(1));
  return row?.user;
}
