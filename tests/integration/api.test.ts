import { describe, expect, it } from "vitest";
import { DEMO_PREMIUM, DEMO_STUDENT, uniqueName, useAcademy, Visitor } from "./helpers";

const academy = useAcademy({ SIGNUPS_PER_HOUR: "500" });

describe("JSON API conventions", () => {
  it("answers unknown API paths with a 404 JSON message", async () => {
    const visitor = new Visitor(academy.baseUrl);
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await visitor.request("/api/no-such-thing/42", { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(await response.json()).toEqual({ message: "Not found" });
    }
  });

  it("refuses malformed JSON, wrong content types and oversized bodies with 4xx", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const malformed = await visitor.request("/api/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: "Malformed JSON body" });
    const text = await visitor.request("/api/login", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hello" });
    expect(text.status).toBe(415);
    const huge = await visitor.request("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "x".repeat(300_000) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: "Request body is too large" });
    const missing = await visitor.request("/api/login", { method: "POST", json: { username: "someone" } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: Record<string, string[]> }).errors.password).toEqual(["Password is required"]);
  });

  it("refuses state changes from another site", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const response = await visitor.request("/api/logout", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Cross-site requests are not allowed" });
  });

  it("answers a wrong method with 405, not a server error", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const response = await visitor.request("/api/stats", { method: "POST", json: {} });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ message: "Method not allowed" });
  });
});

describe("security headers", () => {
  it("enforces a nonce CSP on pages and matches it on the scripts", async () => {
    const response = await fetch(`${academy.baseUrl}/`);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers.get("Content-Security-Policy-Report-Only")).toBeNull();
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    const scriptTags = html.match(/<script[^>]*>/g) ?? [];
    expect(scriptTags.length).toBeGreaterThan(0);
    for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await fetch(`${academy.baseUrl}/`);
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
  });

  it("sends the standard headers on pages and API alike, without X-Powered-By", async () => {
    for (const path of ["/", "/api/courses", "/no-such-page"]) {
      const response = await fetch(`${academy.baseUrl}${path}`);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("X-Powered-By")).toBeNull();
    }
  });

  it("reports health after checking the database", async () => {
    const response = await fetch(`${academy.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    // Which of the academy's processes answered, and how many serve (issue 41).
    expect(await response.json()).toEqual({ status: "ok", workers: expect.any(Number), worker: expect.any(Number) });
  });
});

describe("courses and stats", () => {
  it("lists the active demo courses with real lesson counts", async () => {
    const courses = (await (await fetch(`${academy.baseUrl}/api/courses`)).json()) as Array<Record<string, unknown>>;
    expect(courses.length).toBeGreaterThanOrEqual(6);
    expect(new Set(courses.map((c) => c.level))).toEqual(new Set(["Beginner", "Intermediate", "Advanced"]));
    for (const course of courses) {
      expect(course).toMatchObject({ id: expect.any(Number), title: expect.any(String), isActive: true });
      expect(course.lessons).toBeGreaterThanOrEqual(3);
    }
    const first = courses[0];
    const detail = await fetch(`${academy.baseUrl}/api/courses/${String(first?.id)}`);
    expect(await detail.json()).toEqual(first);
  });

  it("answers unknown or malformed course ids with 404", async () => {
    for (const id of ["9999", "abc", "1.5", "-1"]) {
      const response = await fetch(`${academy.baseUrl}/api/courses/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Course not found" });
    }
  });

  it("counts real members", async () => {
    const before = (await (await fetch(`${academy.baseUrl}/api/stats`)).json()) as Record<string, number>;
    expect(before).toMatchObject({ activeCourses: 7, completedCourses: 0, avgCompletion: 0 });
    await new Visitor(academy.baseUrl).register(uniqueName());
    const after = (await (await fetch(`${academy.baseUrl}/api/stats`)).json()) as Record<string, number>;
    expect(after.activeMembers).toBe((before.activeMembers ?? 0) + 1);
  });
});

describe("the revenue calculator record", () => {
  it("is private to each signed-in user", async () => {
    const anonymous = new Visitor(academy.baseUrl);
    expect((await anonymous.request("/api/calculator")).status).toBe(401);
    expect((await anonymous.request("/api/calculator", { method: "PUT", json: {} })).status).toBe(401);

    const student = new Visitor(academy.baseUrl);
    await student.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    const saved = await student.request("/api/calculator", {
      method: "PUT",
      json: { personalSales: 6000, storeSales: "250", referredAdvisors: "lots", referredAdvisorSales: "", referredClients: 3, referredClientPurchases: 40 },
    });
    expect(saved.status).toBe(200);
    expect(await (await student.request("/api/calculator")).json()).toEqual({
      personalSales: 6000,
      storeSales: 250,
      referredAdvisors: 0,
      referredAdvisorSales: 0,
      referredClients: 3,
      referredClientPurchases: 40,
    });

    const other = new Visitor(academy.baseUrl);
    await other.login(DEMO_PREMIUM.username, DEMO_PREMIUM.password);
    expect(((await (await other.request("/api/calculator")).json()) as Record<string, number>).personalSales).toBe(0);

    const negative = await student.request("/api/calculator", { method: "PUT", json: { personalSales: -5 } });
    expect(negative.status).toBe(400);
  });
});

describe("themes", () => {
  it("saves a valid theme and applies it to the pages on the server", async () => {
    const visitor = new Visitor(academy.baseUrl);
    await visitor.register(uniqueName());
    const response = await visitor.request("/api/user/theme", {
      method: "PUT",
      json: { moodTheme: "solar", themeSettings: { animationSpeed: 1.5, particleEffects: false, soundEffects: true, glowIntensity: 80 } },
    });
    expect(response.status).toBe(200);
    const html = await (await visitor.request("/")).text();
    expect(html).toContain('data-theme="solar"');
    expect(html).toContain("--color-primary:245 158 11");
    expect(html).toContain('data-particles="off"');
  });

  it("refuses unknown themes and out-of-range sliders", async () => {
    const visitor = new Visitor(academy.baseUrl);
    expect((await visitor.request("/api/user/theme", { method: "PUT", json: {} })).status).toBe(401);
    await visitor.register(uniqueName());
    const response = await visitor.request("/api/user/theme", {
      method: "PUT",
      json: { moodTheme: "disco", themeSettings: { animationSpeed: 3, particleEffects: "yes", soundEffects: true, glowIntensity: 101 } },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(["moodTheme", "themeSettings"]));
  });
});
