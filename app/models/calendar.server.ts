import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { calendarFeeds, users, type User } from "#db/schema";
import type { ConferenceRow } from "~/models/conference.server";
import { contentLine, textLine, utcDateTime } from "~/utils/icalendar";

// Live sessions as iCalendar (RFC 5545): one event to add by hand, or a
// member's personal feed that calendar apps poll. Every TEXT property (the
// calendar's name, a session's title and description) is written by textLine,
// which escapes it and folds the line; times are written in UTC.

const PRODUCT_ID = "-//Mystic Academy//Live Sessions//EN";
const REFRESH = "PT1H";

export function joinPath(conferenceId: number): string {
  return `/join-conference/${conferenceId}`;
}

function eventLines(conference: ConferenceRow, origin: string): string {
  const end = new Date(conference.scheduledAt.getTime() + conference.duration * 60_000);
  return [
    "BEGIN:VEVENT\r\n",
    // Stable per conference and per academy, so an update replaces the event instead of adding one.
    textLine("UID", `conference-${conference.id}@${new URL(origin).host}`),
    contentLine("SEQUENCE", "0"),
    contentLine("DTSTAMP", utcDateTime(conference.createdAt)),
    contentLine("DTSTART", utcDateTime(conference.scheduledAt)),
    contentLine("DTEND", utcDateTime(end)),
    textLine("SUMMARY", conference.title),
    textLine("DESCRIPTION", conference.description),
    contentLine("URL", `${origin}${joinPath(conference.id)}`, ";VALUE=URI"),
    contentLine("STATUS", "CONFIRMED"),
    "END:VEVENT\r\n",
  ].join("");
}

/** One calendar holding the given sessions; `origin` is the academy's public address. */
export function conferencesCalendar(conferences: readonly ConferenceRow[], origin: string, name: string): string {
  return [
    "BEGIN:VCALENDAR\r\n",
    contentLine("VERSION", "2.0"),
    textLine("PRODID", PRODUCT_ID),
    // NAME is RFC 7986's; X-WR-CALNAME is what Apple and Google calendars read.
    textLine("NAME", name),
    textLine("X-WR-CALNAME", name),
    contentLine("REFRESH-INTERVAL", REFRESH, ";VALUE=DURATION"),
    contentLine("X-PUBLISHED-TTL", REFRESH),
    ...conferences.map((conference) => eventLines(conference, origin)),
    "END:VCALENDAR\r\n",
  ].join("");
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

export function getFeedToken(userId: number): string | null {
  return db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).get()?.token ?? null;
}

/** Makes a new secret address; any older one stops working at once. */
export function resetFeedToken(userId: number): string {
  const token = crypto.randomBytes(32).toString("base64url");
  db.insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } })
    .run();
  return token;
}

export function revokeFeedToken(userId: number): void {
  db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).run();
}

/** The member a feed address belongs to, or undefined for an unknown or revoked one. */
export function userForFeedToken(token: string): User | undefined {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const row = db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token))
    .get();
  return row?.user;
}
