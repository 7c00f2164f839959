import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academyDatabase, type AcademyDatabase } from "../academy-database";
import { TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Scheduled lesson release (issue 29) on the real server and its database:
// a course whose second lesson opens two days after the member starts and
// whose third opens on a fixed date a month away. Time is moved by changing
// the member's start (user_progress.started_at) or the lesson's date.
const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000", NOTIFICATION_SCHEDULE: "* * * * * *", COMPANION_MESSAGES_PER_MINUTE: "50" });

const DAY = 24 * 60 * 60 * 1000;
const MARK = `quasar${crypto.randomBytes(4).toString("hex")}`;
const DRIP_TEXT = `The ${MARK} mirror exercise asks the reader to describe the querent's question back in their own words before any card is turned, slowly and without judgement.`;
const QUIZ = { passingScore: 50, maxAttempts: 0, shuffle: false, questions: [{ type: "true_false", prompt: "Mirroring repeats the question back.", correct: [0] }] };
const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

interface LessonJson {
  id: number;
  releaseAfterDays: number | null;
  releaseAt: string | null;
  contentSections: Array<{ content: string }>;
}
interface Locked {
  message: string;
  availableAt: string | null;
}

async function signedIn(username: string, password: string) {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}

async function newMember(prefix = "dripper") {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName(prefix);
  expect((await visitor.register(username)).status).toBe(201);
  return { visitor, username };
}

let database: AcademyDatabase;
beforeAll(async () => {
  database = await academyDatabase(academy.process);
});
afterAll(() => database?.close());

/** Moves the member's start of the course back by `days`. */
const startedDaysAgo = (username: string, courseId: number, days: number) =>
  database.run(
    "update user_progress set started_at = ? where course_id = ? and user_id = (select id from users where username = ?)",
    new Date(Date.now() - days * DAY),
    courseId,
    username,
  );

describe("scheduled lesson release", () => {
  let admin: Visitor;
  let courseId: number;
  const lessons = { open: 0, afterTwoDays: 0, onDate: 0 };
  const releaseAt = new Date(Date.now() + 30 * DAY);

  beforeAll(async () => {
    admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const course = await admin.request("/api/courses", {
      method: "POST",
      json: { title: `Mirror Work ${MARK}`, description: "A cohort course", level: "Beginner", rating: "4.5", duration: "3 weeks", isActive: true, isPremium: false },
    });
    expect(course.status).toBe(201);
    courseId = ((await course.json()) as { id: number }).id;
    const create = async (json: object) => {
      const response = await admin.request(`/api/courses/${courseId}/lessons`, { method: "POST", json });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as LessonJson;
    };
    lessons.open = (await create({ title: "Week one: listening", contentSections: [{ type: "text", title: "Listening", content: "Listen first." }] })).id;
    const drip = await create({
      title: "Week two: the mirror",
      releaseAfterDays: 2,
      contentSections: [{ type: "text", title: "The mirror", content: DRIP_TEXT }],
    });
    expect(drip.releaseAfterDays).toBe(2);
    lessons.afterTwoDays = drip.id;
    const dated = await create({ title: "Week three: closing", releaseAt: releaseAt.toISOString(), contentSections: [{ type: "text", title: "Closing", content: "Close kindly." }] });
    expect(dated.releaseAt).toBe(releaseAt.toISOString());
    lessons.onDate = dated.id;
    expect((await admin.request(`/api/lessons/${lessons.afterTwoDays}/quiz`, { method: "PUT", json: QUIZ })).status).toBe(200);
  });

  it("refuses bad schedules in the API with a 400 and a message", async () => {
    for (const [body, text] of [
      [{ releaseAfterDays: -1 }, /0 to 3650/],
      [{ releaseAfterDays: 3651 }, /0 to 3650/],
      [{ releaseAfterDays: 1.5 }, /whole number/],
      [{ releaseAt: "next tuesday" }, /ISO 8601/],
      [{ releaseAt: "2026-13-40T00:00:00Z" }, /ISO 8601/],
    ] as const) {
      const response = await admin.request(`/api/courses/${courseId}/lessons`, { method: "POST", json: { title: "Bad", ...body } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(text);
    }
  });

  it("locks the lessons for a member, in the API with when they open, before and after starting", async () => {
    const { visitor } = await newMember();
    const before = await visitor.request(`/api/lessons/${lessons.afterTwoDays}`);
    expect(before.status).toBe(403);
    const waiting = (await before.json()) as Locked;
    expect(waiting).toEqual({ message: expect.stringMatching(/not open yet\. Opens 2 days after you start/), availableAt: null });
    expect(JSON.stringify(waiting)).not.toContain(MARK);

    const start = await visitor.request(`/api/courses/${courseId}/start`, { method: "POST" });
    expect(start.status).toBe(200);
    const { progress } = (await start.json()) as { progress: { startedAt: string } };
    const after = (await (await visitor.request(`/api/lessons/${lessons.afterTwoDays}`)).json()) as Locked;
    expect(after.availableAt).toBe(new Date(new Date(progress.startedAt).getTime() + 2 * DAY).toISOString());
    const dated = await visitor.request(`/api/lessons/${lessons.onDate}`);
    expect(dated.status).toBe(403);
    expect(((await dated.json()) as Locked).availableAt).toBe(releaseAt.toISOString());
    expect((await visitor.request(`/api/lessons/${lessons.open}`)).status).toBe(200);

    // The course's lesson list keeps their places, without their content.
    const list = (await (await visitor.request(`/api/courses/${courseId}/lessons`)).json()) as Array<LessonJson & { isLocked: boolean; availableAt: string | null }>;
    expect(list.map((lesson) => lesson.isLocked)).toEqual([false, true, true]);
    expect(list[2]?.availableAt).toBe(releaseAt.toISOString());
    expect(JSON.stringify(list)).not.toContain(MARK);
  });

  it("shows the lesson page as locked and the outline with 'Opens on', no link to a locked lesson", async () => {
    const member = (await newMember()).visitor;
    // Their zone (the tz cookie the browser sets): the fixed date is shown on their calendar.
    member.setCookieHeader(`${member.cookieHeader}; tz=Pacific/Auckland`);
    expect((await member.request(`/api/courses/${courseId}/start`, { method: "POST" })).status).toBe(200);

    const page = await member.request(`/course/${courseId}/lesson/${lessons.afterTwoDays}`);
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain("Week two: the mirror");
    expect(html).toMatch(/This lesson is not open yet\. Opens on \w{3}, \w{3} \d{1,2}, \d{4}/);
    expect(html).not.toContain(MARK);

    const outline = await (await member.request(`/course/${courseId}`)).text();
    const day = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "Pacific/Auckland" }).format(releaseAt);
    expect(outline).toContain(`Opens on ${day}`);
    expect(outline).toContain(`href="/course/${courseId}/lesson/${lessons.open}"`);
    expect(outline).not.toContain(`href="/course/${courseId}/lesson/${lessons.afterTwoDays}"`);
    expect(outline).not.toContain(`href="/course/${courseId}/lesson/${lessons.onDate}"`);

    // The open lesson's "next" is not a link either.
    const first = await (await member.request(`/course/${courseId}/lesson/${lessons.open}`)).text();
    expect(first).toContain('data-testid="next-lesson-locked"');
    expect(first).not.toContain(`href="/course/${courseId}/lesson/${lessons.afterTwoDays}"`);
  });

  it("locks the lesson's quiz, and refuses completing it, through the API and the page's form", async () => {
    const { visitor } = await newMember();
    expect((await visitor.request(`/api/courses/${courseId}/start`, { method: "POST" })).status).toBe(200);
    const quiz = await visitor.request(`/api/lessons/${lessons.afterTwoDays}/quiz`);
    expect(quiz.status).toBe(403);
    expect(await quiz.text()).not.toContain("Mirroring repeats");
    expect((await visitor.request(`/api/lessons/${lessons.afterTwoDays}/quiz/attempts`)).status).toBe(403);
    const attempt = await visitor.request(`/api/lessons/${lessons.afterTwoDays}/quiz/attempts`, { method: "POST", json: { answers: [] } });
    expect(attempt.status).toBe(403);
    expect(((await attempt.json()) as Locked).availableAt).toEqual(expect.any(String));

    const complete = await visitor.request(`/api/lessons/${lessons.onDate}/complete`, { method: "POST" });
    expect(complete.status).toBe(403);
    expect(((await complete.json()) as Locked).availableAt).toBe(releaseAt.toISOString());
    const byForm = await visitor.request(`/course/${courseId}/lesson/${lessons.onDate}`, form({ intent: "complete" }));
    expect(byForm.status).toBe(403);
    const heartbeat = await visitor.request("/api/learning-time", { method: "POST", json: { lessonId: lessons.onDate, seconds: 10 } });
    expect(heartbeat.status).toBe(403);
    // The portal's "quizzes to pass" leaves it out too.
    expect(await (await visitor.request("/students")).text()).not.toContain(`/lesson/${lessons.afterTwoDays}`);
    const progress = (await (await visitor.request("/api/user/progress")).json()) as Array<{ courseId: number; progressPercentage: number }>;
    expect(progress.find((p) => p.courseId === courseId)?.progressPercentage).toBe(0);
  });

  it("finishes and certifies the course only once every lesson is released and completed", async () => {
    const { visitor, username } = await newMember();
    expect((await visitor.request(`/api/courses/${courseId}/start`, { method: "POST" })).status).toBe(200);
    await startedDaysAgo(username, courseId, 3);
    expect((await visitor.request(`/api/lessons/${lessons.afterTwoDays}`)).status).toBe(200);
    expect(await (await visitor.request("/students")).text()).toContain(`/lesson/${lessons.afterTwoDays}`);
    const first = (await (await visitor.request(`/api/lessons/${lessons.open}/complete`, { method: "POST" })).json()) as {
      progress: { isCompleted: boolean };
      nextLessonId: number;
    };
    expect(first.progress.isCompleted).toBe(false);
    const passed = await visitor.request(`/api/lessons/${lessons.afterTwoDays}/quiz/attempts`, {
      method: "POST",
      json: { answers: [{ questionId: await firstQuestionId(lessons.afterTwoDays), choices: [0] }] },
    });
    expect(passed.status).toBe(201);
    const second = (await passed.json()) as { completion: { progress: { isCompleted: boolean; progressPercentage: number }; certificate: unknown } };
    expect(second.completion.progress).toMatchObject({ isCompleted: false, progressPercentage: 67 });
    expect(second.completion.certificate).toBeNull();
    expect((await visitor.request(`/api/lessons/${lessons.onDate}/complete`, { method: "POST" })).status).toBe(403);

    // The fixed date passes (the admin moves it to yesterday): the last lesson opens and finishes the course.
    await database.run("update lessons set release_at = ? where id = ?", new Date(Date.now() - DAY), lessons.onDate);
    const last = await visitor.request(`/api/lessons/${lessons.onDate}/complete`, { method: "POST" });
    expect(last.status).toBe(200);
    const done = (await last.json()) as { progress: { isCompleted: boolean }; certificate: { certificateNumber: string } | null };
    expect(done.progress.isCompleted).toBe(true);
    expect(done.certificate?.certificateNumber).toMatch(/^ACD-/);
    await database.run("update lessons set release_at = ? where id = ?", releaseAt, lessons.onDate);
  });

  async function firstQuestionId(lessonId: number): Promise<number> {
    const { quiz } = (await (await admin.request(`/api/lessons/${lessonId}/quiz`)).json()) as { quiz: { questions: Array<{ id: number }> } };
    return quiz.questions[0]?.id ?? 0;
  }

  it("keeps a locked lesson's text out of the study companion until it opens for that member", async () => {
    const { visitor, username } = await newMember();
    expect((await visitor.request(`/api/courses/${courseId}/start`, { method: "POST" })).status).toBe(200);
    const question = `What is the ${MARK} mirror exercise?`;
    const ask = async (who: Visitor, context: object = {}) => {
      const response = await who.request("/api/chat", { method: "POST", json: { message: question, context } });
      expect(response.status).toBe(200);
      return (await response.text()).replaceAll(question, "");
    };
    const locked = await ask(visitor, { lessonId: lessons.afterTwoDays });
    expect(locked).not.toContain("describe the querent's question back");
    expect(locked).not.toContain(`/lesson/${lessons.afterTwoDays}`);
    const suggestions = await visitor.request(`/api/chat/suggestions?lessonId=${lessons.afterTwoDays}`);
    expect(suggestions.status).toBe(403);

    expect(await ask(admin)).toContain("describe the querent's question back");
    await startedDaysAgo(username, courseId, 2.5);
    expect(await ask(visitor)).toContain("describe the querent's question back");
  });

  it("shows everything to admins and to the course's own instructors, not to other instructors", async () => {
    const adminView = await admin.request(`/api/lessons/${lessons.onDate}`);
    expect(adminView.status).toBe(200);
    expect(((await adminView.json()) as LessonJson).contentSections[0]?.content).toBe("Close kindly.");
    expect((await admin.request(`/course/${courseId}/lesson/${lessons.onDate}`)).status).toBe(200);

    const own = await newMember("teacher");
    const other = await newMember("teacher");
    await database.run("update users set role = 'instructor' where username in (?, ?)", own.username, other.username);
    await database.run("insert into course_instructors (course_id, user_id) select ?, id from users where username = ?", courseId, own.username);
    const ownView = await own.visitor.request(`/api/lessons/${lessons.onDate}`);
    expect(ownView.status).toBe(200);
    expect((await own.visitor.request(`/course/${courseId}/lesson/${lessons.afterTwoDays}`)).status).toBe(200);
    expect(await (await own.visitor.request(`/course/${courseId}`)).text()).not.toContain("Opens on");
    expect((await other.visitor.request(`/api/lessons/${lessons.onDate}`)).status).toBe(403);
  });

  it("tells a member once, with a notification linking to the lesson, when a lesson opens for them", async () => {
    const { visitor, username } = await newMember();
    expect((await visitor.request(`/api/courses/${courseId}/start`, { method: "POST" })).status).toBe(200);
    const released = async () => {
      const { notifications } = (await (await visitor.request("/api/notifications")).json()) as { notifications: Array<{ type: string; title: string; url: string }> };
      return notifications.filter((n) => n.type === "lesson_released");
    };
    await sleep(1500);
    expect(await released()).toEqual([]);

    await startedDaysAgo(username, courseId, 2.1);
    await waitFor(async () => (await released()).length > 0);
    await sleep(2500); // a few more ticks of the scheduler
    const told = await released();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: "A new lesson is open: Week two: the mirror", url: `/course/${courseId}/lesson/${lessons.afterTwoDays}` });
    const notices = await database.all('select lesson_id as "lessonId" from lesson_release_notices where user_id = (select id from users where username = ?)', username);
    expect(notices).toEqual([{ lessonId: lessons.afterTwoDays }]);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error("timed out waiting");
}
