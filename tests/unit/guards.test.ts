import { describe, expect, it } from "vitest";
import { createStudent, getUserById, isCommonPassword, verifyLogin, UsernameTakenError, CommonPasswordError } from "~/models/user.server";
import { createUserSession, requireAdmin, requireUser } from "~/services/auth.server";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import { hashPassword } from "~/utils/password.server";

async function cookieFor(userId: number): Promise<string> {
  const user = getUserById(userId);
  if (!user) throw new Error("no user");
  const headers = await createUserSession(new Request("http://academy.test/login"), user);
  return headers.get("Set-Cookie")?.split(";")[0] ?? "";
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the guard to throw a response");
}

describe("accounts", () => {
  it("treats usernames case-insensitively and refuses duplicates", async () => {
    await createStudent({ username: "Moonbeam", password: "a perfectly fine passphrase" });
    await expect(createStudent({ username: "moonBEAM", password: "another fine passphrase" })).rejects.toBeInstanceOf(UsernameTakenError);
    expect((await verifyLogin("MOONBEAM", "a perfectly fine passphrase"))?.username).toBe("Moonbeam");
    expect(await verifyLogin("moonbeam", "wrong passphrase here")).toBeNull();
    expect(await verifyLogin("nobody-here", "a perfectly fine passphrase")).toBeNull();
  });

  it("refuses passwords from the common-password list", async () => {
    expect(isCommonPassword("QWERTY123456")).toBe(true);
    expect(isCommonPassword("lanterns over quiet water")).toBe(false);
    await expect(createStudent({ username: "weakling", password: "1qaz2wsx3edc" })).rejects.toBeInstanceOf(CommonPasswordError);
  });
});

describe("guards", () => {
  it("send visitors on pages to the login with a way back", async () => {
    const response = await thrown(requireUser(new Request("http://academy.test/students?tab=progress")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fstudents%3Ftab%3Dprogress");
  });

  it("answer 401 JSON to visitors on the API", async () => {
    const response = await thrown(requireUser(new Request("http://academy.test/api/user")));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Authentication required" });
  });

  it("turn students away from admin pages with Access Denied, and from the admin API with 403", async () => {
    const student = await createStudent({ username: "curious-student", password: "a perfectly fine passphrase" });
    const cookie = await cookieFor(student.id);
    const page = await thrown(requireAdmin(new Request("http://academy.test/admin", { headers: { Cookie: cookie } })));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/students");
    expect(page.headers.get("Set-Cookie")).toContain("academy_toast=");
    const api = await thrown(requireAdmin(new Request("http://academy.test/api/admin/revenue-stats", { headers: { Cookie: cookie } })));
    expect(api.status).toBe(403);
  });

  it("let admins through", async () => {
    const admin = db
      .insert(users)
      .values({ username: "unit-admin", passwordHash: await hashPassword("admin passphrase 123"), role: "admin" })
      .returning()
      .get();
    const cookie = await cookieFor(admin.id);
    const user = await requireAdmin(new Request("http://academy.test/dashboard", { headers: { Cookie: cookie } }));
    expect(user.id).toBe(admin.id);
  });
});
