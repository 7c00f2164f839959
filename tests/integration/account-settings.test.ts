import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

const academy = useAcademy({ SIGNUPS_PER_HOUR: "500", LOGIN_MAX_FAILURES: "500" });

const PASSWORD = "a calm and steady passphrase";

async function newMember(email?: string): Promise<{ visitor: Visitor; username: string }> {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName("acct");
  const response = await visitor.request("/api/register", {
    method: "POST",
    json: { username, password: PASSWORD, ...(email ? { email } : {}), ...(await visitor.captcha()) },
  });
  expect(response.status).toBe(201);
  return { visitor, username };
}

async function signedIn(username: string, password = PASSWORD): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}

function postForm(visitor: Visitor, path: string, fields: Record<string, string>): Promise<Response> {
  return visitor.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: academy.baseUrl },
    body: new URLSearchParams(fields).toString(),
  });
}

let baseCategoryId = 0;
beforeAll(async () => {
  const categories = (await (await new Visitor(academy.baseUrl).request("/api/forum/categories")).json()) as Array<{ id: number; permission: string }>;
  baseCategoryId = categories.find((c) => c.permission === "base")?.id ?? 0;
  expect(baseCategoryId).toBeGreaterThan(0);
});

describe("email", () => {
  it("is optional at sign-up, stored lowercased, unique whatever its case, and refused when malformed", async () => {
    const email = `${uniqueName("mail")}@Example.com`;
    const { visitor } = await newMember(`  ${email.toUpperCase()} `);
    expect(await (await visitor.request("/api/user/profile")).json()).toMatchObject({ email: email.toLowerCase() });

    const again = new Visitor(academy.baseUrl);
    const taken = await again.request("/api/register", {
      method: "POST",
      json: { username: uniqueName("acct"), password: PASSWORD, email: email.toLowerCase(), ...(await again.captcha()) },
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ message: "That email is already used by another account." });

    const malformed = await again.request("/api/register", {
      method: "POST",
      json: { username: uniqueName("acct"), password: PASSWORD, email: "not-an-email", ...(await again.captcha()) },
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { errors: Record<string, string[]> }).errors.email).toEqual(["Enter a real email address, like name@example.com."]);

    await newMember(); // no email at all is fine
  });

  it("is changed in settings (API and page form), unique, and never shown to other members", async () => {
    const owner = await newMember(`${uniqueName("first")}@example.com`);
    const other = await newMember(`${uniqueName("second")}@example.com`);
    const ownerEmail = `${uniqueName("owner")}@example.com`;

    const updated = await owner.visitor.request("/api/user/profile", { method: "PUT", json: { name: "Luna Star", firstName: "Luna", email: ownerEmail } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: "Luna Star", firstName: "Luna", email: ownerEmail });

    const clash = await other.visitor.request("/api/user/profile", { method: "PUT", json: { email: ownerEmail.toUpperCase() } });
    expect(clash.status).toBe(409);
    expect(await clash.json()).toMatchObject({ message: "That email is already used by another account." });

    const pageClash = await postForm(other.visitor, "/settings", { intent: "profile", name: "Other", email: ownerEmail });
    expect(pageClash.status).toBe(409);
    expect(await pageClash.text()).toContain("That email is already used by another account.");
    const pageBad = await postForm(other.visitor, "/settings", { intent: "profile", email: "two@@example" });
    expect(pageBad.status).toBe(400);
    const pageOk = await postForm(other.visitor, "/settings", { intent: "profile", name: "Other Name", firstName: "", email: "" });
    expect(pageOk.status).toBe(302);
    expect(await (await other.visitor.request("/api/user/profile")).json()).toMatchObject({ name: "Other Name", firstName: null, email: null });

    // The owner posts in the forum; the other member reads everything they can reach.
    const topic = await owner.visitor.request("/api/forum/topics", { method: "POST", json: { title: "Hello from Luna", content: "First post", categoryId: baseCategoryId } });
    expect(topic.status).toBe(201);
    const { id: topicId } = (await topic.json()) as { id: number };
    const reads = [
      `/api/forum/topic/${topicId}`,
      `/api/forum/topics/${baseCategoryId}`,
      `/community/topic/${topicId}`,
      `/community/category/${baseCategoryId}`,
      "/api/auth-status",
      "/api/user",
      "/api/members",
      "/students",
    ];
    for (const path of reads) {
      const body = await (await other.visitor.request(path)).text();
      expect(body, path).not.toContain(ownerEmail);
    }
    expect(await (await owner.visitor.request("/api/auth-status")).text()).not.toContain(ownerEmail);
  });
});

