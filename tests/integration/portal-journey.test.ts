import { describe, expect, it } from "vitest";
import { newStudent, passQuiz, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// "Continue Your Journey" (issue 14): in progress first, most recent first; then
// courses the member can start; never finished ones; Premium only as upsells.

const academy = useAcademy({ SIGNUPS_PER_HOUR: "500" });

interface JourneyCourse {
  id: number;
  kind: "in-progress" | "not-started" | "upsell";
  percentage: number;
}
interface Journey {
  courses: JourneyCourse[];
  upsells: JourneyCourse[];
  finishedCount: number;
}
interface Course {
  id: number;
  isPremium: boolean;
}


async function journeyOf(student: Visitor): Promise<Journey> {
  const response = await student.request("/api/user/journey");
  expect(response.status).toBe(200);
  return (await response.json()) as Journey;
}

async function catalogue(visitor: Visitor): Promise<Course[]> {
  return (await (await visitor.request("/api/courses")).json()) as Course[];
}

async function start(student: Visitor, courseId: number) {
  expect((await student.request(`/api/courses/${courseId}/start`, { method: "POST" })).status).toBe(200);
  // Activity is ordered by millisecond timestamps: keep two starts apart.
  await new Promise((resolve) => setTimeout(resolve, 5));
}

async function lessonIds(student: Visitor, courseId: number): Promise<number[]> {
  return ((await (await student.request(`/api/courses/${courseId}/lessons`)).json()) as { id: number }[]).map((lesson) => lesson.id);
}

/** Completes lessons as the student; a lesson with a quiz (some demo lessons have one) by passing it. */
async function completeLessons(student: Visitor, courseId: number, count = Infinity) {
  let staff: Visitor | undefined;
  for (const id of (await lessonIds(student, courseId)).slice(0, count)) {
    const response = await student.request(`/api/lessons/${id}/complete`, { method: "POST" });
    if (response.status === 409) {
      if (!staff) {
        staff = new Visitor(academy.baseUrl);
        expect((await staff.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
      }
      // A lesson may ask for a quiz, a reviewed assignment, or both (issue 45).
      const refusal = ((await response.json()) as { message: string }).message;
      if (refusal === "Pass the quiz to complete this lesson") {
        const outcome = await passQuiz(student, staff, id);
        expect(outcome.attempt.passed).toBe(true);
        if (!outcome.completion) await passAssignment(student, staff, id);
      } else {
        expect(refusal).toBe("Your assignment must pass review to complete this lesson");
        await passAssignment(student, staff, id);
      }
    } else expect(response.status).toBe(200);
  }
  await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Hands in the lesson's assignment and has `staff` pass it with full points; returns the review's completion. */
async function passAssignment(student: Visitor, staff: Visitor, lessonId: number) {
  const { assignment } = (await (await student.request(`/api/lessons/${lessonId}/assignment`)).json()) as { assignment: { rubric: { points: number }[] } };
  const handedIn = await student.request(`/api/lessons/${lessonId}/assignment/submissions`, { method: "POST", json: { text: "My practice work." } });
  expect(handedIn.status).toBe(201);
  const { submission } = (await handedIn.json()) as { submission: { id: number } };
  const scores = assignment.rubric.map((criterion, index) => ({ criterion: index, points: criterion.points }));
  const review = await staff.request(`/api/submissions/${submission.id}/review`, { method: "POST", json: { scores, feedback: "Well done.", decision: "passed" } });
  expect(review.status).toBe(200);
  expect(((await review.json()) as { completion: unknown }).completion).toBeTruthy();
}

async function setPlan(student: Visitor, plan: "premium" | "basic") {
  const me = (await (await student.request("/api/auth-status")).json()) as { user: { id: number } };
  const admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  const body = plan === "premium" ? { plan, status: "active" } : { plan, status: "cancelled" };
  expect((await admin.request(`/api/admin/members/${me.user.id}/subscription`, { method: "PUT", json: body })).status).toBe(200);
}

/** The hrefs of the overview's journey cards, in page order. */
async function journeyLinksOnPortal(student: Visitor): Promise<{ courses: string[]; upsells: string[]; html: string }> {
  const html = await (await student.request("/students")).text();
  const section = html.slice(html.indexOf('id="journey-title"'), html.indexOf('id="quick-actions-title"'));
  const anchors = [...section.matchAll(/<a\s[^>]*>/g)].map((match) => match[0]);
  const hrefs = (testId: string) => anchors.filter((tag) => tag.includes(`data-testid="${testId}"`)).map((tag) => /href="([^"]+)"/.exec(tag)?.[1] ?? "");
  return { courses: hrefs("journey-course"), upsells: hrefs("journey-upsell"), html: section };
}

describe("a free member's journey", () => {
  it("starts with the courses they can take, in catalogue order, and Premium courses only as upsells", async () => {
    const student = await newStudent(academy.baseUrl);
    const courses = await catalogue(student);
    const free = courses.filter((course) => !course.isPremium).map((course) => course.id);
    const premium = courses.filter((course) => course.isPremium).map((course) => course.id);
    expect(premium.length).toBeGreaterThan(0);

    const journey = await journeyOf(student);
    expect(journey.courses.map((course) => course.id)).toEqual(free);
    expect(journey.courses.every((course) => course.kind === "not-started" && course.percentage === 0)).toBe(true);
    expect(journey.upsells.map((course) => course.id)).toEqual(premium);
    expect(journey.upsells.every((course) => course.kind === "upsell")).toBe(true);
    expect(journey.finishedCount).toBe(0);

    const portal = await journeyLinksOnPortal(student);
    expect(portal.courses).toEqual(free.slice(0, 3).map((id) => `/course/${id}`));
    // The upsell leads to the upgrade, never to the course's lessons.
    expect(portal.upsells).toEqual(["/upgrade"]);
    expect(portal.html).toContain("Premium course");
    for (const id of premium) expect(portal.html).not.toContain(`href="/course/${id}"`);
  });

  it("puts courses in progress first, most recent activity first, and leaves finished courses out", async () => {
    const student = await newStudent(academy.baseUrl);
    const free = (await catalogue(student)).filter((course) => !course.isPremium).map((course) => course.id);
    const [first, second, third, ...rest] = free;
    if (first === undefined || second === undefined || third === undefined) throw new Error("the demo has three free courses");

    await start(student, second);
    await start(student, third);
    let journey = await journeyOf(student);
    expect(journey.courses.map((course) => [course.id, course.kind])).toEqual([
      [third, "in-progress"],
      [second, "in-progress"],
      [first, "not-started"],
      ...rest.map((id) => [id, "not-started"]),
    ]);

    // Studying the older course makes it the most recent.
    await completeLessons(student, second, 1);
    journey = await journeyOf(student);
    expect(journey.courses.slice(0, 2).map((course) => course.id)).toEqual([second, third]);
    expect(journey.courses[0]?.percentage).toBeGreaterThan(0);

    // Finishing a course takes it off the journey.
    await completeLessons(student, third);
    journey = await journeyOf(student);
    expect(journey.courses.map((course) => course.id)).not.toContain(third);
    expect(journey.courses.map((course) => course.id)).toEqual([second, first, ...rest]);
    expect(journey.finishedCount).toBe(1);
    expect((await journeyLinksOnPortal(student)).courses).toEqual([second, first, ...rest].slice(0, 3).map((id) => `/course/${id}`));
  });

  it("leads to the certificates once every course open to them is finished", async () => {
    const student = await newStudent(academy.baseUrl);
    const free = (await catalogue(student)).filter((course) => !course.isPremium).map((course) => course.id);
    for (const id of free) await completeLessons(student, id);

    const journey = await journeyOf(student);
    expect(journey.courses).toEqual([]);
    expect(journey.finishedCount).toBe(free.length);
    // A finished course's page leads to its certificate instead of "Continue Learning" (issue 47).
    const coursePage = await (await student.request(`/course/${free[0]}`)).text();
    expect(coursePage).toContain("Completed — view certificate");
    expect(coursePage).toMatch(/href="\/certificates\/[A-Z0-9-]+"/);
    expect(coursePage).not.toContain("Continue Learning");
    // So does the last lesson's page, at its end.
    const lastLesson = (await lessonIds(student, free[0] ?? 0)).at(-1);
    const { contentSections } = (await (await student.request(`/api/lessons/${lastLesson}`)).json()) as { contentSections: unknown[] };
    const lastSection = await (await student.request(`/course/${free[0]}/lesson/${lastLesson}?section=${contentSections.length}`)).text();
    expect(lastSection).toContain("This lesson is complete");
    expect(lastSection).toContain("Course completed — view your certificate");
    expect(lastSection).not.toContain("Complete Lesson");
    const portal = await journeyLinksOnPortal(student);
    expect(portal.courses).toEqual([]);
    expect(portal.html).toContain("You have finished every course open to you.");
    expect(portal.html).toContain('href="/students?tab=certificates"');
    // Premium is still offered, as an upsell.
    expect(portal.upsells).toEqual(["/upgrade"]);
  });
});

describe("a Premium member's journey", () => {
  it("offers Premium courses like any other, and a lapsed member's started Premium course becomes an upsell", async () => {
    const student = await newStudent(academy.baseUrl);
    await setPlan(student, "premium");
    const courses = await catalogue(student);
    const premium = courses.filter((course) => course.isPremium).map((course) => course.id);
    const [premiumCourse] = premium;
    if (premiumCourse === undefined) throw new Error("the demo has a Premium course");

    let journey = await journeyOf(student);
    expect(journey.upsells).toEqual([]);
    expect(journey.courses.map((course) => course.id)).toEqual(courses.map((course) => course.id));
    expect((await journeyLinksOnPortal(student)).upsells).toEqual([]);

    await start(student, premiumCourse);
    await completeLessons(student, premiumCourse, 1);
    expect((await journeyOf(student)).courses[0]).toMatchObject({ id: premiumCourse, kind: "in-progress" });

    await setPlan(student, "basic");
    journey = await journeyOf(student);
    expect(journey.courses.map((course) => course.id)).not.toContain(premiumCourse);
    expect(journey.upsells[0]).toMatchObject({ id: premiumCourse, kind: "upsell" });
    expect(journey.upsells[0]?.percentage).toBeGreaterThan(0);
  });
});

describe("the journey API", () => {
  it("is for signed-in members only", async () => {
    expect((await new Visitor(academy.baseUrl).request("/api/user/journey")).status).toBe(401);
  });
});
