import { describe, expect, it } from "vitest";
import { DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

const academy = useAcademy({ SIGNUPS_PER_HOUR: "500", LOGIN_MAX_FAILURES: "500" });

describe("registration", () => {
  it("creates a signed-in student, whatever role the body asks for", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const username = uniqueName();
    const response = await visitor.request("/api/register", {
      method: "POST",
      json: { username, password: "a calm and steady passphrase", role: "admin", ...(await visitor.captcha()) },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ username, role: "student" });
    const status = await visitor.authStatus();
    expect(status).toMatchObject({ isAuthenticated: true, username, role: "student" });
  });

  it("refuses a taken username (any case) with 409 and a message", async () => {
    const username = uniqueName("Taken");
    expect((await new Visitor(academy.baseUrl).register(username)).status).toBe(201);
    const response = await new Visitor(academy.baseUrl).register(username.toLowerCase());
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: "That username is already taken. Please choose another." });
  });

  it("refuses weak passwords and bad usernames with field errors", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const short = await visitor.register(uniqueName(), "too-short");
    expect(short.status).toBe(400);
    expect(((await short.json()) as { errors: Record<string, string[]> }).errors.password).toContain("Password must be at least 12 characters");
    const common = await visitor.register(uniqueName(), "qwerty123456");
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ message: "That password is too common. Please choose a less guessable one." });
    const badName = await visitor.register("no spaces <allowed>");
    expect(badName.status).toBe(400);
    expect(((await badName.json()) as { errors: Record<string, string[]> }).errors.username).toBeDefined();
  });

  it("checks the captcha on the server, and a token works only once", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const captcha = await visitor.captcha();
    const wrong = await visitor.request("/api/register", {
      method: "POST",
      json: { username: uniqueName(), password: "a calm and steady passphrase", ...captcha, captchaAnswer: captcha.captchaAnswer + 1 },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: "Please solve the math problem correctly." });
    const reused = await visitor.request("/api/register", {
      method: "POST",
      json: { username: uniqueName(), password: "a calm and steady passphrase", ...captcha },
    });
    expect(reused.status).toBe(400);
  });
});

describe("signing in and out", () => {
  it("gives a wrong password and an unknown username the same answer", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const wrongPassword = await visitor.login(DEMO_STUDENT.username, "not the right passphrase");
    const unknownUser = await visitor.login("nobody-by-this-name", "not the right passphrase");
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknownUser.json());
  });

  it("issues a new session id at every login and ends it on logout", async () => {
    const visitor = new Visitor(academy.baseUrl);
    expect((await visitor.login(DEMO_STUDENT.username, DEMO_STUDENT.password)).status).toBe(200);
    const first = visitor.cookieHeader;
    const loginAgain = await visitor.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    expect(await loginAgain.json()).toMatchObject({ username: DEMO_STUDENT.username, role: "student" });
    const second = visitor.cookieHeader;
    expect(second).not.toBe(first);

    // The replaced session no longer works.
    const oldCookie = new Visitor(academy.baseUrl);
    oldCookie.setCookieHeader(first);
    expect((await oldCookie.authStatus()).isAuthenticated).toBe(false);

    const stolen = new Visitor(academy.baseUrl);
    stolen.setCookieHeader(second);
    expect((await stolen.authStatus()).isAuthenticated).toBe(true);
    expect((await visitor.request("/api/logout", { method: "POST" })).status).toBe(200);
    expect((await visitor.authStatus()).isAuthenticated).toBe(false);
    // Logout deleted the session row, so a copy of the old cookie is dead too.
    expect((await stolen.authStatus()).isAuthenticated).toBe(false);
  });

  it("a GET of /api/logout (a link from any site) signs nobody out; the /logout page asks, and its form signs out", async () => {
    const visitor = new Visitor(academy.baseUrl);
    await visitor.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    const link = await visitor.request("/api/logout");
    expect(link.status).toBe(405);
    expect(link.headers.get("Allow")).toBe("POST");
    expect((await visitor.authStatus()).isAuthenticated).toBe(true);

    const question = await visitor.request("/logout");
    expect(question.status).toBe(200);
    const page = await question.text();
    expect(page).toContain("Sign out?");
    expect(page).toMatch(/<form method="post" action="\/logout"/);
    expect((await visitor.authStatus()).isAuthenticated).toBe(true);

    const posted = await visitor.request("/logout", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/");
    expect((await visitor.authStatus()).isAuthenticated).toBe(false);
    // Signed out, the question has nothing to ask.
    expect((await visitor.request("/logout")).headers.get("Location")).toBe("/");
  });

  it("sets a hardened session cookie", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const response = await visitor.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("academy_session="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(await response.json()).toMatchObject({ role: "admin" });
  });

  it("describes the signed-in user in the spec's shape", async () => {
    const visitor = new Visitor(academy.baseUrl);
    expect(await visitor.authStatus()).toEqual({ isAuthenticated: false, username: null, role: null, user: null });
    expect((await visitor.request("/api/user")).status).toBe(401);
    await visitor.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    const status = await visitor.authStatus();
    expect(status).toEqual({
      isAuthenticated: true,
      username: "seeker",
      role: "student",
      user: {
        id: expect.any(Number),
        role: "student",
        firstName: "Sage",
        name: "Sage Rivers",
        username: "seeker",
        moodTheme: "celestial",
        themeSettings: { animationSpeed: 1, particleEffects: true, soundEffects: true, glowIntensity: 50 },
      },
    });
    expect((await visitor.request("/api/user")).status).toBe(200);
  });
});