describe("password change", () => {
  it("refuses a wrong current password, then changes it, signs out the other session and keeps this one", async () => {
    const { visitor: here, username } = await newMember();
    const elsewhere = await signedIn(username);
    expect((await elsewhere.request("/api/user")).status).toBe(200);

    const wrong = await here.request("/api/user/password", { method: "PUT", json: { currentPassword: "not my password at all", newPassword: "a brand new passphrase" } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: "Your current password is not correct." });
    const short = await here.request("/api/user/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: "short" } });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: "Password must be at least 12 characters" });
    expect((await elsewhere.request("/api/user")).status).toBe(200);

    const changed = await here.request("/api/user/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: "a brand new passphrase" } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ signedOutSessions: 1 });
    expect((await elsewhere.request("/api/user")).status).toBe(401);
    expect((await here.request("/api/user")).status).toBe(200);

    expect((await new Visitor(academy.baseUrl).login(username, PASSWORD)).status).toBe(401);
    await signedIn(username, "a brand new passphrase");
  });

  it("works from the page form, where a wrong current password is shown on its field", async () => {
    const { visitor, username } = await newMember();
    const wrong = await postForm(visitor, "/settings", {
      intent: "password",
      currentPassword: "wrong password here",
      newPassword: "another new passphrase",
      confirmNewPassword: "another new passphrase",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is not correct.");
    const mismatch = await postForm(visitor, "/settings", { intent: "password", currentPassword: PASSWORD, newPassword: "another new passphrase", confirmNewPassword: "different" });
    expect(mismatch.status).toBe(400);
    const ok = await postForm(visitor, "/settings", {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: "another new passphrase",
      confirmNewPassword: "another new passphrase",
    });
    expect(ok.status).toBe(302);
    await signedIn(username, "another new passphrase");
  });
});

describe("sign out everywhere", () => {
  it("ends every session of the member, this one included", async () => {
    const { visitor: here, username } = await newMember();
    const elsewhere = await signedIn(username);
    const response = await postForm(here, "/settings", { intent: "sign-out-everywhere" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect((await here.request("/api/user")).status).toBe(401);
    expect((await elsewhere.request("/api/user")).status).toBe(401);
  });
});

describe("download my data", () => {
  it("is a JSON attachment with profile, progress, certificates, forum posts, calculator and theme, and no secrets", async () => {
    const { visitor, username } = await newMember(`${uniqueName("export")}@example.com`);
    const courses = (await (await visitor.request("/api/courses")).json()) as Array<{ id: number }>;
    const courseId = courses[0]?.id ?? 0;
    expect((await visitor.request(`/api/courses/${courseId}/start`, { method: "POST" })).status).toBeLessThan(300);
    const calculator = { personalSales: 1200, storeSales: 300, referredAdvisors: 2, referredAdvisorSales: 800, referredClients: 4, referredClientPurchases: 150 };
    expect((await visitor.request("/api/calculator", { method: "PUT", json: calculator })).status).toBe(200);
    const topic = (await (await visitor.request("/api/forum/topics", { method: "POST", json: { title: "Export me", content: "Topic body", categoryId: baseCategoryId } })).json()) as { id: number };
    expect((await visitor.request("/api/forum/replies", { method: "POST", json: { topicId: topic.id, content: "My own reply" } })).status).toBe(201);

    const response = await visitor.request("/api/user/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(new RegExp(`^attachment; filename="mystic-academy-${username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    const text = await response.text();
    expect(text).not.toMatch(/scrypt|passwordHash|password_hash/);
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(data).toMatchObject({
      profile: { username, role: "student" },
      theme: { moodTheme: "celestial" },
      progress: [{ courseId }],
      certificates: [],
      forum: { topics: [{ id: topic.id, title: "Export me" }], replies: [{ topicId: topic.id, content: "My own reply" }] },
      revenueCalculator: calculator,
    });
    expect((await new Visitor(academy.baseUrl).request("/api/user/export")).status).toBe(401);
  });
});

describe("deleting an account", () => {
  it("needs the password, then removes the account while its forum posts stay as by 'Former member'", async () => {
    const { visitor, username } = await newMember(`${uniqueName("gone")}@example.com`);
    const topic = (await (await visitor.request("/api/forum/topics", { method: "POST", json: { title: "Leaving soon", content: "Kept after I go", categoryId: baseCategoryId } })).json()) as { id: number };
    const reader = (await newMember()).visitor;
    expect((await reader.request("/api/forum/replies", { method: "POST", json: { topicId: topic.id, content: "A reply that depends on it" } })).status).toBe(201);

    const wrong = await visitor.request("/api/user", { method: "DELETE", json: { password: "not the password" } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: "That password is not correct." });
    const missing = await visitor.request("/api/user", { method: "DELETE", json: {} });
    expect(missing.status).toBe(400);

    const deleted = await visitor.request("/api/user", { method: "DELETE", json: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    expect((await visitor.request("/api/user")).status).toBe(401);
    expect((await new Visitor(academy.baseUrl).login(username, PASSWORD)).status).toBe(401);

    const thread = (await (await reader.request(`/api/forum/topic/${topic.id}`)).json()) as { title: string; author: { username: string }; replies: Array<{ content: string }> };
    expect(thread).toMatchObject({ title: "Leaving soon", author: { username: "Former member" }, replies: [{ content: "A reply that depends on it" }] });
    expect(await (await reader.request(`/community/topic/${topic.id}`)).text()).toContain("Former member");
  });

  it("works from the page form (with JavaScript off) and refuses the last administrator", async () => {
    const { visitor, username } = await newMember();
    const wrong = await postForm(visitor, "/settings", { intent: "delete-account", password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That password is not correct.");
    const ok = await postForm(visitor, "/settings", { intent: "delete-account", password: PASSWORD });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/");
    expect((await new Visitor(academy.baseUrl).login(username, PASSWORD)).status).toBe(401);

    const admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const refused = await admin.request("/api/user", { method: "DELETE", json: { password: TEST_ADMIN.password } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining("only administrator") });
    expect((await admin.request("/api/user")).status).toBe(200);
  });
});

describe("bad input", () => {
  it("gets a 4xx with a message, never a 500", async () => {
    const { visitor } = await newMember();
    const cases: Array<[string, RequestInit & { json?: unknown }]> = [
      ["/api/user/password", { method: "PUT", json: { currentPassword: 12, newPassword: null } }],
      ["/api/user/password", { method: "PUT", body: "{not json", headers: { "Content-Type": "application/json" } }],
      ["/api/user/password", { method: "POST", json: {} }],
      ["/api/user/profile", { method: "PUT", json: { email: ["a@b.c"], name: "x".repeat(500) } }],
      ["/api/user", { method: "DELETE", json: { password: { $ne: "" } } }],
      ["/api/user/sign-out-everywhere", { method: "GET" }],
    ];
    for (const [path, init] of cases) {
      const response = await visitor.request(path, init);
      expect(response.status, `${init.method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${init.method} ${path}`).toBeLessThan(500);
      expect(((await response.json()) as { message: string }).message).toEqual(expect.any(String));
    }
    const unknown = await postForm(visitor, "/settings", { intent: "become-admin" });
    expect(unknown.status).toBe(400);
    expect((await new Visitor(academy.baseUrl).request("/api/user/password", { method: "PUT", json: {} })).status).toBe(401);
  });
});
