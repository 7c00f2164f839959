import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db, first, changes, withTransaction, type Tx } from "#db/client.server";
import { passwordResets, users, type User } from "#db/schema";
import { CommonPasswordError, getUserById, getUserByUsername, isCommonPassword } from "~/models/accounts/user.server";
import { logEvent, logger } from "~/utils/logger.server";
import { isEmailConfigured, sendEmail } from "~/utils/mailer.server";
import { hashPassword } from "~/utils/password.server";
import { consumePasswordResetRequest, spendPasswordResetMail } from "~/models/platform/rate-limit.server";
import { endSessionsOf } from "~/models/accounts/session.server";

// Single-use password-reset links, emailed to the member or made by an admin
// to pass on by hand. The link carries a random token; the database keeps only
// its SHA-256 hash (the token has 256 random bits, so a fast hash is enough).

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const TOKEN_BYTES = 32;
/** base64url of 32 bytes: 43 characters. Anything else cannot be one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ResetLinkState = "usable" | "expired" | "used" | "unknown";

export function hashResetToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

export function newResetToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(TOKEN_BYTES).toString("base64url");
  return { token, tokenHash: hashResetToken(token) };
}

export function isWellFormedResetToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** A stored link is usable until it is used or its hour is up, whichever comes first. */
export function resetLinkState(row: { expiresAt: Date; usedAt: Date | null } | undefined, now = new Date()): ResetLinkState {
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  return row.expiresAt.getTime() > now.getTime() ? "usable" : "expired";
}

export function resetLinkUrl(origin: string, token: string): string {
  return `${origin}/reset-password/${token}`;
}

/** Stores a new link for the user and returns its token, the only time it exists in clear. */
export async function issuePasswordReset(userId: number, options: { createdByAdmin?: number; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const { token, tokenHash } = newResetToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  await db.insert(passwordResets)
    .values({ userId, tokenHash, expiresAt, createdByAdmin: options.createdByAdmin ?? null, createdAt: now });
  return { token, expiresAt };
}

/**
 * Spends every open link of the member: called whenever their password
 * changes (settings, API, a link), so a link asked for before cannot set
 * another one afterwards. Returns how many were revoked.
 */
export async function revokePasswordResets(userId: number, { tx, now = new Date() }: { tx?: Tx; now?: Date } = {}): Promise<number> {
  return changes(await (tx ?? db)
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt))));
}

// ---- Asking by email ---------------------------------------------------------

const accountsByEmail = db
  .select()
  .from(users)
  .where(eq(sql`lower(trim(${users.email}))`, sql.placeholder("email")))
  .prepare();

/** Accounts a "username or email" names that have an address to write to. */
async function accountsToEmail(identifier: string): Promise<User[]> {
  const wanted = identifier.trim();
  const found = wanted.includes("@") ? await accountsByEmail.all({ email: wanted.toLowerCase() }) : [await getUserByUsername(wanted)];
  return found.filter((user): user is User => Boolean(user?.email?.trim()));
}

function resetEmailText(user: User, link: string): string {
  const greeting = user.firstName?.trim() || user.name?.trim() || user.username;
  return [
    `Hello ${greeting},`,
    "",
    `Someone (we hope you) asked to reset the password of the account "${user.username}" at Mystic Academy.`,
    "Open this link within 1 hour to choose a new password. It works once:",
    "",
    link,
    "",
    "If you did not ask for this, ignore this email: your password stays as it is.",
  ].join("\n");
}

/**
 * Handles "forgot password" for a username or email. The caller answers the
 * same way whatever happens here: the rate limit counts unknown names too,
 * an account's mails are limited by the account (whichever name was typed)
 * and withheld silently past it, and the email goes out in the background so a known address takes no longer to
 * answer than an unknown one. Throws TooManyRequestsError past the limit.
 */
