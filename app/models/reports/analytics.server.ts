import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { countTrue, epochMs } from "#db/dialect.server";
import { db, first } from "#db/client.server";
import { activityEvents, knowledgeBaseArticles, subscriptions, users, type ACTIVITY_TYPES } from "#db/schema";

// Figures for the admin dashboard: what happened lately and the analytics
// charts. Weeks start on Monday and months on the 1st, both in UTC, so every
// server and browser draws the same bars.

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

export interface Bucket {
  /** Inclusive start, ms since the epoch. */
  start: number;
  /** Exclusive end. */
  end: number;
  /** Short axis label ("Mar 3", "Mar"). */
  label: string;
  /** Full label for tables and tooltips ("Week of Mar 3, 2025", "March 2025"). */
  longLabel: string;
}

export interface SeriesPoint {
  label: string;
  longLabel: string;
  value: number;
}

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const shortMonth = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
const longMonth = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** The last `count` weeks (Monday to Monday, UTC), oldest first; the last one holds `now`. */
export function weekBuckets(now: Date, weeks = 12): Bucket[] {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  const currentStart = midnight - daysSinceMonday * DAY_MS;
  return Array.from({ length: weeks }, (_, i) => {
    const start = currentStart - (weeks - 1 - i) * WEEK_MS;
    return { start, end: start + WEEK_MS, label: shortDay.format(start), longLabel: `Week of ${longDay.format(start)}` };
  });
}

/** The last `count` calendar months (UTC), oldest first; the last one holds `now`. */
export function monthBuckets(now: Date, months = 12): Bucket[] {
  return Array.from({ length: months }, (_, i) => {
    const offset = months - 1 - i;
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset, 1);
    const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset + 1, 1);
    return { start, end, label: shortMonth.format(start), longLabel: longMonth.format(start) };
  });
}

/** Which bucket a moment falls into, or -1 outside them all. */
export function bucketIndex(buckets: Bucket[], at: number): number {
  return buckets.findIndex((bucket) => at >= bucket.start && at < bucket.end);
}

/** Counts per bucket from counts per instant (already grouped by the database). */
function seriesFromCounts(buckets: Bucket[], counts: { bucket: number; n: number }[]): SeriesPoint[] {
  const values = buckets.map(() => 0);
  for (const { bucket, n } of counts) if (bucket >= 0 && bucket < values.length) values[bucket] = (values[bucket] ?? 0) + n;
  return buckets.map((bucket, i) => ({ label: bucket.label, longLabel: bucket.longLabel, value: values[i] ?? 0 }));
}

// The dashboard's reads are prepared once (issue 15); placeholders are bound as
// given: Dates where they meet a time column, milliseconds in the week arithmetic.
const weekOfEvent = sql<number>`cast((${epochMs(activityEvents.createdAt)} - ${sql.placeholder("startMs")}) / ${WEEK_MS} as integer)`.mapWith(Number);
const eventsPerWeekQuery = db
  .select({ bucket: weekOfEvent, n: count() })
  .from(activityEvents)
  .where(
    and(
      eq(activityEvents.type, sql.placeholder("type")),
      gte(activityEvents.createdAt, sql.placeholder("start")),
      lt(activityEvents.createdAt, sql.placeholder("end")),
    ),
  )
  // By position: PostgreSQL cannot tell that the expression's parameters repeat the select's.
  .groupBy(sql`1`)
  .prepare();

/** Events of one type per week, counted by the database (fixed-length weeks, so the bucket is arithmetic). */
async function eventsPerWeek(type: ActivityType, buckets: Bucket[]): Promise<SeriesPoint[]> {
  const first = buckets[0];
  const last = buckets.at(-1);
  if (!first || !last) return [];
  return seriesFromCounts(buckets, await eventsPerWeekQuery.all({ type, startMs: first.start, start: new Date(first.start), end: new Date(last.end) }));
}

export interface SubscriptionSpan {
  plan: "basic" | "premium";
  status: string;
  isComped: boolean;
  monthlyFeeCents: number;
  startDate: number;
  currentPeriodEnd: number | null;
}

/**
 * Premium members and recurring revenue per month, from each member's
 * subscription record: a premium plan covers the months from its start to its
 * period end (or, while active with no end, to now). Revenue counts paying
 * plans only; comped grants count as members but earn nothing. A member whose
 * Premium was revoked no longer has a premium record, so history is what the
 * current records show.
 */
