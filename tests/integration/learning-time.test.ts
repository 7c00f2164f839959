import { describe, expect, it } from "vitest";
import { newStudent, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// Measured learning time (issue 14): heartbeats from lesson pages, capped by the
// server, only for lessons the member may open; the portal shows the total and
// falls back to the estimate, labelled, for completed lessons never measured.

const academy = useAcademy({ SIGNUPS_PER_HOUR: "500" });

interface Lesson {
  id: number;
  estimatedMinutes: number;
}
interface Credit {
  lessonId: number;
  creditedSeconds: number;
  measuredSeconds: number;
  estimatedSeconds: number;
}


async function lessonsOf(visitor: Visitor, courseId: number): Promise<Lesson[]> {
  const response = await visitor.request(`/api/courses/${courseId}/lessons`);
  expect(response.status).toBe(200);
  return (await response.json()) as Lesson[];
}

async function premiumCourseId(visitor: Visitor): Promise<number> {
  const courses = (await (await visitor.request("/api/courses")).json()) as { id: number; isPremium: boolean }[];
  const course = courses.find((candidate) => candidate.isPremium);
  if (!course) throw new Error("the demo has a Premium course");
  return course.id;
}

const heartbeat = (visitor: Visitor, body: unknown) => visitor.request("/api/learning-time", { method: "POST", json: body });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The portal's learning-time figure and whether it says it is estimated. */
async function portalTime(visitor: Visitor): Promise<{ figure: string; estimated: boolean }> {
  const html = await (await visitor.request("/students")).text();
  const figure = /data-testid="stat-hours"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
  expect(html).toContain('data-testid="learning-time-rule"');
  return { figure, estimated: html.includes('data-testid="learning-time-estimated"') };
}

describe("a heartbeat", () => {
  it("credits active seconds, never more than the wall time since the last one", async () => {
    const student = await newStudent(academy.baseUrl);
    const [lesson] = await lessonsOf(student, 1);
    if (!lesson) throw new Error("course 1 has lessons");
    expect(await portalTime(student)).toEqual({ figure: "0 min", estimated: false });

    const first = await heartbeat(student, { lessonId: lesson.id, seconds: 30 });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ lessonId: lesson.id, creditedSeconds: 30, measuredSeconds: 30, estimatedSeconds: 0 });

    // Replayed at once, or sent from a second tab: the wall clock has not moved.
    const replay = (await (await heartbeat(student, { lessonId: lesson.id, seconds: 30 })).json()) as Credit;
    expect(replay.creditedSeconds).toBeLessThanOrEqual(1);

    await wait(2_100);
    const later = (await (await heartbeat(student, { lessonId: lesson.id, seconds: 30 })).json()) as Credit;
    expect(later.creditedSeconds).toBeGreaterThanOrEqual(2);
    expect(later.creditedSeconds).toBeLessThanOrEqual(3);
    const total = later.measuredSeconds;
    expect(total).toBe(30 + replay.creditedSeconds + later.creditedSeconds);

    expect(await portalTime(student)).toEqual({ figure: `${total} s`, estimated: false });
  });

  it("refuses more than 60 seconds and malformed bodies with a 400", async () => {
    const student = await newStudent(academy.baseUrl);
    const [lesson] = await lessonsOf(student, 1);
    if (!lesson) throw new Error("course 1 has lessons");
    for (const body of [{ lessonId: lesson.id, seconds: 61 }, { lessonId: lesson.id, seconds: 0 }, { lessonId: lesson.id, seconds: 2.5 }, { lessonId: lesson.id }, { seconds: 10 }, { lessonId: "one", seconds: 10 }]) {
      const response = await heartbeat(student, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
    const tooLong = await heartbeat(student, { lessonId: lesson.id, seconds: 61 });
    expect(await tooLong.json()).toMatchObject({ message: "A heartbeat reports at most 60 seconds" });
    const malformed = await student.request("/api/learning-time", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
    expect((await student.request("/api/learning-time")).status).toBe(405);
    expect((await portalTime(student)).figure).toBe("0 min");
  });

  it("counts only for lessons the member may open: unknown is 404, Premium without Premium is 403, signed out is 401", async () => {
    const student = await newStudent(academy.baseUrl);
    expect((await heartbeat(student, { lessonId: 999_999, seconds: 10 })).status).toBe(404);

    const premiumCourse = await premiumCourseId(student);
    const admin = new Visitor(academy.baseUrl);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    const [premiumLesson] = await lessonsOf(admin, premiumCourse);
    if (!premiumLesson) throw new Error("the Premium course has lessons");

    const refused = await heartbeat(student, { lessonId: premiumLesson.id, seconds: 10 });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Premium membership required" });
    expect((await portalTime(student)).figure).toBe("0 min");

    expect((await heartbeat(new Visitor(academy.baseUrl), { lessonId: premiumLesson.id, seconds: 10 })).status).toBe(401);

    // A Premium member's heartbeat on the same lesson counts.
    const me = (await (await student.request("/api/auth-status")).json()) as { user: { id: number } };
    expect((await admin.request(`/api/admin/members/${me.user.id}/subscription`, { method: "PUT", json: { plan: "premium", status: "active" } })).status).toBe(200);
    expect(await (await heartbeat(student, { lessonId: premiumLesson.id, seconds: 10 })).json()).toMatchObject({ creditedSeconds: 10 });
  });
});

describe("the portal's learning time", () => {
  it("counts a completed lesson with no measured time at its estimate and says so; a measured lesson counts as measured", async () => {
    const student = await newStudent(academy.baseUrl);
    const [measured, unmeasured] = await lessonsOf(student, 1);
    if (!measured || !unmeasured) throw new Error("course 1 has two lessons");

    // Studied with JavaScript off: completed, never measured.
    expect((await student.request(`/api/lessons/${unmeasured.id}/complete`, { method: "POST" })).status).toBe(200);
    const estimate = unmeasured.estimatedMinutes * 60;
    let time = await portalTime(student);
    expect(time.estimated).toBe(true);
    expect(time.figure).toBe(`${unmeasured.estimatedMinutes} min`);

    // Studied with JavaScript on: measured, then completed; only the measured seconds count.
    const credit = (await (await heartbeat(student, { lessonId: measured.id, seconds: 40 })).json()) as Credit;
    expect(credit).toMatchObject({ creditedSeconds: 40, measuredSeconds: 40, estimatedSeconds: estimate });
    expect((await student.request(`/api/lessons/${measured.id}/complete`, { method: "POST" })).status).toBe(200);
    time = await portalTime(student);
    expect(time.estimated).toBe(true);
    expect(time.figure).toBe(`${Math.floor((estimate + 40) / 60)} min`);
    const html = await (await student.request("/students")).text();
    expect(html).toMatch(/includes (<!-- -->)?\d+ min(<!-- -->)? estimated/);
  });
});
