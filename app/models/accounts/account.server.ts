import { and, asc, count, eq, isNull } from "drizzle-orm";
import { db, first, withTransaction } from "#db/client.server";
import { collectMemberData, forgetMember } from "~/models/accounts/account-data.server";
import { revokeUnsubscribeLinks } from "~/models/notifications/notifications.server";
import { forumReplies, forumTopics, users, type User } from "#db/schema";
import { certificateNameOf, listCertificatesForUser, renameCertificates, toApiCertificate } from "~/models/learning/certificate.server";
import { listProgressForUser, toApiProgress } from "~/models/learning/progress.server";
import { getSubscriptionSummary } from "~/models/billing/subscription.server";
import {
  CommonPasswordError,
  EmailTakenError,
  getCalculatorRecord,
  getUserById,
  isCommonPassword,
  isEmailTaken,
  isEmailUniqueViolation,
  toPublicUser,
} from "~/models/accounts/user.server";
import type { ChangePasswordInput, ProfileInput } from "~/schemas/account";
import { logEvent } from "~/utils/logger.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { publishMemberAccessChange } from "~/models/live/live-events.server";
import { beginLoginAttempt, beginSessionPasswordCheck, TooManyRequestsError, type LoginAttempt, type SessionPasswordCheck } from "~/models/platform/rate-limit.server";
import { revokePasswordResets } from "~/models/accounts/password-reset.server";
import { endSession, endSessionsOf } from "~/models/accounts/session.server";

// A member managing their own account: profile and email, password, sessions,
// a copy of their data, deleting the account. The /settings page and the
// /api/user/* routes both call these functions.

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";
export const WRONG_PASSWORD = "That password is not correct.";
export const SAME_PASSWORD = "Choose a new password that differs from your current one.";
export const LAST_ADMIN = "You are the academy's only administrator. Make another member an administrator before deleting your account.";
export const TOO_MANY_PASSWORD_GUESSES =
  "Too many wrong passwords. For your safety this browser has been signed out: wait a few minutes, then sign in again.";
export const PAID_PLAN_ACTIVE =
  "Your Premium membership is still paid by card. Cancel it from the portal first, then delete your account.";

/** A request the member may not make as sent; carries the status the API answers with. */
export class AccountRefusal extends Error {
  constructor(
    message: string,
    public status: 400 | 403 | 404 | 409 | 429,
    public field?: "email" | "currentPassword" | "newPassword" | "password",
  ) {
    super(message);
  }
}

/** Too many wrong passwords: answered 429 with Retry-After; the session that asked has been ended. */
export class PasswordGuessesSpent extends AccountRefusal {
  constructor(public retryAfterSeconds: number) {
    super(TOO_MANY_PASSWORD_GUESSES, 429);
  }
}

/** Who asks for a change that needs the password: their session (if any) and their network. */
export interface AccountRequester {
  sessionId: string | null;
  ip: string;
}

/**
 * Checks the member's own password before a change that needs it (issue 39).
 * From a signed-in session the checks are counted per session, apart from the
 * sign-in counters: nothing a guesser does elsewhere (at /login, from any
 * address) counts against the member's own browser, and a right password is
 * never counted. The wrong ones are: the check that spends the session's
 * allowance (LOGIN_MAX_FAILURES in LOGIN_WINDOW_MINUTES) ends that session,
 * because it is the one that showed it does not know the password; the
 * member's other devices showed nothing wrong (and "sign out everywhere" is
 * one click away for them). So a session still signed in has its right
 * password accepted. Without a session (a model call from a test or script)
 * the check spends a sign-in attempt, as /login does.
 */
async function confirmOwnPassword(user: User, password: string, from: AccountRequester, wrong: AccountRefusal): Promise<void> {
  const sessionId = from.sessionId;
  if (!sessionId) return await confirmPasswordAsSignIn(user, password, from, wrong);
  let check: SessionPasswordCheck;
  try {
    check = await beginSessionPasswordCheck(sessionId);
  } catch (error) {
    // Only parallel guesses reach this: the check that spent the allowance ended the session.
    if (!(error instanceof TooManyRequestsError)) throw error;
    throw await guessedTooOften(user, from, sessionId, error.retryAfterSeconds);
  }
  if (await verifyPassword(password, user.passwordHash)) {
    await check.succeeded();
    return;
  }
  logEvent("password_check_failed", { userId: user.id, ip: from.ip });
  if (check.isLast) throw await guessedTooOften(user, from, sessionId, check.retryAfterSeconds);
  throw wrong;
}