export function premiumByMonth(spans: SubscriptionSpan[], buckets: Bucket[]): { members: number[]; revenueCents: number[] } {
  const members = buckets.map(() => 0);
  const revenueCents = buckets.map(() => 0);
  for (const span of spans) {
    if (span.plan !== "premium") continue;
    buckets.forEach((bucket, i) => {
      const started = span.startDate < bucket.end;
      const stillRunning = span.currentPeriodEnd === null ? span.status === "active" : span.currentPeriodEnd > bucket.start;
      if (!started || !stillRunning) return;
      members[i] = (members[i] ?? 0) + 1;
      if (!span.isComped) revenueCents[i] = (revenueCents[i] ?? 0) + span.monthlyFeeCents;
    });
  }
  return { members, revenueCents };
}

export interface AnalyticsSeries {
  signUpsPerWeek: SeriesPoint[];
  lessonCompletionsPerWeek: SeriesPoint[];
  premiumMembersPerMonth: SeriesPoint[];
  /** Dollars. */
  revenuePerMonth: SeriesPoint[];
}

const premiumSpans = db
  .select({
    plan: subscriptions.plan,
    status: subscriptions.status,
    isComped: subscriptions.isComped,
    monthlyFeeCents: subscriptions.monthlyFeeCents,
    startDate: subscriptions.startDate,
    currentPeriodEnd: subscriptions.currentPeriodEnd,
  })
  .from(subscriptions)
  .innerJoin(users, eq(users.id, subscriptions.userId))
  .where(and(eq(users.role, "student"), eq(subscriptions.plan, "premium")))
  .prepare();

export async function getAnalytics(now = new Date()): Promise<AnalyticsSeries> {
  const weeks = weekBuckets(now);
  const months = monthBuckets(now);
  const spans = (await premiumSpans.all())
    .map((row) => ({ ...row, startDate: row.startDate.getTime(), currentPeriodEnd: row.currentPeriodEnd?.getTime() ?? null }));
  const premium = premiumByMonth(spans, months);
  const point = (bucket: Bucket, value: number): SeriesPoint => ({ label: bucket.label, longLabel: bucket.longLabel, value });
  return {
    signUpsPerWeek: await eventsPerWeek("registration", weeks),
    lessonCompletionsPerWeek: await eventsPerWeek("lesson_completed", weeks),
    premiumMembersPerMonth: months.map((bucket, i) => point(bucket, premium.members[i] ?? 0)),
    revenuePerMonth: months.map((bucket, i) => point(bucket, (premium.revenueCents[i] ?? 0) / 100)),
  };
}

// ---- Recent activity -------------------------------------------------------

export interface ActivityItem {
  id: number;
  type: ActivityType;
  summary: string;
  username: string | null;
  createdAt: string;
  /** "5 minutes ago", computed on the server so the page renders the same everywhere. */
  when: string;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date. */
export function relativeTime(at: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (seconds < 60) return "just now";
  if (seconds < 3600) return plural(Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), "hour");
  if (seconds < 7 * 86_400) return plural(Math.floor(seconds / 86_400), "day");
  return longDay.format(at);
}

const recentActivity = db
  .select({
    id: activityEvents.id,
    type: activityEvents.type,
    summary: activityEvents.summary,
    username: users.username,
    createdAt: activityEvents.createdAt,
  })
  .from(activityEvents)
  .leftJoin(users, eq(users.id, activityEvents.userId))
  .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
  .limit(sql.placeholder("limit"))
  .prepare();

export async function listRecentActivity(limit = 12, now = new Date()): Promise<ActivityItem[]> {
  return (await recentActivity
    .all({ limit }))
    .map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), when: relativeTime(row.createdAt, now) }));
}

// ---- Knowledge base figures ------------------------------------------------

export async function countArticlesByStatus(): Promise<{ published: number; drafts: number }> {
  const row = await first(db
    .select({
      published: countTrue(knowledgeBaseArticles.isPublished),
      total: count(),
    })
    .from(knowledgeBaseArticles).limit(1));
  const published = row?.published ?? 0;
  return { published, drafts: (row?.total ?? 0) - published };
}
