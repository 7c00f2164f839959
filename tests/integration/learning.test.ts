import { describe, expect, it } from "vitest";
import { DEMO_STUDENT, newStudent, passQuiz, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

const academy = useAcademy({ SIGNUPS_PER_HOUR: "500" });

interface LessonJson {
  id: number;
  courseId: number;
  order: number;
  isActive: boolean;
  contentSections: Array<{ id: number; type: string; title: string }>;
}


async function admin() {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  return visitor;
}

const courseBody = {
  title: "Moon Cycles for Advisors",
  description: "Working with lunar rhythm in session planning.",
  level: "Intermediate",
  rating: "4.8",
  lessons: 1,
  duration: "2 weeks",
  isActive: true,
};

describe("a student's whole course", () => {
  it("starts, completes every lesson, and earns exactly one verifiable certificate", async () => {
    const student = await newStudent(academy.baseUrl);
    const lessons = (await (await student.request("/api/courses/1/lessons")).json()) as LessonJson[];
    expect(lessons.length).toBeGreaterThanOrEqual(3);

    const start = await student.request("/api/courses/1/start", { method: "POST" });
    expect(start.status).toBe(200);
    expect(await start.json()).toMatchObject({ progress: { courseId: 1, progressPercentage: 0, isCompleted: false }, nextLessonId: lessons[0]?.id });
    // Starting again changes nothing but the access time.
    expect((await student.request("/api/courses/1/start", { method: "POST" })).status).toBe(200);

    let certificateNumber: string | undefined;
    const staff = await admin();
    for (const [index, lesson] of lessons.entries()) {
      const response = await student.request(`/api/lessons/${lesson.id}/complete`, { method: "POST" });
      // The demo course's last lesson has a quiz: passing it is what completes the lesson.
      if (index === lessons.length - 1) {
        expect(response.status).toBe(409);
        expect(await response.json()).toEqual({ message: "Pass the quiz to complete this lesson" });
      } else expect(response.status).toBe(200);
      const body =
        response.status === 409
          ? (await passQuiz(student, staff, lesson.id)).completion!
          : ((await response.json()) as { progress: { progressPercentage: number; isCompleted: boolean }; nextLessonId: number | null; certificate: { certificateNumber: string } | null });
      expect(body.progress.progressPercentage).toBe(Math.round(((index + 1) / lessons.length) * 100));
      expect(body.nextLessonId).toBe(lessons[index + 1]?.id ?? null);
      if (index < lessons.length - 1) expect(body.certificate).toBeNull();
      else certificateNumber = body.certificate?.certificateNumber;
    }
    expect(certificateNumber).toMatch(/^ACD-\d{4}-[2-9A-HJ-NP-Z]{6}$/);

    // Completing again is idempotent and issues nothing new.
    const again = await student.request(`/api/lessons/${lessons[0]?.id}/complete`, { method: "POST" });
    expect(((await again.json()) as { certificate: unknown }).certificate).toBeNull();

    const progress = (await (await student.request("/api/user/progress")).json()) as Array<Record<string, unknown>>;
    expect(progress).toEqual([expect.objectContaining({ courseId: 1, isCompleted: true, progressPercentage: 100, completedAt: expect.any(String) })]);

    const certificates = (await (await student.request("/api/user/certificates")).json()) as Array<{ id: number; certificateNumber: string }>;
    expect(certificates).toHaveLength(1);
    const [certificate] = certificates;
    expect(certificate?.certificateNumber).toBe(certificateNumber);

    const download = await student.request(`/api/certificates/${certificate?.id}/download`, { method: "POST" });
    const { downloadUrl } = (await download.json()) as { downloadUrl: string };
    const pdf = await student.request(downloadUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toContain(`certificate-${certificateNumber}.pdf`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe("%PDF");
    expect(bytes.toString("latin1")).toContain(certificateNumber);

    const share = await student.request(`/api/certificates/${certificate?.id}/share`, { method: "POST" });
    const { shareUrl } = (await share.json()) as { shareUrl: string };
    expect(shareUrl).toBe(`${academy.baseUrl}/certificates/${certificateNumber}`);
    const verify = await fetch(shareUrl);
    expect(verify.status).toBe(200);
    const html = await verify.text();
    expect(html).toContain(certificateNumber);
    expect(html).toContain("Foundations of Intuitive Reading");

    // Another student gets nothing.
    const other = await newStudent(academy.baseUrl);
    expect((await other.request(`/api/certificates/${certificate?.id}/download`, { method: "POST" })).status).toBe(404);
    expect((await other.request(`/api/certificates/${certificate?.id}/share`, { method: "POST" })).status).toBe(404);
    expect((await other.request(downloadUrl)).status).toBe(404);
    expect((await new Visitor(academy.baseUrl).request(downloadUrl)).status).toBe(401);
    expect((await fetch(`${academy.baseUrl}/certificates/ACD-2020-ZZZZZZ`)).status).toBe(404);
  });

  it("keeps lessons of inactive courses and other courses out of reach", async () => {
    const boss = await admin();
    const course = (await (await boss.request("/api/courses", { method: "POST", json: { ...courseBody, isActive: false } })).json()) as { id: number };
    const lesson = (await (
      await boss.request(`/api/courses/${course.id}/lessons`, { method: "POST", json: { title: "Hidden", contentSections: [{ type: "text", title: "One", content: "x" }] } })
    ).json()) as LessonJson;
    const student = await newStudent(academy.baseUrl);
    expect((await student.request(`/api/courses/${course.id}`)).status).toBe(404);
    expect((await student.request(`/api/lessons/${lesson.id}`)).status).toBe(404);
    expect((await student.request(`/api/lessons/${lesson.id}/complete`, { method: "POST" })).status).toBe(404);
    expect((await student.request("/api/lessons/999999/complete", { method: "POST" })).status).toBe(404);
    expect((await new Visitor(academy.baseUrl).request("/api/lessons/1/complete", { method: "POST" })).status).toBe(401);
  });
});

describe("course and lesson administration", () => {
  it("is refused to students (403) and visitors (401)", async () => {
    const student = await newStudent(academy.baseUrl);
    const visitor = new Visitor(academy.baseUrl);
    const attempts: Array<[string, string]> = [
      ["POST", "/api/courses"],
      ["PUT", "/api/courses/1"],
      ["DELETE", "/api/courses/1"],
      ["POST", "/api/courses/1/lessons"],
      ["PUT", "/api/lessons/1"],
      ["DELETE", "/api/lessons/1"],
      ["POST", "/api/generate-lesson-content"],
    ];
    for (const [method, path] of attempts) {
      expect((await student.request(path, { method, json: courseBody })).status, `${method} ${path}`).toBe(403);
      expect((await visitor.request(path, { method, json: courseBody })).status, `${method} ${path}`).toBe(401);
    }
    expect(((await (await student.request("/api/courses/1")).json()) as { title: string }).title).toBe("Foundations of Intuitive Reading");
  });

  it("lets an admin build a course whose lesson count is derived from real lessons", async () => {
    const boss = await admin();
    const created = await boss.request("/api/courses", { method: "POST", json: { ...courseBody, lessons: 12 } });
    expect(created.status).toBe(201);
    const course = (await created.json()) as { id: number; lessons: number };
    expect(course.lessons).toBe(0);

    const invalid = await boss.request("/api/courses", { method: "POST", json: { ...courseBody, title: " ", rating: "eleven" } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(((await invalid.json()) as { errors: Record<string, unknown> }).errors)).toEqual(expect.arrayContaining(["title", "rating"]));

    const first = (await (
      await boss.request(`/api/courses/${course.id}/lessons`, {
        method: "POST",
        json: { title: "New Moon Intentions", contentSections: [{ type: "text", title: "Why", content: "Because." }, { type: "video", title: "Watch", url: "https://www.youtube.com/watch?v=abcdefghijk" }] },
      })
    ).json()) as LessonJson;
    expect(first.order).toBe(1);
    expect(first.contentSections.map((s) => s.title)).toEqual(["Why", "Watch"]);
    const badSection = await boss.request(`/api/courses/${course.id}/lessons`, {
      method: "POST",
      json: { title: "Broken", contentSections: [{ type: "image", title: "No url" }] },
    });
    expect(badSection.status).toBe(400);

    await boss.request(`/api/courses/${course.id}/lessons`, { method: "POST", json: { title: "Full Moon Review", contentSections: [] } });
    expect(((await (await boss.request(`/api/courses/${course.id}`)).json()) as { lessons: number }).lessons).toBe(2);

    const updated = await boss.request(`/api/lessons/${first.id}`, {
      method: "PUT",
      json: { title: "New Moon Intentions (revised)", isActive: false, contentSections: [{ type: "text", title: "Only", content: "One." }] },
    });
    expect(((await updated.json()) as LessonJson).contentSections).toHaveLength(1);
    expect(((await (await boss.request(`/api/courses/${course.id}`)).json()) as { lessons: number }).lessons).toBe(1);

    expect((await boss.request(`/api/lessons/${first.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await boss.request(`/api/lessons/${first.id}`)).status).toBe(404);

    const renamed = await boss.request(`/api/courses/${course.id}`, { method: "PUT", json: { ...courseBody, title: "Lunar Practice" } });
    expect(((await renamed.json()) as { title: string }).title).toBe("Lunar Practice");
    const removed = await boss.request(`/api/courses/${course.id}`, { method: "DELETE" });
    expect(await removed.json()).toMatchObject({ outcome: "deleted" });
    expect((await boss.request(`/api/courses/${course.id}`)).status).toBe(404);
  });

  it("archives instead of deleting a course with certificates, which stay verifiable", async () => {
    const boss = await admin();
    const course = (await (await boss.request("/api/courses", { method: "POST", json: courseBody })).json()) as { id: number };
    const lesson = (await (await boss.request(`/api/courses/${course.id}/lessons`, { method: "POST", json: { title: "Only lesson" } })).json()) as LessonJson;
    const student = await newStudent(academy.baseUrl);
    const done = await student.request(`/api/lessons/${lesson.id}/complete`, { method: "POST" });
    const { certificate } = (await done.json()) as { certificate: { certificateNumber: string } };
    const removed = await boss.request(`/api/courses/${course.id}`, { method: "DELETE" });
    expect(await removed.json()).toMatchObject({ outcome: "archived" });
    expect((await student.request(`/api/courses/${course.id}`)).status).toBe(404);
    expect((await boss.request(`/api/courses/${course.id}`)).status).toBe(200);
    expect((await fetch(`${academy.baseUrl}/certificates/${certificate.certificateNumber}`)).status).toBe(200);
  });
});

describe("video positions", () => {
  it("are remembered per student and section", async () => {
    const student = new Visitor(academy.baseUrl);
    await student.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    const saved = await student.request("/api/sections/1/position", { method: "PUT", json: { seconds: 42.5 } });
    expect(saved.status).toBe(200);
    expect((await student.request("/api/sections/1/position", { method: "PUT", json: { seconds: -1 } })).status).toBe(400);
    expect((await student.request("/api/sections/999999/position", { method: "PUT", json: { seconds: 1 } })).status).toBe(404);
  });

  it("come back in the lesson page, for that student only", async () => {
    // Section 6 is the video, the third section, of lesson 2 of the free course 1.
    const student = new Visitor(academy.baseUrl);
    await student.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    expect((await student.request("/api/sections/6/position", { method: "PUT", json: { seconds: 95.5 } })).status).toBe(200);
    const page = await student.request("/course/1/lesson/2?section=3");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('"resumeAt":95.5');

    const other = await newStudent(academy.baseUrl);
    const theirs = await other.request("/course/1/lesson/2?section=3");
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).toContain('"resumeAt":0');
  });
});
