import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academyDatabase, type AcademyDatabase } from "../academy-database";
import { freshConnectionFetch } from "./fresh-connection";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// Issue 43: the catalogue (courses, lessons, sections, quizzes) kept in each
// process's memory. Whoever changes it — an admin's form, or a script writing
// to the database itself — every process shows the change on the next page view.
const academy = useAcademy();

let database: AcademyDatabase;
beforeAll(async () => {
  database = await academyDatabase(academy.process);
});
afterAll(() => database?.close());

async function signedIn(username: string, password: string, fetcher?: typeof fetch) {
  const visitor = new Visitor(academy.baseUrl, fetcher);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}

/** The page as each of the academy's workers answers it (a new connection per request reaches the next worker). */
async function pagesFromEveryWorker(member: Visitor, path: string): Promise<string[]> {
  const pages: string[] = [];
  for (let i = 0; i < 4; i++) {
    const response = await member.request(path);
    expect(response.status).toBe(200);
    pages.push(await response.text());
  }
  return pages;
}

const version = async () => (await database.get<{ version: number }>("select version from catalogue_version where id = 1"))?.version ?? 0;

describe("the catalogue kept in memory", () => {
  it("shows a lesson's, a section's and a course's change written straight to the database on the next page view, in every worker", async () => {
    const member = await signedIn(DEMO_STUDENT.username, DEMO_STUDENT.password, freshConnectionFetch);
    const lesson = await database.get<{ id: number; course_id: number; title: string }>("select id, course_id, title from lessons where is_active = ? order by id limit 1", true);
    const section = await database.get<{ id: number; sort_order: number }>("select id, sort_order from content_sections where lesson_id = ? and type = 'text' order by sort_order limit 1", lesson!.id);
    const path = `/course/${lesson!.course_id}/lesson/${lesson!.id}?section=${section!.sort_order}`;
    for (const page of await pagesFromEveryWorker(member, path)) expect(page).toContain(lesson!.title);

    const before = await version();
    await database.run("update lessons set title = ? where id = ?", "Grounding, renamed by a script", lesson!.id);
    await database.run("update content_sections set content = ? where id = ?", "A paragraph a script wrote.", section!.id);
    expect(await version()).toBeGreaterThan(before);
    for (const page of await pagesFromEveryWorker(member, path)) {
      expect(page).toContain("Grounding, renamed by a script");
      expect(page).toContain("A paragraph a script wrote.");
    }

    await database.run("update courses set title = ? where id = ?", "A course renamed by a script", lesson!.course_id);
    for (const page of await pagesFromEveryWorker(member, `/course/${lesson!.course_id}`)) expect(page).toContain("A course renamed by a script");

    // A lesson switched off disappears from its course's outline and its page at once.
    await database.run("update lessons set is_active = ? where id = ?", false, lesson!.id);
    for (const page of await pagesFromEveryWorker(member, `/course/${lesson!.course_id}`)) expect(page).not.toContain("Grounding, renamed by a script");
    expect((await member.request(path)).status).toBe(404);
    await database.run("update lessons set is_active = ?, title = ? where id = ?", true, lesson!.title, lesson!.id);
  });

  it("shows a quiz an admin saves, and a question a script rewrites, on the lesson page", async () => {
    const admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const member = await signedIn(DEMO_STUDENT.username, DEMO_STUDENT.password, freshConnectionFetch);
    const lesson = await database.get<{ id: number; course_id: number }>(
      "select id, course_id from lessons where is_active = ? and id not in (select lesson_id from quizzes) order by id limit 1 offset 1",
      true,
    );
    const path = `/course/${lesson!.course_id}/lesson/${lesson!.id}`;
    for (const page of await pagesFromEveryWorker(member, path)) expect(page).not.toContain("Which sign carries the crab?");

    const saved = await admin.request(`/api/lessons/${lesson!.id}/quiz`, {
      method: "PUT",
      json: { passingScore: 60, maxAttempts: 0, shuffle: false, questions: [{ type: "short", prompt: "Which sign carries the crab?", accepted: ["Cancer"] }] },
    });
    expect(saved.status).toBe(200);
    for (const page of await pagesFromEveryWorker(member, path)) expect(page).toContain("Which sign carries the crab?");

    await database.run("update quiz_questions set prompt = ? where quiz_id = (select id from quizzes where lesson_id = ?)", "Which sign does the crab stand for?", lesson!.id);
    for (const page of await pagesFromEveryWorker(member, path)) {
      expect(page).toContain("Which sign does the crab stand for?");
      expect(page).not.toContain("Which sign carries the crab?");
    }
    expect((await admin.request(`/api/lessons/${lesson!.id}/quiz`, { method: "DELETE" })).status).toBeLessThan(300);
  });

  it("shows a new question's count and an instructor's new name on the next page view", async () => {
    const member = await signedIn(DEMO_STUDENT.username, DEMO_STUDENT.password, freshConnectionFetch);
    const lesson = await database.get<{ id: number; course_id: number }>("select id, course_id from lessons where is_active = ? order by id limit 1", true);
    const path = `/course/${lesson!.course_id}/lesson/${lesson!.id}`;
    const openCount = (page: string) => Number(/(\d+) open questions?/.exec(page)?.[1] ?? 0);
    const before = (await pagesFromEveryWorker(member, path)).map(openCount);
    const asked = await member.request(`/api/lessons/${lesson!.id}/comments`, { method: "POST", json: { content: "Does the catalogue kept in memory count this question?" } });
    expect(asked.status).toBe(201);
    expect((await pagesFromEveryWorker(member, path)).map(openCount)).toEqual(before.map((count) => count + 1));

    // An instructor named on the course, then renamed by a script.
    const instructor = await database.get<{ id: number; name: string | null }>("select id, first_name as name from users where username = ?", DEMO_PREMIUM.username);
    await database.run("insert into course_instructors (course_id, user_id) values (?, ?)", lesson!.course_id, instructor!.id);
    await database.run("update users set first_name = ? where id = ?", "Mentor Renamed By Script", instructor!.id);
    for (const page of await pagesFromEveryWorker(member, `/course/${lesson!.course_id}`)) expect(page).toContain("Mentor Renamed By Script");
    await database.run("delete from course_instructors where course_id = ? and user_id = ?", lesson!.course_id, instructor!.id);
    for (const page of await pagesFromEveryWorker(member, `/course/${lesson!.course_id}`)) expect(page).not.toContain("Mentor Renamed By Script");
    await database.run("update users set first_name = ? where id = ?", instructor!.name, instructor!.id);
  });

  it("shows the portal's courses and the live sessions as a script leaves them, on the next page view", async () => {
    const member = await signedIn(DEMO_STUDENT.username, DEMO_STUDENT.password, freshConnectionFetch);
    const course = await database.get<{ id: number; title: string }>("select id, title from courses where is_active = ? and is_premium = ? order by id limit 1", true, false);
    for (const page of await pagesFromEveryWorker(member, "/students")) expect(page).toContain(course!.title);
    await database.run("update courses set title = ? where id = ?", "A portal course renamed by a script", course!.id);
    for (const page of await pagesFromEveryWorker(member, "/students")) expect(page).toContain("A portal course renamed by a script");
    await database.run("update courses set title = ? where id = ?", course!.title, course!.id);

    const titles = async () => {
      const lists: string[][] = [];
      for (let i = 0; i < 4; i++) lists.push(((await (await member.request("/api/conferences")).json()) as Array<{ title: string }>).map((c) => c.title));
      return lists;
    };
    const soon = new Date(Date.now() + 10 * 60 * 1000);
    await database.run("insert into conferences (title, description, scheduled_at) values (?, ?, ?)", "Session a script scheduled", "Planned outside the academy.", soon);
    for (const list of await titles()) expect(list).toContain("Session a script scheduled");
    // The portal's banner names the next session the member can join.
    for (const page of await pagesFromEveryWorker(member, "/students")) expect(page).toContain("Session a script scheduled");
    await database.run("update conferences set title = ? where title = ?", "Session a script renamed", "Session a script scheduled");
    for (const list of await titles()) expect(list).toEqual(expect.arrayContaining(["Session a script renamed"]));
    await database.run("delete from conferences where title = ?", "Session a script renamed");
    for (const list of await titles()) expect(list).not.toContain("Session a script renamed");
  });
});
