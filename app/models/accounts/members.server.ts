import { and, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { db, first } from "#db/client.server";
import { PLANS, SUBSCRIPTION_STATUSES, subscriptions, users, type User } from "#db/schema";
import { adminChangeSubscription, BillingError } from "~/models/billing/billing.server";
import { isPremium, premiumSubscriptionCondition } from "~/models/billing/membership.server";
import { listMemberProgress } from "~/models/learning/progress.server";
import type { SubscriptionRow } from "~/models/billing/subscription.server";
import { getUserById } from "~/models/accounts/user.server";
import { parsePageNumber } from "~/utils/misc";

// The admin's view of the academy's members (students): who they are, how far
// they got, what they pay. Premium is always membership.server.ts's rule.

export const MEMBER_PAGE_SIZE = 20;
export const MEMBER_NOT_FOUND = "Member not found";
export const ADMIN_ALWAYS_PREMIUM = "Administrators always have Premium access; their plan cannot be changed.";

/** A row of the Member Progress list and of GET /api/members. */
export interface MemberSummary {
  id: number;
  username: string;
  name: string;
  email: string | null;
  joinDate: string;
  completedCourses: number;
  enrolledCourses: number;
}

export async function countStudents(): Promise<number> {
  return (await first(db.select({ n: count() }).from(users).where(eq(users.role, "student")).limit(1)))?.n ?? 0;
}

/** Members with their completed and enrolled course counts, by username; every member unless a page is asked for. */
export async function listMembers(options: { page?: number; pageSize?: number } = {}): Promise<MemberSummary[]> {
  const pageSize = options.pageSize ?? MEMBER_PAGE_SIZE;
  const rows =
    options.page === undefined
      ? await listMemberProgress()
      : await listMemberProgress({ limit: pageSize, offset: (options.page - 1) * pageSize });
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name?.trim() || row.username,
    email: row.email,
    joinDate: row.joinedAt.toISOString(),
    completedCourses: row.completed,
    enrolledCourses: row.enrolled,
  }));
}

// ---- Members with subscriptions -----------------------------------------------

export const PLAN_FILTERS = ["all", "basic", "premium"] as const;
export type PlanFilter = (typeof PLAN_FILTERS)[number];

export interface MemberDirectoryQuery {
  q: string;
  plan: PlanFilter;
  page: number;
}

/** Reads ?q=, ?plan= and ?page= leniently: anything unexpected means "no filter" or page 1. */
export function parseMemberDirectoryQuery(params: URLSearchParams): MemberDirectoryQuery {
  const plan = params.get("plan");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    plan: PLAN_FILTERS.find((filter) => filter === plan) ?? "all",
    page: parsePageNumber(params.get("page")),
  };
}

/** The spec's subscription shape, fee in dollars and dates as ISO strings. */
export interface MemberSubscription {
  plan: SubscriptionRow["plan"];
  status: SubscriptionRow["status"];
  monthlyFee: number;
  startDate: string;
  isComped: boolean;
  currentPeriodEnd: string | null;
}

export interface MemberWithSubscription {
  id: number;
  username: string;
  name: string;
  email: string | null;
  role: User["role"];
  /** Instructors only: an admin lets them create courses. */
  canCreateCourses: boolean;
  joinDate: string;
  /** Premium right now, by the one rule (comped grants included). */
  isPremium: boolean;
  subscription: MemberSubscription | null;
}

export interface MemberDirectoryPage {
  members: MemberWithSubscription[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

export function toMemberSubscription(
  row: Pick<SubscriptionRow, "plan" | "status" | "monthlyFeeCents" | "startDate" | "isComped" | "currentPeriodEnd">,
): MemberSubscription {
  return {
    plan: row.plan,
    status: row.status,
    monthlyFee: row.monthlyFeeCents / 100,
    startDate: row.startDate.toISOString(),
    isComped: row.isComped,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
  };
}

/** `%` and `_` typed by the admin are plain characters, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
const likeEscaped = (column: SQLWrapper, pattern: SQLWrapper) => sql`lower(${column}) like lower(${pattern}) escape '\\'`;

// The directory and the revenue figures are prepared once (issue 15): the search
// and the plan filter are placeholders ('' and 'all' when unused), and `now` is a
// Date (placeholders are bound as given, not through the column). The search
// compares lower-cased text: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.

/** 1 when the joined subscription makes the member Premium at `now`, else 0. A fresh expression per use: mapWith() changes the one it is called on. */
const premiumAtNow = (): SQL<number> => sql<number>`(case when ${premiumSubscriptionCondition(sql.placeholder("now"))} then 1 else 0 end)`;
const directoryFilter = and(
  // Learners and instructors: the directory is where an admin changes a member's role.
  inArray(users.role, ["student", "instructor"]),
  sql`(${sql.placeholder("pattern")} = '' or ${likeEscaped(users.name, sql.placeholder("pattern"))} or ${likeEscaped(users.username, sql.placeholder("pattern"))} or ${likeEscaped(sql`coalesce(${users.email}, '')`, sql.placeholder("pattern"))})`,
  sql`(${sql.placeholder("plan")} = 'all' or (${premiumAtNow()} = 1) = (${sql.placeholder("plan")} = 'premium'))`,
);
const directoryCount = db.select({ n: count() }).from(users).leftJoin(subscriptions, eq(subscriptions.userId, users.id)).where(directoryFilter).prepare();
const directoryPage = db
  .select({
    id: users.id,
    username: users.username,
    name: users.name,
    email: users.email,
    role: users.role,
    canCreateCourses: users.canCreateCourses,
    createdAt: users.createdAt,
    isPremium: premiumAtNow().mapWith((value) => Number(value) === 1),
    // Every match's count on each row: the page and its total in one round trip.
    total: sql<number>`count(*) over ()`.mapWith(Number),
    subscription: {
      id: subscriptions.id,
      plan: subscriptions.plan,
      status: subscriptions.status,
      monthlyFeeCents: subscriptions.monthlyFeeCents,
      startDate: subscriptions.startDate,
      isComped: subscriptions.isComped,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    },
  })
  .from(users)
  .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
  .where(directoryFilter)
  .orderBy(desc(users.createdAt), desc(users.id))
  .limit(sql.placeholder("limit"))
  .offset(sql.placeholder("offset"))
  .prepare();

/** Members newest first with their subscription, searched by name, email or username and filtered by plan, one page per query. */
export async function listMembersWithSubscriptions(query: MemberDirectoryQuery, now = new Date(), pageSize = MEMBER_PAGE_SIZE): Promise<MemberDirectoryPage> {
  const filter = { pattern: query.q ? containsPattern(query.q) : "", plan: query.plan, now };
  const pageOf = (page: number) => directoryPage.all({ ...filter, limit: pageSize, offset: (page - 1) * pageSize });
  let page = query.page;
  let rows = await pageOf(page);
  // A page past the end has no rows to carry the total: count, and show the last page.
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    total = (await directoryCount.get(filter))?.n ?? 0;
    page = Math.max(1, Math.ceil(total / pageSize));
    rows = await pageOf(page);
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  return {
    members: rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: row.name?.trim() || row.username,
      email: row.email,
      role: row.role,
      canCreateCourses: row.canCreateCourses,
      joinDate: row.createdAt.toISOString(),
      isPremium: row.isPremium,
      subscription: row.subscription ? toMemberSubscription(row.subscription) : null,
    })),
    total,
    page,
    pageCount,
    pageSize,
  };
}