async function guessedTooOften(user: User, from: AccountRequester, sessionId: string, retryAfterSeconds: number): Promise<PasswordGuessesSpent> {
  await endSession(sessionId);
  logEvent("password_check_throttled", { userId: user.id, ip: from.ip, signedOut: true });
  return new PasswordGuessesSpent(retryAfterSeconds);
}

async function confirmPasswordAsSignIn(user: User, password: string, from: AccountRequester, wrong: AccountRefusal): Promise<void> {
  let attempt: LoginAttempt;
  try {
    attempt = await beginLoginAttempt(from.ip, user.username);
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
    logEvent("password_check_throttled", { userId: user.id, ip: from.ip, signedOut: false });
    throw new PasswordGuessesSpent(error.retryAfterSeconds);
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    logEvent("password_check_failed", { userId: user.id, ip: from.ip });
    throw wrong;
  }
  await attempt.succeeded();
}

async function memberOrRefuse(userId: number): Promise<User> {
  const user = await getUserById(userId);
  if (!user) throw new AccountRefusal("Account not found.", 404);
  return user;
}

/** What the member sees and edits about themselves (their own email included: it is never shown to others). */
export function getAccountProfile(user: User) {
  return {
    username: user.username,
    name: user.name,
    firstName: user.firstName,
    email: user.email,
    bio: user.bio,
    certificateName: user.certificateName,
    showsBio: user.role !== "student",
  };
}

/**
 * The answer to the one-time question on a member's certificate page (issue 47): the name is
 * stored and their certificates carry it; a member who already chose one is not asked again.
 */
export async function chooseCertificateName(userId: number, certificateName: string): Promise<void> {
  await withTransaction(async (tx) => {
    const updated = await first(tx
      .update(users)
      .set({ certificateName, certificateNameConfirmedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.certificateNameConfirmedAt)))
      .returning());
    // Already answered (another tab, or settings): nothing to do.
    if (updated) await renameCertificates(tx, userId, certificateNameOf(updated), false);
  });
}

export async function updateProfile(userId: number, input: ProfileInput): Promise<User> {
  const email = input.email ?? null;
  if (email && await isEmailTaken(email, userId)) throw new AccountRefusal(new EmailTakenError().message, 409, "email");
  const before = await first(db.select({ email: users.email, certificateNameConfirmedAt: users.certificateNameConfirmedAt }).from(users).where(eq(users.id, userId)).limit(1));
  // Unsubscribe links sent to the old address stop working once it changes (issue 25).
  if (before && (before.email ?? "").toLowerCase() !== (email ?? "").toLowerCase()) await revokeUnsubscribeLinks(userId);
  try {
    return await withTransaction(async (tx) => {
      // certificateName left out (a JSON client that does not know it): kept as it is.
      const certificateName = input.certificateName === undefined ? {} : { certificateName: input.certificateName, certificateNameConfirmedAt: new Date() };
      const updated = await first(tx
        .update(users)
        .set({ name: input.name ?? null, firstName: input.firstName ?? null, email, bio: input.bio ?? null, ...certificateName })
        .where(eq(users.id, userId))
        .returning());
      if (!updated) throw new AccountRefusal("Account not found.", 404);
      // The certificates follow the name they carry (certificate name, else display name): a fixed
      // typo is not kept forever. A member who had never chosen it is choosing it now, not reissuing.
      await renameCertificates(tx, userId, certificateNameOf(updated), before?.certificateNameConfirmedAt != null);
      return updated;
    });
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw new AccountRefusal(new EmailTakenError().message, 409, "email");
    throw error;
  }
}

/**
 * Changes the password after checking the current one (limited as sign-in
 * is), then ends every other session of the member (whoever else was signed
 * in must sign in again with the new password) and revokes every reset link
 * still open. The session making the change (if any) stays.
 */
export async function changePassword(userId: number, from: AccountRequester, input: ChangePasswordInput): Promise<{ signedOutSessions: number }> {
  const user = await memberOrRefuse(userId);
  await confirmOwnPassword(user, input.currentPassword, from, new AccountRefusal(WRONG_CURRENT_PASSWORD, 400, "currentPassword"));
  if (input.newPassword === input.currentPassword) throw new AccountRefusal(SAME_PASSWORD, 400, "newPassword");
  if (isCommonPassword(input.newPassword)) throw new AccountRefusal(new CommonPasswordError().message, 400, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  const signedOutSessions = await withTransaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokePasswordResets(userId, { tx });
    return await endSessionsOf(userId, { except: from.sessionId, tx });
  });
  logEvent("password_changed", { userId, signedOutSessions });
  return { signedOutSessions };
}

