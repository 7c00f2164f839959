import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAcademy, type AcademyProcess } from "../../scripts/academy-process";
import { academyDatabase, type AcademyDatabase } from "../academy-database";
import { DEMO_STUDENT, newStudent, useAcademy, Visitor } from "./helpers";

// Long enough that nothing here expires by itself mid-test.
const academy = useAcademy({ PAGE_CACHE_SECONDS: "60" });
let database: AcademyDatabase;

beforeAll(async () => {
  database = await academyDatabase(academy.process);
});
afterAll(() => database?.close());

const renameFirstCourse = (title: string) => database.run("update courses set title = ? where id = 1", title);

async function page(path: string, cookie?: string) {
  const response = await fetch(academy.baseUrl + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const html = await response.text();
  const nonce = response.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];
  return { response, html, nonce };
}

describe("the anonymous page cache", () => {
  it("keeps a public page for visitors, each answer with its own working nonce, until the next write", async () => {
    const first = await page("/");
    expect(first.response.status).toBe(200);
    expect(first.html).toContain("Foundations of Intuitive Reading");
    // A change made behind the server's back (a second connection) is not seen while the page is kept...
    await renameFirstCourse("Foundations, renamed quietly");
    const second = await page("/");
    expect(second.html).toContain("Foundations of Intuitive Reading");
    expect(second.response.headers.has("x-academy-page-cache")).toBe(false);
    for (const answer of [first, second]) {
      expect(answer.nonce).toBeTruthy();
      expect(answer.html).toContain(`nonce="${answer.nonce}"`);
    }
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).not.toContain(`nonce="${first.nonce}"`);
    expect(second.html.replaceAll(second.nonce ?? "", "N")).toBe(first.html.replaceAll(first.nonce ?? "", "N"));

    // ...and any write to the server, even a refused one, lets the next visitor see it.
    const refused = await fetch(`${academy.baseUrl}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await page("/")).html).toContain("Foundations, renamed quietly");
    await renameFirstCourse("Foundations of Intuitive Reading");
  });

  it("keeps one copy per theme cookie and per query", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const form = new URLSearchParams({ moodTheme: "heart", animationSpeed: "1", glowIntensity: "50", particleEffects: "on" });
    const saved = await visitor.request("/themes", { method: "POST", body: form, headers: { Origin: academy.baseUrl } });
    expect(saved.status).toBe(302);
    expect((await page("/community", visitor.cookieHeader)).html).toContain('data-theme="heart"');
    expect((await page("/community")).html).toContain('data-theme="celestial"');
    const search = await page("/knowledge-base?q=pricing");
    const other = await page("/knowledge-base?q=boundaries");
    expect(search.html).not.toBe(other.html.replaceAll(other.nonce ?? "", search.nonce ?? ""));
  });

  it("never serves a signed-in member a kept page, nor keeps pages that are not public", async () => {
    await page("/");
    await renameFirstCourse("Seen only by members for now");
    const student = new Visitor(academy.baseUrl);
    expect((await student.login(DEMO_STUDENT.username, DEMO_STUDENT.password)).status).toBe(200);
    // Signing in was a write, so this also shows the next visitor the new title.
    const member = await student.request("/");
    expect(await member.text()).toContain("Seen only by members for now");
    expect(member.headers.get("Cache-Control")).toBe("private, no-store");
    // The route's marker is the server's own business, and a member's page is not public.
    expect(member.headers.has("x-academy-page-cache")).toBe(false);

    // The sign-in page carries a one-time captcha: never kept.
    const captchaOf = (html: string) => html.match(/name="captchaToken" value="([^"]+)"/)?.[1];
    const [a, b] = [await page("/login"), await page("/login")];
    expect(captchaOf(a.html)).toBeTruthy();
    expect(captchaOf(a.html)).not.toBe(captchaOf(b.html));

    // A member's own page is never kept either, even for the same URL.
    const other = await newStudent(academy.baseUrl);
    const [mine, theirs] = [await (await student.request("/students")).text(), await (await other.request("/students")).text()];
    expect(mine).toContain(DEMO_STUDENT.username);
    expect(theirs).not.toContain(DEMO_STUDENT.username);
    await renameFirstCourse("Foundations of Intuitive Reading");
  });
});

describe("the anonymous API cache", () => {
  const api = (path: string, cookie?: string) => fetch(academy.baseUrl + path, { headers: cookie ? { Cookie: cookie } : {} });

  it("keeps the public catalogue's JSON for anonymous callers until the next write, but not a member's or an admin's", async () => {
    const titleOf = async (response: Response) => ((await response.json()) as { id: number; title: string }[]).find((course) => course.id === 1)?.title;
    const first = await api("/api/courses");
    expect(first.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await titleOf(first)).toBe("Foundations of Intuitive Reading");
    await renameFirstCourse("Catalogue, renamed quietly");
    const kept = await api("/api/courses");
    expect(kept.status).toBe(200);
    expect(kept.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(kept.headers.has("x-academy-page-cache")).toBe(false);
    expect(await titleOf(kept)).toBe("Foundations of Intuitive Reading");
    expect(((await (await api("/api/courses/1")).json()) as { title: string }).title).toBe("Catalogue, renamed quietly");

    // A member is never answered from the cache.
    const student = new Visitor(academy.baseUrl);
    expect((await student.login(DEMO_STUDENT.username, DEMO_STUDENT.password)).status).toBe(200);
    await renameFirstCourse("Catalogue, renamed again");
    const member = await student.request("/api/courses");
    expect(await titleOf(member)).toBe("Catalogue, renamed again");
    expect(member.headers.has("x-academy-page-cache")).toBe(false);
    // Signing in was a write: the next anonymous caller sees the change too.
    expect(await titleOf(await api("/api/courses"))).toBe("Catalogue, renamed again");
    await renameFirstCourse("Foundations of Intuitive Reading");
  });

  it("keeps a knowledge-base page with its Link header, and keeps no error", async () => {
    const first = await api("/api/knowledge-base");
    const kept = await api("/api/knowledge-base");
    expect(kept.headers.get("Link")).toBe(first.headers.get("Link"));
    expect(await kept.text()).toBe(await first.text());
    const missing = await api("/api/courses/999999");
    expect(missing.status).toBe(404);
    await database.run("insert into courses (id, title, description, duration, created_at, updated_at) values (999999, 'Late course', 'd', '1 hour', ?, ?)", new Date(0), new Date(0));
    expect((await api("/api/courses/999999")).status).toBe(200);
    await database.run("delete from courses where id = 999999");
  });
});

describe("with PAGE_CACHE_SECONDS=0", () => {
  let uncached: AcademyProcess;
  let db: AcademyDatabase;
  beforeAll(async () => {
    uncached = await startAcademy({ PAGE_CACHE_SECONDS: "0" });
    db = await academyDatabase(uncached);
  });
  afterAll(async () => {
    await db?.close();
    await uncached?.stop();
  });

  it("renders every visit afresh and sends no marker", async () => {
    const first = await fetch(`${uncached.baseUrl}/`);
    expect(await first.text()).toContain("Foundations of Intuitive Reading");
    expect(first.headers.has("x-academy-page-cache")).toBe(false);
    await db.run("update courses set title = ? where id = 1", "Foundations, seen at once");
    expect(await (await fetch(`${uncached.baseUrl}/`)).text()).toContain("Foundations, seen at once");
  });
});
