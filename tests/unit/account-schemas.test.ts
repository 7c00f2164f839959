import { describe, expect, it } from "vitest";
import { ChangePasswordFormSchema, ChangePasswordSchema, DeleteAccountSchema, ProfileSchema } from "~/schemas/account";
import { RegisterSchema } from "~/schemas/auth";

const captcha = { captchaToken: "token", captchaAnswer: 5 };

describe("the email rules", () => {
  it("trims and lowercases an email, and treats blank or null as no email", () => {
    expect(ProfileSchema.parse({ email: "  Luna@Example.COM " }).email).toBe("luna@example.com");
    expect(ProfileSchema.parse({ email: "   " }).email).toBeUndefined();
    expect(ProfileSchema.parse({ email: null }).email).toBeUndefined();
    expect(ProfileSchema.parse({}).email).toBeUndefined();
  });

  it("refuses what is not an email address, with a clear message", () => {
    for (const email of ["luna", "luna@", "@example.com", "two@@example.com", "luna@example", "a b@example.com", 42]) {
      const result = ProfileSchema.safeParse({ email });
      expect(result.success, String(email)).toBe(false);
    }
    expect(ProfileSchema.safeParse({ email: "luna" }).error?.flatten().fieldErrors.email).toEqual(["Enter a real email address, like name@example.com."]);
    expect(ProfileSchema.safeParse({ email: `${"a".repeat(250)}@example.com` }).success).toBe(false);
  });

  it("is optional at sign-up and checked when given", () => {
    const base = { username: "luna", password: "a calm and steady passphrase", ...captcha };
    expect(RegisterSchema.parse(base).email).toBeUndefined();
    expect(RegisterSchema.parse({ ...base, email: "Luna@Example.com" }).email).toBe("luna@example.com");
    expect(RegisterSchema.safeParse({ ...base, email: "nope" }).success).toBe(false);
  });
});

describe("the profile rules", () => {
  it("trims names, clears blank ones and caps their length", () => {
    expect(ProfileSchema.parse({ name: "  Luna Star ", firstName: "" })).toEqual({ name: "Luna Star", firstName: undefined, email: undefined });
    expect(ProfileSchema.safeParse({ name: "x".repeat(81) }).success).toBe(false);
    expect(ProfileSchema.safeParse({ firstName: "x".repeat(51) }).success).toBe(false);
  });
});

describe("the password change rules", () => {
  it("apply the sign-up password rules to the new password", () => {
    expect(ChangePasswordSchema.safeParse({ currentPassword: "old", newPassword: "short" }).error?.flatten().fieldErrors.newPassword).toEqual([
      "Password must be at least 12 characters",
    ]);
    expect(ChangePasswordSchema.safeParse({ currentPassword: "old", newPassword: "x".repeat(129) }).success).toBe(false);
    expect(ChangePasswordSchema.safeParse({ currentPassword: "", newPassword: "a brand new passphrase" }).error?.flatten().fieldErrors.currentPassword).toEqual([
      "Enter your current password.",
    ]);
    expect(ChangePasswordSchema.parse({ currentPassword: "old", newPassword: "a brand new passphrase" })).toEqual({
      currentPassword: "old",
      newPassword: "a brand new passphrase",
    });
  });

  it("on the page, ask for the new password twice", () => {
    const input = { currentPassword: "old", newPassword: "a brand new passphrase" };
    expect(ChangePasswordFormSchema.safeParse({ ...input, confirmNewPassword: "a brand new passphrase" }).success).toBe(true);
    expect(ChangePasswordFormSchema.safeParse({ ...input, confirmNewPassword: "something else" }).error?.flatten().fieldErrors.confirmNewPassword).toEqual([
      "Passwords do not match. Please try again.",
    ]);
  });
});

describe("deleting an account", () => {
  it("needs the password as a string", () => {
    expect(DeleteAccountSchema.safeParse({}).success).toBe(false);
    expect(DeleteAccountSchema.safeParse({ password: "" }).success).toBe(false);
    expect(DeleteAccountSchema.safeParse({ password: { $ne: "" } }).success).toBe(false);
    expect(DeleteAccountSchema.parse({ password: "mine" })).toEqual({ password: "mine" });
  });
});