export async function requestPasswordResetEmail(input: { identifier: string; ip: string; origin: string }): Promise<void> {
  if (!isEmailConfigured()) throw new Error("Password-reset email needs SMTP_URL and MAIL_FROM");
  await consumePasswordResetRequest(input.ip, input.identifier);
  const accounts = await accountsToEmail(input.identifier);
  logEvent("password_reset_requested", { ip: input.ip, matched: accounts.length });
  for (const user of accounts) {
    if (!(await spendPasswordResetMail(user.id))) {
      logEvent("password_reset_mail_withheld", { userId: user.id, ip: input.ip });
      continue;
    }
    const { token } = await issuePasswordReset(user.id);
    const email = user.email?.trim() ?? "";
    sendEmail({
      to: email,
      subject: "Reset your Mystic Academy password",
      text: resetEmailText(user, resetLinkUrl(input.origin, token)),
    }).catch((error: unknown) => {
      logger.error({ userId: user.id, error: error instanceof Error ? error.message : String(error) }, "password-reset email not sent");
    });
  }
}

// ---- Using a link ------------------------------------------------------------

async function findResetRow(token: string) {
  if (!isWellFormedResetToken(token)) return undefined;
  return await first(db.select().from(passwordResets).where(eq(passwordResets.tokenHash, hashResetToken(token))).limit(1));
}

/** What a reset page shows for a token: the account it resets, or why it cannot. */
export async function inspectResetLink(token: string, now = new Date()): Promise<{ state: "usable"; user: User } | { state: Exclude<ResetLinkState, "usable"> }> {
  const row = await findResetRow(token);
  const state = resetLinkState(row, now);
  const user = row && state === "usable" ? await getUserById(row.userId) : undefined;
  if (state !== "usable") return { state };
  return user ? { state, user } : { state: "unknown" };
}

export type ResetOutcome = { ok: true; user: User } | { ok: false; state: Exclude<ResetLinkState, "usable"> };

/**
 * Sets a new password through a link. The link is claimed in the same
 * transaction that changes the password, so two submissions cannot both use
 * it; every other open link of the account is spent too, and every session of
 * the account ends (whoever knew the old password is signed out).
 * Throws CommonPasswordError for a guessable password.
 */
export async function resetPasswordWithToken(token: string, newPassword: string, now = new Date()): Promise<ResetOutcome> {
  const before = await inspectResetLink(token, now);
  if (before.state !== "usable") return { ok: false, state: before.state };
  if (isCommonPassword(newPassword)) throw new CommonPasswordError();
  const passwordHash = await hashPassword(newPassword);
  const tokenHash = hashResetToken(token);
  const userId = await withTransaction(async (tx) => {
    const claimed = await first(tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId }));
    if (!claimed) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await revokePasswordResets(claimed.userId, { tx, now });
    await endSessionsOf(claimed.userId, { tx });
    return claimed.userId;
  });
  // Lost a race with another submission of the same link.
  if (userId === null) return { ok: false, state: "used" };
  logEvent("password_reset", { userId });
  return { ok: true, user: before.user };
}

// ---- Links made by an admin --------------------------------------------------

export class AdminResetRefusedError extends Error {
  constructor(
    message: string,
    public status: 404,
  ) {
    super(message);
  }
}

/**
 * An admin makes a link for a student to pass on by hand (no email needed).
 * Only students, as listed in the member directory: administrators are not
 * reset by one another. Throws AdminResetRefusedError when there is no such student.
 */
export async function createAdminResetLink(adminId: number, memberId: number, origin: string, now = new Date()) {
  const member = await getUserById(memberId);
  if (!member || member.role !== "student") throw new AdminResetRefusedError("Member not found", 404);
  const { token, expiresAt } = await issuePasswordReset(member.id, { createdByAdmin: adminId, now });
  logEvent("password_reset_link_created", { adminId, userId: member.id });
  return { memberId: member.id, username: member.username, url: resetLinkUrl(origin, token), expiresAt };
}
