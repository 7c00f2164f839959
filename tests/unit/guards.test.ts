import { describe, expect, it } from "vitest";
import { createStudent, getUserById, isCommonPassword, verifyLogin, UsernameTakenError, CommonPasswordError } from "~/models/accounts/user.server";
import { createUserSession, getOptionalUser, requireAdmin, requireUser } from "~/services/auth.server";
import { getSession } from "~/models/accounts/session.server";
import { db, single } from "#db/client.server";
import { users } from "#db/schema";
import { hashPassword } from "~/utils/password.server";

/** The part of a request's load context the guards use: a new, empty memo per request, as server/index.ts makes it. */
const newContext = () => ({ memo: {} });

async function cookieFor(userId: number): Promise<string> {
  const user = await getUserById(userId);
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
    const response = await thrown(requireUser(new Request("http://academy.test/students?tab=progress"), newContext()));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fstudents%3Ftab%3Dprogress");
  });

  it("answer 401 JSON to visitors on the API", async () => {
    const response = await thrown(requireUser(new Request("http://academy.test/api/user"), newContext()));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Authentication required" });
  });

  it("turn students away from admin pages with Access Denied, and from the admin API with 403", async () => {
    const student = await createStudent({ username: "curious-student", password: "a perfectly fine passphrase" });
    const cookie = await cookieFor(student.id);
    const page = await thrown(requireAdmin(new Request("http://academy.test/admin", { headers: { Cookie: cookie } }), newContext()));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/students");
    expect(page.headers.get("Set-Cookie")).toContain("academy_toast=");
    const api = await thrown(requireAdmin(new Request("http://academy.test/api/admin/revenue-stats", { headers: { Cookie: cookie } }), newContext()));
    expect(api.status).toBe(403);
  });

  it("let admins through", async () => {
    const admin = await single(db
      .insert(users)
      .values({ username: "unit-admin", passwordHash: await hashPassword("admin passphrase 123"), role: "admin" })
      .returning());
    const cookie = await cookieFor(admin.id);
    const user = await requireAdmin(new Request("http://academy.test/dashboard", { headers: { Cookie: cookie } }), newContext());
    expect(user.id).toBe(admin.id);
  });
});

describe("a page view's loaders", () => {
  it("read the session and the member once per request, whatever Request object each loader gets", async () => {
    const student = await createStudent({ username: "twice-asked", password: "a perfectly fine passphrase" });
    const cookie = await cookieFor(student.id);
    const context = newContext();
    // Remix hands the root loader and the page's loader copies of the request (it strips ?index).
    const root = new Request("http://academy.test/students?index", { headers: { Cookie: cookie } });
    const page = new Request("http://academy.test/students", { headers: { Cookie: cookie } });
    const [fromRoot, fromPage] = await Promise.all([getOptionalUser(root, context), requireUser(page, context)]);
    expect(fromRoot?.id).toBe(student.id);
    // The same object: one read, shared.
    expect(fromPage).toBe(fromRoot);
    expect(await getSession(page, context)).toBe(await getSession(root, context));
    // Another request reads afresh.
    expect(await getOptionalUser(page, newContext())).not.toBe(fromRoot);
  });

  it("are not shared with an action, which may change the session it reads", async () => {
    const student = await createStudent({ username: "posting-member", password: "a perfectly fine passphrase" });
    const cookie = await cookieFor(student.id);
    const context = newContext();
    const post = () => new Request("http://academy.test/settings", { method: "POST", headers: { Cookie: cookie } });
    const first = await requireUser(post(), context);
    expect(first.id).toBe(student.id);
    expect(await requireUser(post(), context)).not.toBe(first);
    expect(await getSession(post(), context)).not.toBe(await getSession(post(), context));
    expect(context.memo).toEqual({});
  });
});
