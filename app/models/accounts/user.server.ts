import crypto from "node:crypto";
import { dictionary } from "@zxcvbn-ts/language-common";
import { eq, sql } from "drizzle-orm";
import { db, first, withTransaction, single } from "#db/client.server";
import { activityEvents, calculatorRecords, users, type User } from "#db/schema";
import { emptyEstimate, type EstimatorInput } from "~/utils/revenue-estimator";
import { logEvent } from "~/utils/logger.server";
import { getDecoyHash, hashPassword, verifyPassword } from "~/utils/password.server";
import {
  DEFAULT_THEME,
  DEFAULT_THEME_SETTINGS,
  isThemeId,
  type ThemeId,
  type ThemeSettings,
} from "~/utils/themes";
import { ThemeSettingsSchema } from "~/schemas/theme";
import { logger } from "~/utils/logger.server";

export type { User };

/** What the browser may know about a user (spec: auth status `user`). */
export interface PublicUser {
  id: number;
  role: User["role"];
  firstName: string | null;
  name: string | null;
  username: string;
  moodTheme: ThemeId;
  themeSettings: ThemeSettings;
}

export function parseThemeSettings(raw: string | null): ThemeSettings {
  if (!raw) return DEFAULT_THEME_SETTINGS;
  try {
    const parsed = ThemeSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_THEME_SETTINGS;
  } catch {
    return DEFAULT_THEME_SETTINGS;
  }
}

/** How a member is named to others in a live session (chat, participant list): first name, else name, else username. */
export function liveDisplayName(user: Pick<User, "username" | "firstName" | "name">): string {
  return user.firstName?.trim() || user.name?.trim() || user.username;
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    role: user.role,
    firstName: user.firstName,
    name: user.name,
    username: user.username,
    moodTheme: isThemeId(user.moodTheme) ? user.moodTheme : DEFAULT_THEME,
    themeSettings: parseThemeSettings(user.themeSettings),
  };
}

const userById = db
  .select()
  .from(users)
  .where(eq(users.id, sql.placeholder("id")))
  .prepare();
const userByUsername = db
  .select()
  .from(users)
  .where(eq(sql`lower(${users.username})`, sql.placeholder("username")))
  .prepare();

export async function getUserById(id: number): Promise<User | undefined> {
  return await userById.get({ id });
}

export async function getUserByUsername(username: string): Promise<User | undefined> {
  return await userByUsername.get({ username: username.trim().toLowerCase() });
}

const commonPasswords = new Set(dictionary.passwords.map((p) => p.toLowerCase()));
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export class UsernameTakenError extends Error {
  constructor() {
    super("That username is already taken. Please choose another.");
  }
}

export const EMAIL_TAKEN = "That email is already used by another account.";

export class EmailTakenError extends Error {
  constructor() {
    super(EMAIL_TAKEN);
  }
}

const userIdByEmail = db
  .select({ id: users.id })
  .from(users)
  .where(eq(sql`lower(${users.email})`, sql.placeholder("email")))
  .prepare();

/** Whether another account already uses this email (emails compare without case). */
export async function isEmailTaken(email: string, exceptUserId?: number): Promise<boolean> {
  const row = await userIdByEmail.get({ email: email.trim().toLowerCase() });
  return row !== undefined && row.id !== exceptUserId;
}

/** The unique index on lower(email) refused a write (two requests raced for one address). */
export function isEmailUniqueViolation(error: unknown): boolean {
  return error instanceof Error && error.message.includes("UNIQUE") && error.message.includes("users_email_nocase");
}

export class CommonPasswordError extends Error {
  constructor() {
    super("That password is too common. Please choose a less guessable one.");
  }
}

/** Self-registration always creates a student. */
export async function createStudent(input: { username: string; password: string; email?: string; certificateName?: string }): Promise<User> {
  if (isCommonPassword(input.password)) throw new CommonPasswordError();
  if (await getUserByUsername(input.username)) throw new UsernameTakenError();
  if (input.email && await isEmailTaken(input.email)) throw new EmailTakenError();
  const passwordHash = await hashPassword(input.password);
  try {
    return await withTransaction(async (tx) => {
      const user = await single(tx
        .insert(users)
        .values({
          username: input.username,
          passwordHash,
          role: "student",
          name: input.username,
          email: input.email ?? null,
          // Given at sign-up, the name is chosen; left blank, the first certificate page asks once (issue 47).
          certificateName: input.certificateName ?? null,
          certificateNameConfirmedAt: input.certificateName ? new Date() : null,
        })
        .returning());
      await tx.insert(activityEvents)
        .values({ userId: user.id, type: "registration", summary: `${user.username} joined the Academy` });
      return user;
    });
  } catch (error) {
    // Two sign-ups racing for one name or email: the unique indexes decide.
    if (isEmailUniqueViolation(error)) throw new EmailTakenError();
    if (error instanceof Error && error.message.includes("UNIQUE")) throw new UsernameTakenError();
    throw error;
  }
}

/** Returns the user only when the password matches; unknown names cost the same time. */
export async function verifyLogin(username: string, password: string): Promise<User | null> {
  const user = await getUserByUsername(username);
  const matches = await verifyPassword(password, user?.passwordHash ?? (await getDecoyHash()));
  return user && matches ? user : null;
}

export async function ensureAdmin(config: { username?: string; password?: string }) {
  const hasAdmin = await first(db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1));
  if (config.username) {
    if (await getUserByUsername(config.username)) return;
    const password = config.password ?? crypto.randomBytes(12).toString("base64url");
    await db.insert(users)
      .values({ username: config.username, passwordHash: await hashPassword(password), role: "admin", name: config.username });
    logEvent("admin_created", { username: config.username });
    if (!config.password) logger.warn(`Created admin "${config.username}" with password: ${password}`);
    return;
  }
  if (hasAdmin) return;
  const password = crypto.randomBytes(12).toString("base64url");
  await db.insert(users)
    .values({ username: "admin", passwordHash: await hashPassword(password), role: "admin", name: "Administrator" });
  logger.warn(`Created admin "admin" with password: ${password} (shown once; set ADMIN_USERNAME/ADMIN_PASSWORD to choose)`);
}

export async function updateUserTheme(userId: number, moodTheme: ThemeId, settings: ThemeSettings): Promise<User | undefined> {
  return await first(db
    .update(users)
    .set({ moodTheme, themeSettings: JSON.stringify(settings) })
    .where(eq(users.id, userId))
    .returning());
}

export async function getCalculatorRecord(userId: number): Promise<EstimatorInput> {
  const row = await first(db.select().from(calculatorRecords).where(eq(calculatorRecords.userId, userId)).limit(1));
  if (!row) return emptyEstimate();
  const { userId: _owner, updatedAt: _updated, ...values } = row;
  return values;
}

export async function saveCalculatorRecord(userId: number, values: EstimatorInput): Promise<EstimatorInput> {
  await db.insert(calculatorRecords)
    .values({ userId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: calculatorRecords.userId, set: { ...values, updatedAt: new Date() } });
  return values;
}
