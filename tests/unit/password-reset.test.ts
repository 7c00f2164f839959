import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first, single } from "#db/client.server";
import { passwordResets, sessions, users } from "#db/schema";
import {
  createAdminResetLink,
  hashResetToken,
  inspectResetLink,
  isWellFormedResetToken,
  issuePasswordReset,
  newResetToken,
  RESET_LINK_TTL_MS,
  resetLinkState,
  resetPasswordWithToken,
} from "~/models/accounts/password-reset.server";
import { CommonPasswordError, createStudent, verifyLogin } from "~/models/accounts/user.server";
import { parseEnv } from "~/utils/env.server";

// Every story hashes real passwords with scrypt (tens of ms each, more on a busy machine).
const HASHING = { timeout: 30_000 };

let counter = 0;
async function newStudent() {
  counter += 1;
  return await createStudent({ username: `reset-${counter}`, password: "an old and tired passphrase" });
}

describe("reset tokens", () => {
  it("are 256 random bits in base64url, stored only as their SHA-256 hash", () => {
    const { token, tokenHash } = newResetToken();
    expect(isWellFormedResetToken(token)).toBe(true);
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash).toBe(hashResetToken(token));
    expect(tokenHash).not.toContain(token);
    expect(newResetToken().token).not.toBe(token);
  });

  it("turns away anything that is not shaped like a token before looking it up", async () => {
    expect(isWellFormedResetToken("")).toBe(false);
    expect(isWellFormedResetToken("a".repeat(42))).toBe(false);
    expect(isWellFormedResetToken("a".repeat(44))).toBe(false);
    expect(isWellFormedResetToken(`${"a".repeat(42)}/`)).toBe(false);
    expect((await inspectResetLink("../../etc/passwd")).state).toBe("unknown");
  });
});

describe("a reset link's state", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);

  it("is usable until its hour is up, and expired from that moment", () => {
    expect(RESET_LINK_TTL_MS).toBe(60 * 60 * 1000);
    expect(resetLinkState({ expiresAt, usedAt: null }, now)).toBe("usable");
    expect(resetLinkState({ expiresAt, usedAt: null }, new Date(expiresAt.getTime() - 1))).toBe("usable");
    expect(resetLinkState({ expiresAt, usedAt: null }, expiresAt)).toBe("expired");
  });

  it("is used once used, even before it would expire", () => {
    expect(resetLinkState({ expiresAt, usedAt: now }, now)).toBe("used");
    expect(resetLinkState(undefined, now)).toBe("unknown");
  });
});

describe("resetting a password with a link", HASHING, () => {
  it("sets the password once, spends the member's other links and ends every session", async () => {
    const student = await newStudent();
    const first = await issuePasswordReset(student.id);
    const second = await issuePasswordReset(student.id);
    await db.insert(sessions).values({ id: `s-${student.id}`, userId: student.id, expiresAt: new Date(Date.now() + 60_000) });

    const outcome = await resetPasswordWithToken(first.token, "a brand new passphrase");
    expect(outcome.ok).toBe(true);
    expect(await verifyLogin(student.username, "a brand new passphrase")).not.toBeNull();
    expect(await verifyLogin(student.username, "an old and tired passphrase")).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, student.id))).toHaveLength(0);

    expect(await resetPasswordWithToken(first.token, "yet another passphrase")).toEqual({ ok: false, state: "used" });
    expect((await inspectResetLink(second.token)).state).toBe("used");
  });

  it("refuses an expired link and leaves the password alone", async () => {
    const student = await newStudent();
    const issuedAt = new Date(Date.now() - RESET_LINK_TTL_MS - 1000);
    const { token } = await issuePasswordReset(student.id, { now: issuedAt });
    expect(await resetPasswordWithToken(token, "a brand new passphrase")).toEqual({ ok: false, state: "expired" });
    expect(await verifyLogin(student.username, "an old and tired passphrase")).not.toBeNull();
  });

  it("refuses a common password without spending the link", async () => {
    const student = await newStudent();
    const { token } = await issuePasswordReset(student.id);
    await expect(resetPasswordWithToken(token, "password1234")).rejects.toBeInstanceOf(CommonPasswordError);
    expect((await inspectResetLink(token)).state).toBe("usable");
  });

  it("lets only one of two simultaneous submissions use the link", async () => {
    const student = await newStudent();
    const { token } = await issuePasswordReset(student.id);
    const outcomes = await Promise.all([
      resetPasswordWithToken(token, "the first new passphrase"),
      resetPasswordWithToken(token, "the second new passphrase"),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, state: "used" }]);
  });
});

describe("links made by an admin", HASHING, () => {
  it("are marked with the admin, last 1 hour and are for students only", async () => {
    const student = await newStudent();
    const admin = await single(db.insert(users).values({ username: "reset-admin", passwordHash: "x", role: "admin" }).returning());
    const now = new Date();
    const link = await createAdminResetLink(admin.id, student.id, "https://academy.example", now);
    const token = link.url.replace("https://academy.example/reset-password/", "");
    expect(isWellFormedResetToken(token)).toBe(true);
    expect(link.expiresAt.getTime() - now.getTime()).toBe(RESET_LINK_TTL_MS);
    const row = await first(db.select().from(passwordResets).where(eq(passwordResets.tokenHash, hashResetToken(token))).limit(1));
    expect(row).toMatchObject({ userId: student.id, createdByAdmin: admin.id, usedAt: null });
    await expect(createAdminResetLink(admin.id, 999_999, "https://academy.example")).rejects.toThrow("Member not found");
    await expect(createAdminResetLink(admin.id, admin.id, "https://academy.example")).rejects.toThrow("Member not found");
  });
});

describe("email configuration", () => {
  it("accepts smtp:// and smtps:// URLs with a sender, and refuses anything else", () => {
    const config = parseEnv({ SMTP_URL: "smtp://user:pass@mail.example:587", MAIL_FROM: "Mystic Academy <academy@example.com>" });
    expect(config.SMTP_URL).toBe("smtp://user:pass@mail.example:587");
    expect(parseEnv({ SMTP_URL: "smtps://mail.example", MAIL_FROM: "academy@example.com" }).MAIL_FROM).toBe("academy@example.com");
    expect(() => parseEnv({ SMTP_URL: "http://mail.example", MAIL_FROM: "academy@example.com" })).toThrow(/^Invalid configuration: SMTP_URL /);
    expect(() => parseEnv({ SMTP_URL: "smtp://mail.example:587" })).toThrow(/SMTP_URL needs MAIL_FROM/);
    expect(() => parseEnv({ MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM/);
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
  });
});
