import { describe, expect, it } from "vitest";
import { TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Issue 47: "New course" goes out once, when a course first becomes visible
// with at least one active lesson; not when an empty or hidden course is
// saved, and not again when an archived course is published back.

const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000" });

async function signedIn(username?: string, password?: string) {
  const visitor = new Visitor(academy.baseUrl);
  if (username && password) expect((await visitor.login(username, password)).status).toBe(200);
  else expect((await visitor.register(uniqueName("reader"))).status).toBe(201);
  return visitor;
}

const courseNews = async (member: Visitor, title: string) =>
  ((await (await member.request("/api/notifications")).json()) as { notifications: Array<{ type: string; title: string }> }).notifications.filter(
    (notification) => notification.type === "course_new" && notification.title === `New course: ${title}`,
  );

async function saveCourse(admin: Visitor, title: string, isActive: boolean, id?: number) {
  const json = { title, description: "Something new.", level: "Beginner", rating: "4.0", lessons: 1, duration: "1 week", isActive };
  const response = await admin.request(id ? `/api/courses/${id}` : "/api/courses", { method: id ? "PUT" : "POST", json });
  expect(response.status).toBe(id ? 200 : 201);
  return ((await response.json()) as { id: number }).id;
}

describe("announcing a new course", () => {
  it("waits for a published course's first active lesson, and tells members once", async () => {
    const admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const member = await signedIn();
    const title = `Moon gardens ${uniqueName("c")}`;
    const courseId = await saveCourse(admin, title, true);
    // An inactive (draft) lesson does not make it ready.
    const draft = await admin.request(`/api/courses/${courseId}/lessons`, { method: "POST", json: { title: "Draft", isActive: false } });
    expect(draft.status).toBe(201);
    expect(await courseNews(member, title)).toHaveLength(0);

    const { id: lessonId } = (await draft.json()) as { id: number };
    expect((await admin.request(`/api/lessons/${lessonId}`, { method: "PUT", json: { title: "Ready", isActive: true } })).status).toBe(200);
    expect(await courseNews(member, title)).toHaveLength(1);

    // Archived and published again: no second announcement.
    await saveCourse(admin, title, false, courseId);
    await saveCourse(admin, title, true, courseId);
    expect((await admin.request(`/api/courses/${courseId}/lessons`, { method: "POST", json: { title: "Another" } })).status).toBe(201);
    expect(await courseNews(member, title)).toHaveLength(1);
  });

  it("announces a hidden course with lessons when it is published", async () => {
    const admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const member = await signedIn();
    const title = `Star charts ${uniqueName("c")}`;
    const courseId = await saveCourse(admin, title, false);
    expect((await admin.request(`/api/courses/${courseId}/lessons`, { method: "POST", json: { title: "First" } })).status).toBe(201);
    expect(await courseNews(member, title)).toHaveLength(0);
    await saveCourse(admin, title, true, courseId);
    expect(await courseNews(member, title)).toHaveLength(1);
  });
});