// ---- Revenue -------------------------------------------------------------------

export interface RevenueStats {
  monthlyRevenue: number;
  totalPremiumMembers: number;
  averageRevenuePerUser: number;
  annualProjection: number;
}

/** The revenue cards' arithmetic, in whole cents until the end so no float creeps into the sums. */
export function revenueFigures({ monthlyRevenueCents, premiumMembers, students }: { monthlyRevenueCents: number; premiumMembers: number; students: number }): RevenueStats {
  return {
    monthlyRevenue: monthlyRevenueCents / 100,
    totalPremiumMembers: premiumMembers,
    averageRevenuePerUser: students === 0 ? 0 : Math.round(monthlyRevenueCents / students) / 100,
    annualProjection: (monthlyRevenueCents * 12) / 100,
  };
}

/**
 * Monthly revenue counts the fees of paying Premium members only (an admin's
 * comped grant earns nothing); premium members count every member who is
 * Premium now, comped or paying; the average is over all student members.
 */
const revenueTotals = db
  .select({
    students: count(),
    premiumMembers: sql<number>`coalesce(sum(${premiumAtNow()}), 0)`.mapWith(Number),
    monthlyRevenueCents: sql<number>`coalesce(sum(case when ${premiumAtNow()} = 1 and not ${subscriptions.isComped} then ${subscriptions.monthlyFeeCents} else 0 end), 0)`.mapWith(
      Number,
    ),
  })
  .from(users)
  .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
  .where(eq(users.role, "student"))
  .prepare();

export async function getRevenueStats(now = new Date()): Promise<RevenueStats> {
  const row = await revenueTotals.get({ now });
  return revenueFigures({
    monthlyRevenueCents: row?.monthlyRevenueCents ?? 0,
    premiumMembers: row?.premiumMembers ?? 0,
    students: row?.students ?? 0,
  });
}

// ---- Granting and revoking -----------------------------------------------------

export const SubscriptionChangeSchema = z.object({
  plan: z.enum(PLANS, { errorMap: () => ({ message: "Plan must be basic or premium" }) }),
  status: z.enum(SUBSCRIPTION_STATUSES, { errorMap: () => ({ message: `Status must be one of ${SUBSCRIPTION_STATUSES.join(", ")}` }) }),
});
export type SubscriptionChange = z.infer<typeof SubscriptionChangeSchema>;

export const GRANT_PREMIUM: SubscriptionChange = { plan: "premium", status: "active" };
export const REVOKE_PREMIUM: SubscriptionChange = { plan: "basic", status: "cancelled" };

export type SubscriptionChangeOutcome =
  | { ok: true; member: { id: number; username: string; isPremium: boolean }; subscription: MemberSubscription }
  | { ok: false; status: number; message: string };

/** An admin changes a member's plan by hand; administrators are always Premium and are left alone. */
export async function changeMemberSubscription(memberId: number, change: SubscriptionChange): Promise<SubscriptionChangeOutcome> {
  const member = await getUserById(memberId);
  if (!member) return { ok: false, status: 404, message: MEMBER_NOT_FOUND };
  if (member.role === "admin") return { ok: false, status: 409, message: ADMIN_ALWAYS_PREMIUM };
  let row;
  try {
    row = await adminChangeSubscription(member.id, change);
  } catch (error) {
    // Stripe could not stop the member's billing: change nothing and say why.
    if (error instanceof BillingError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
  return {
    ok: true,
    member: { id: member.id, username: member.username, isPremium: await isPremium(member) },
    subscription: toMemberSubscription(row),
  };
}
