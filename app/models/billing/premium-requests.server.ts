import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { db, changes, first, withTransaction, single } from "#db/client.server";
import { premiumRequests, users, type User } from "#db/schema";
import { paymentsEnabled } from "~/models/billing/billing.server";
import { isPremium } from "~/models/billing/membership.server";
import { changeMemberSubscription, GRANT_PREMIUM } from "~/models/accounts/members.server";
import type { PremiumRequestInput } from "~/schemas/premium-request";
import { logEvent } from "~/utils/logger.server";

// "Request Premium": while online payments are off, a free member asks and an
// admin grants (the member directory's own grant) or dismisses. A member has at
// most one open request, so asking again changes nothing — that is the rate limit.

export const PREMIUM_REQUEST_NOT_FOUND = "Premium request not found";
export const PREMIUM_REQUEST_HANDLED = "This request has already been handled.";
export const ALREADY_PREMIUM = "You are already a Premium member.";
export const PAYMENTS_ARE_ON = "Online payments are available: upgrade on the Upgrade page instead.";

export class PremiumRequestRefusal extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface OwnPremiumRequest {
  id: number;
  message: string | null;
  createdAt: string;
}

export interface OpenPremiumRequest extends OwnPremiumRequest {
  member: { id: number; username: string; name: string; email: string | null };
}

function ownView(row: { id: number; message: string | null; createdAt: Date }): OwnPremiumRequest {
  return { id: row.id, message: row.message, createdAt: row.createdAt.toISOString() };
}

/** The member's open request, if any. */
export async function getOpenPremiumRequest(userId: number): Promise<OwnPremiumRequest | null> {
  const row = await first(db
    .select({ id: premiumRequests.id, message: premiumRequests.message, createdAt: premiumRequests.createdAt })
    .from(premiumRequests)
    .where(and(eq(premiumRequests.userId, userId), isNull(premiumRequests.handledAt))).limit(1));
  return row ? ownView(row) : null;
}

/** Whether the member may ask at all: free, signed in, and no way to pay online. */
export async function canRequestPremium(user: Pick<User, "id" | "role">): Promise<boolean> {
  return !paymentsEnabled() && !await isPremium(user);
}

/** Files the member's request, or returns the open one (`created: false`); idempotent. */
export async function requestPremium(user: Pick<User, "id" | "role">, input: PremiumRequestInput): Promise<{ request: OwnPremiumRequest; created: boolean }> {
  if (await isPremium(user)) throw new PremiumRequestRefusal(409, ALREADY_PREMIUM);
  if (paymentsEnabled()) throw new PremiumRequestRefusal(409, PAYMENTS_ARE_ON);
  const outcome = await withTransaction(async (tx) => {
    const open = await first(tx
      .select({ id: premiumRequests.id, message: premiumRequests.message, createdAt: premiumRequests.createdAt })
      .from(premiumRequests)
      .where(and(eq(premiumRequests.userId, user.id), isNull(premiumRequests.handledAt))).limit(1));
    if (open) return { request: ownView(open), created: false };
    const row = await single(tx.insert(premiumRequests).values({ userId: user.id, message: input.message }).returning());
    return { request: ownView(row), created: true };
  });
  if (outcome.created) logEvent("premium_requested", { userId: user.id, request: outcome.request.id });
  return outcome;
}

/** Open requests, oldest first, for the admin dashboard and GET /api/admin/premium-requests. */
// Read by every view of the admin dashboard: prepared once (issue 15).
const openRequests = db
  .select({
    id: premiumRequests.id,
    message: premiumRequests.message,
    createdAt: premiumRequests.createdAt,
    memberId: users.id,
    username: users.username,
    name: users.name,
    email: users.email,
  })
  .from(premiumRequests)
  .innerJoin(users, eq(users.id, premiumRequests.userId))
  .where(isNull(premiumRequests.handledAt))
  .orderBy(asc(premiumRequests.createdAt), asc(premiumRequests.id))
  .limit(sql.placeholder("limit"))
  .prepare();

export async function listOpenPremiumRequests(limit = 100): Promise<OpenPremiumRequest[]> {
  return (await openRequests
    .all({ limit }))
    .map((row) => ({
      ...ownView(row),
      member: { id: row.memberId, username: row.username, name: row.name?.trim() || row.username, email: row.email },
    }));
}

async function openRequest(id: number) {
  const row = await first(db
    .select({ id: premiumRequests.id, userId: premiumRequests.userId, handledAt: premiumRequests.handledAt, username: users.username })
    .from(premiumRequests)
    .innerJoin(users, eq(users.id, premiumRequests.userId))
    .where(eq(premiumRequests.id, id)).limit(1));
  if (!row) throw new PremiumRequestRefusal(404, PREMIUM_REQUEST_NOT_FOUND);
  if (row.handledAt) throw new PremiumRequestRefusal(409, PREMIUM_REQUEST_HANDLED);
  return row;
}

/** Grants Premium exactly as the member directory does, then closes the request. */
export async function grantPremiumRequest(admin: Pick<User, "id">, id: number): Promise<{ username: string }> {
  const request = await openRequest(id);
  const outcome = await changeMemberSubscription(request.userId, GRANT_PREMIUM);
  if (!outcome.ok) throw new PremiumRequestRefusal(outcome.status, outcome.message);
  // Becoming Premium already closed it (subscription.server.ts); this records who granted it.
  await db.update(premiumRequests).set({ handledAt: new Date(), handledBy: admin.id, outcome: "granted" }).where(eq(premiumRequests.id, id));
  logEvent("premium_request_granted", { request: id, userId: request.userId, adminId: admin.id });
  return { username: request.username };
}

/** Closes the request without changing the member's plan. */
export async function dismissPremiumRequest(admin: Pick<User, "id">, id: number): Promise<{ username: string }> {
  const request = await openRequest(id);
  const changed = changes(await db
    .update(premiumRequests)
    .set({ handledAt: new Date(), handledBy: admin.id, outcome: "dismissed" })
    .where(and(eq(premiumRequests.id, id), isNull(premiumRequests.handledAt))));
  if (changed === 0) throw new PremiumRequestRefusal(409, PREMIUM_REQUEST_HANDLED);
  logEvent("premium_request_dismissed", { request: id, userId: request.userId, adminId: admin.id });
  return { username: request.username };
}