/** "Sign out everywhere": ends every session of the member, this browser's included. */
export async function signOutEverywhere(userId: number): Promise<number> {
  const ended = await endSessionsOf(userId);
  logEvent("signed_out_everywhere", { userId, ended });
  return ended;
}

/**
 * Everything the academy keeps about the member, as one JSON document (no
 * password hash, no session ids): every table MEMBER_DATA lists.
 * `origin` is the academy's public address (for the calendar feed's URL).
 */
export async function exportAccountData(userId: number, origin: string) {
  const user = await memberOrRefuse(userId);
  const { moodTheme, themeSettings, ...profile } = toPublicUser(user);
  const topics = await db
    .select({ id: forumTopics.id, categoryId: forumTopics.categoryId, title: forumTopics.title, content: forumTopics.content, createdAt: forumTopics.createdAt })
    .from(forumTopics)
    .where(eq(forumTopics.authorId, userId))
    .orderBy(asc(forumTopics.id));
  const replies = await db
    .select({ id: forumReplies.id, topicId: forumReplies.topicId, content: forumReplies.content, createdAt: forumReplies.createdAt })
    .from(forumReplies)
    .where(eq(forumReplies.authorId, userId))
    .orderBy(asc(forumReplies.id));
  const subscription = await getSubscriptionSummary(user);
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...profile, email: user.email, bio: user.bio, certificateName: user.certificateName, certificateNameConfirmedAt: user.certificateNameConfirmedAt?.toISOString() ?? null, joinedAt: user.createdAt.toISOString(), trialUsedAt: user.trialUsedAt?.toISOString() ?? null },
    theme: { moodTheme, themeSettings },
    subscription: { plan: subscription.plan, status: subscription.status, isPremium: subscription.isPremium, currentPeriodEnd: subscription.currentPeriodEnd },
    progress: (await listProgressForUser(userId)).map((record) => ({ ...toApiProgress(record), courseTitle: record.courseTitle })),
    // Awaited together: a list of promises would be written out as empty objects.
    certificates: await Promise.all((await listCertificatesForUser(userId)).map(async (certificate) => ({ ...await toApiCertificate(certificate), recipientName: certificate.recipientName, reissuedAt: certificate.reissuedAt?.toISOString() ?? null }))),
    forum: {
      topics: topics.map((topic) => ({ ...topic, createdAt: topic.createdAt.toISOString() })),
      replies: replies.map((reply) => ({ ...reply, createdAt: reply.createdAt.toISOString() })),
    },
    revenueCalculator: await getCalculatorRecord(userId),
    ...await collectMemberData(user, origin),
  };
}
export type AccountExport = ReturnType<typeof exportAccountData>;

/** The name of the downloaded file. */
export function exportFileName(user: Pick<User, "username">, now = new Date()): string {
  return `mystic-academy-${user.username}-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * Deletes the member's account, confirmed by their password (limited as
 * sign-in is, see confirmOwnPassword). What they wrote for others stays (forum
 * posts, live-chat messages, live questions: the conversation would break
 * without them) and is shown as by "Former member"; names copied into rows
 * that stay are rewritten first (forgetMember).
 * Everything personal goes with the row: sessions, progress, certificates
 * (which then no longer verify), subscription record, calculator, companion
 * history, calendar feed. MEMBER_DATA says, table by table, which is which.
 */
export async function deleteAccount(userId: number, from: AccountRequester, password: string): Promise<void> {
  const user = await memberOrRefuse(userId);
  await confirmOwnPassword(user, password, from, new AccountRefusal(WRONG_PASSWORD, 400, "password"));
  const subscription = await getSubscriptionSummary(user);
  // Deleting the row would not stop Stripe from charging the card.
  if (subscription.isPaidOnline && subscription.isPremium && !subscription.cancelAtPeriodEnd) {
    throw new AccountRefusal(PAID_PLAN_ACTIVE, 409);
  }
  await withTransaction(async (tx) => {
    if (user.role === "admin") {
      const admins = (await first(tx.select({ n: count() }).from(users).where(eq(users.role, "admin")).limit(1)))?.n ?? 0;
      if (admins <= 1) throw new AccountRefusal(LAST_ADMIN, 409);
    }
    await forgetMember(tx, user);
    await tx.delete(users).where(eq(users.id, userId));
  });
  publishMemberAccessChange(userId, "account-deleted");
  logEvent("account_deleted", { userId, username: user.username, role: user.role });
}
