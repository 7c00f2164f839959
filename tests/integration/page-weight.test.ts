import { beforeAll, describe, expect, it } from "vitest";
import { academyDatabase } from "../academy-database";
import { DEMO_STUDENT, newStudent, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// Issue 27: members' pages do less. On the demo data the portal's HTML stays
// under 24 KB and no page hands the browser more than 8 KB of hydration data;
// reading a page writes nothing it does not need to.
const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000" });

const HYDRATION = "window.__remixContext = ";
function hydrationBytes(html: string): number {
  const start = html.indexOf(HYDRATION);
  return start === -1 ? 0 : Buffer.byteLength(html.slice(start + HYDRATION.length, html.indexOf(";</script>", start)));
}

async function page(who: Visitor, path: string): Promise<string> {
  const response = await who.request(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("page weight on the demo data", () => {
  let student: Visitor;
  let admin: Visitor;
  beforeAll(async () => {
    student = new Visitor(academy.baseUrl);
    expect((await student.login(DEMO_STUDENT.username, DEMO_STUDENT.password)).status).toBe(200);
    admin = new Visitor(academy.baseUrl);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  });

  it("keeps the portal under 24 KB of HTML, each tab with the data it shows", async () => {
    const overview = await page(student, "/students");
    expect(Buffer.byteLength(overview)).toBeLessThanOrEqual(24 * 1024);
    expect(overview).toContain('data-testid="stat-enrolled"');
    expect(overview).toContain('data-testid="journey-course"');
    // The overview carries no course catalogue, progress list or certificates: other tabs show those.
    expect(overview).toContain('"progress":[],"certificates":[]');
    const courses = await page(student, "/students?tab=courses");
    expect(courses.match(/Start Learning/g)?.length).toBeGreaterThanOrEqual(7);
  });

  it("hands the browser at most 8 KB of hydration data on any member's or admin's page", async () => {
    const memberPages = ["/students", "/students?tab=courses", "/students?tab=progress", "/students?tab=certificates", "/courses", "/course/1", "/course/1/lesson/1", "/notifications", "/community", "/community/topic/1", "/knowledge-base?q=", "/knowledge-base?q=client"];
    for (const path of memberPages) expect(hydrationBytes(await page(student, path)), path).toBeLessThanOrEqual(8 * 1024);
    for (const path of ["/admin", "/admin?tab=analytics", "/admin/members"]) expect(hydrationBytes(await page(admin, path)), path).toBeLessThanOrEqual(8 * 1024);
  });

  it("writes Remix's route manifest without indentation (patches/@remix-run+react)", async () => {
    const html = await page(student, "/legal");
    expect(html).toMatch(/window\.__remixManifest = \{"entry":\{"module":"/);
  });
});

describe("reading writes nothing it does not need", () => {
  it("shows a new member's notification settings without storing a preferences row", async () => {
    const member = await newStudent(academy.baseUrl);
    const html = await page(member, "/notifications");
    expect(html).toContain("Email preferences");
    const preferences = await member.request("/api/user/notification-preferences");
    expect(((await preferences.json()) as { forumReplies: string }).forumReplies).toBe("instant");
    const database = await academyDatabase(academy.process);
    try {
      const newest = await database.get<{ id: number }>("SELECT id FROM users ORDER BY id DESC LIMIT 1");
      if (!newest) throw new Error("no member");
      expect(await database.get("SELECT count(*) AS n FROM notification_preferences WHERE user_id = ?", newest.id)).toEqual({ n: 0 });
    } finally {
      await database.close();
    }
  });
});
