import { describe, expect, it } from "vitest";
import { THEMES } from "~/utils/themes";
import { answerCaptcha, DEMO_STUDENT, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

const academy = useAcademy();

function decode(html: string): string {
  return html.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
}

/** Reads the login form the way a browser without JavaScript would. */
async function loginFormFields(visitor: Visitor, path = "/login") {
  const html = await (await visitor.request(path)).text();
  const token = html.match(/name="captchaToken" value="([^"]+)"/)?.[1];
  const question = html.match(/Security check: (?:<!-- -->)?(What is \d+ \+ \d+\?)/)?.[1];
  if (!token || !question) throw new Error("login form without captcha");
  return { captchaToken: decode(token), captchaAnswer: String(answerCaptcha(question)) };
}

async function postForm(visitor: Visitor, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return visitor.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("the login page without JavaScript", () => {
  it("signs in and follows a safe redirect", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const captcha = await loginFormFields(visitor, "/login?redirect=%2Fstudents%3Ftab%3Dprogress");
    const response = await postForm(visitor, "/login?redirect=%2Fstudents%3Ftab%3Dprogress", {
      intent: "login",
      username: DEMO_STUDENT.username,
      password: DEMO_STUDENT.password,
      redirectTo: "/students?tab=progress",
      ...captcha,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/students?tab=progress");
    expect((await visitor.authStatus()).username).toBe(DEMO_STUDENT.username);
  });

  it("never redirects to another site", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const response = await postForm(visitor, "/login", {
      intent: "login",
      username: TEST_ADMIN.username,
      password: TEST_ADMIN.password,
      redirectTo: "//evil.example/phish",
      ...(await loginFormFields(visitor)),
    });
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("sends a saved enrol-after-login course to its page", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const response = await postForm(visitor, "/login", {
      intent: "login",
      username: DEMO_STUDENT.username,
      password: DEMO_STUDENT.password,
      enrollCourseId: "2",
      ...(await loginFormFields(visitor)),
    });
    expect(response.headers.get("Location")).toBe("/course/2");
  });

  it("re-renders with the spec's message and a fresh captcha after a wrong answer", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const captcha = await loginFormFields(visitor);
    const response = await postForm(visitor, "/login", {
      intent: "login",
      username: DEMO_STUDENT.username,
      password: DEMO_STUDENT.password,
      captchaToken: captcha.captchaToken,
      captchaAnswer: String(Number(captcha.captchaAnswer) + 1),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Captcha Error");
    expect(html).toContain("Please solve the math problem correctly.");
    expect(decode(html)).not.toContain(captcha.captchaToken);
  });

  it("refuses a form posted from another site", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const response = await postForm(visitor, "/login", { intent: "login" }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});

describe("guarded pages", () => {
  it("send visitors to the login with a way back", async () => {
    const response = await new Visitor(academy.baseUrl).request("/students");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fstudents");
  });

  it("send students away from the admin area with Access Denied", async () => {
    const visitor = new Visitor(academy.baseUrl);
    await visitor.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    const dashboard = await visitor.request("/dashboard?tab=certificates");
    expect(dashboard.headers.get("Location")).toBe("/students?tab=certificates");
    const response = await visitor.request("/admin");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/students");
    const portal = await (await visitor.request("/students")).text();
    expect(portal).toContain("Access Denied");
    expect(portal).toContain("This area is restricted to administrators only.");
  });

  it("show the dashboard to admins", async () => {
    const visitor = new Visitor(academy.baseUrl);
    await visitor.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const html = await (await visitor.request("/admin")).text();
    expect(html).toContain("Sacred Administrative Realm");
    expect(html).toContain("Active Members");
  });

  it("answer unknown paths with the 404 page", async () => {
    const response = await fetch(`${academy.baseUrl}/no/such/place`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });
});

describe("the estimator without JavaScript", () => {
  it("computes on the server and saves for a signed-in advisor", async () => {
    const visitor = new Visitor(academy.baseUrl);
    await visitor.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    const response = await postForm(visitor, "/?index", {
      intent: "estimate",
      personalSales: "6000",
      storeSales: "200",
      referredAdvisors: "10",
      referredAdvisorSales: "400",
      referredClients: "20",
      referredClientPurchases: "100",
      itemPrice: "10",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/data-testid="oracle-total"[^>]*>\$5,000</);
    expect(html).toMatch(/data-testid="oracle-store-price"[^>]*>\$11\.50</);
    const saved = (await (await visitor.request("/api/calculator")).json()) as Record<string, number>;
    expect(saved.personalSales).toBe(6000);
  });
});

describe("the themes page without JavaScript", () => {
  it("asks visitors to sign in", async () => {
    const html = await (await fetch(`${academy.baseUrl}/themes`)).text();
    expect(html).toContain("Access Required");
    expect(html).toContain("Sign In to Continue");
  });

  it("applies a chosen theme and its settings from the form", async () => {
    const visitor = new Visitor(academy.baseUrl);
    await visitor.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    const response = await postForm(visitor, "/theme-settings", {
      moodTheme: "mystical",
      animationSpeed: "1.5",
      glowIntensity: "30",
      particleEffects: "on",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/theme-settings");
    const html = await (await visitor.request("/theme-settings")).text();
    expect(html).toContain("Theme Applied");
    expect(html).toContain('data-theme="mystical"');
    const status = (await (await visitor.request("/api/auth-status")).json()) as { user: { themeSettings: unknown } };
    expect(status.user.themeSettings).toEqual({ animationSpeed: 1.5, glowIntensity: 30, particleEffects: true, soundEffects: false });
    const bad = await postForm(visitor, "/themes", { moodTheme: "mystical", animationSpeed: "9", glowIntensity: "30" });
    expect(bad.status).toBe(400);
  });

  it("lets a visitor try a theme: kept in a cookie and in the first HTML of every page", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const saved = await postForm(visitor, "/themes", { moodTheme: "storm", animationSpeed: "0.5", glowIntensity: "100" });
    expect(saved.status).toBe(302);
    expect(saved.headers.getSetCookie().some((cookie) => cookie.startsWith("academy_theme="))).toBe(true);
    // Another page, straight from the server: no default theme to flash first.
    const html = await (await visitor.request("/knowledge-base")).text();
    expect(html).toMatch(/<html[^>]*data-theme="storm"/);
    const stormPrimary = [1, 3, 5].map((at) => parseInt(THEMES.storm.colors.primary.slice(at, at + 2), 16)).join(" ");
    expect(html).toContain(`--color-primary:${stormPrimary}`);
    expect(html).toContain("--animation-speed:0.5");
    expect(html).toContain("--glow-intensity:1");
    expect(html).toContain('data-particles="off"');
    // A cookie someone edited by hand is ignored, not an error.
    visitor.setCookieHeader("academy_theme=not-a-theme");
    const tampered = await visitor.request("/knowledge-base");
    expect(tampered.status).toBe(200);
    expect(await tampered.text()).toMatch(/<html[^>]*data-theme="celestial"/);
  });
});

describe("writes to pages that are not form posts", () => {
  it("are refused with 415 or 405 instead of reaching an action", async () => {
    const admin = new Visitor(academy.baseUrl);
    await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);
    for (const path of ["/login", "/tools-templates", "/admin/members", "/students", "/upgrade"]) {
      const json = await admin.request(path, { method: "POST", json: { intent: "grant" } });
      expect(json.status, path).toBe(415);
      expect(await json.text()).toContain("Forms must be sent as");
      const put = await admin.request(path, { method: "PUT", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=x" });
      expect(put.status, path).toBe(405);
      expect(put.headers.get("Allow")).toBe("GET, HEAD, POST");
    }
    // A real form post still reaches the page: an unknown intent is answered by the action itself.
    const form = await postForm(admin, "/admin/members", { intent: "nonsense" });
    expect(form.status).toBe(400);
  });
});
