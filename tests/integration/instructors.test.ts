import { beforeAll, describe, expect, it } from "vitest";
import { listBuiltRoutes, type RouteModule } from "./built-routes";
import { newStudent, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";
import { fillPattern } from "./route-walk";

// Instructors (issue 29): an admin gives a member the instructor role and
// names them on a course; they then manage that course alone (its lessons,
// quizzes, learners) and nothing else of the admin area.

const academy = useAcademy({ LOGIN_MAX_FAILURES: "1000", SIGNUPS_PER_HOUR: "1000" });

interface CourseJson {
  id: number;
  title: string;
  isActive: boolean;
  instructorIds: number[];
  instructors: { id: number; name: string; bio: string | null }[];
}

const courseBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `${title}, taught with care.`,
  level: "Beginner",
  rating: "4.5",
  duration: "3 weeks",
  isActive: true,
  isPremium: false,
  ...extra,
});

let admin: Visitor;
let instructor: Visitor;
let instructorId: number;
let student: Visitor;
let studentId: number;
let ownCourse: CourseJson;
let otherCourse: CourseJson;
let ownLessonId: number;
let otherLessonId: number;

async function idOf(visitor: Visitor): Promise<number> {
  const status = (await (await visitor.request("/api/auth-status")).json()) as { user: { id: number } };
  return status.user.id;
}

async function setRole(memberId: number, body: unknown, as: Visitor = admin): Promise<Response> {
  return as.request(`/api/admin/members/${memberId}/role`, { method: "PUT", json: body });
}

async function createLesson(as: Visitor, courseId: number, title: string): Promise<Response> {
  return as.request(`/api/courses/${courseId}/lessons`, {
    method: "POST",
    json: { title, description: "A lesson", contentSections: [{ type: "text", title: "Reading", content: "Breathe and shuffle." }] },
  });
}

beforeAll(async () => {
  admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  instructor = await newStudent(academy.baseUrl);
  instructorId = await idOf(instructor);
  student = await newStudent(academy.baseUrl);
  studentId = await idOf(student);
});

describe("roles", () => {
  it("only an admin sets a role, with clear refusals", async () => {
    expect((await new Visitor(academy.baseUrl).request(`/api/admin/members/${studentId}/role`, { method: "PUT", json: { role: "admin" } })).status).toBe(401);
    const bySelf = await setRole(studentId, { role: "admin" }, student);
    expect(bySelf.status).toBe(403);
    const badRole = await setRole(studentId, { role: "wizard" });
    expect(badRole.status).toBe(400);
    expect(((await badRole.json()) as { message: string }).message).toMatch(/student, instructor or admin/);
    expect((await setRole(999_999, { role: "instructor" })).status).toBe(404);

    const promoted = await setRole(instructorId, { role: "instructor" });
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({ id: instructorId, role: "instructor", canCreateCourses: false });
    expect((await instructor.authStatus()).role).toBe("instructor");
  });

  it("never demotes the last admin", async () => {
    const adminId = await idOf(admin);
    const refused = await setRole(adminId, { role: "student" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/at least one administrator/);
    expect((await admin.authStatus()).role).toBe("admin");
  });

  it("the member directory's plain form changes a role without JavaScript", async () => {
    const member = await newStudent(academy.baseUrl);
    const memberId = await idOf(member);
    const form = new URLSearchParams({ intent: "role", memberId: String(memberId), role: "instructor", canCreateCourses: "on" });
    const answer = await admin.request("/admin/members", { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(answer.status).toBe(302);
    expect((await member.authStatus()).role).toBe("instructor");
    const page = await (await admin.request("/admin/members")).text();
    expect(page).toContain("Instructor");
    // Back to student: they no longer create courses.
    const back = new URLSearchParams({ intent: "role", memberId: String(memberId), role: "student" });
    expect((await admin.request("/admin/members", { method: "POST", body: back, headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(302);
    expect((await member.authStatus()).role).toBe("student");
  });
});

describe("an instructor's courses", () => {
  beforeAll(async () => {
    const bio = await instructor.request("/api/user/profile", { method: "PUT", json: { name: "Maren Quill", bio: "Reads the cards since 1999." } });
    expect(bio.status).toBe(200);
    const own = await admin.request("/api/courses", { method: "POST", json: courseBody(uniqueName("Tarot"), { instructorIds: [instructorId] }) });
    expect(own.status).toBe(201);
    ownCourse = (await own.json()) as CourseJson;
    const other = await admin.request("/api/courses", { method: "POST", json: courseBody(uniqueName("Runes")) });
    otherCourse = (await other.json()) as CourseJson;
    ownLessonId = ((await (await createLesson(admin, ownCourse.id, "The Fool")).json()) as { id: number }).id;
    otherLessonId = ((await (await createLesson(admin, otherCourse.id, "Fehu")).json()) as { id: number }).id;
  });

  it("the course API and page name the instructors with their bio", async () => {
    expect(ownCourse.instructorIds).toEqual([instructorId]);
    const read = (await (await new Visitor(academy.baseUrl).request(`/api/courses/${ownCourse.id}`)).json()) as CourseJson;
    expect(read.instructors).toEqual([{ id: instructorId, name: "Maren Quill", bio: "Reads the cards since 1999." }]);
    const page = await (await student.request(`/course/${ownCourse.id}`)).text();
    expect(page).toContain("Your instructor");
    expect(page).toContain("Reads the cards since 1999.");
    // Only members with the instructor role can be named.
    const wrong = await admin.request(`/api/courses/${otherCourse.id}`, { method: "PUT", json: courseBody(otherCourse.title, { instructorIds: [studentId] }) });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe(`Member ${studentId} is not an instructor`);
  });

  it("edits their own course, its lessons and quizzes, but not another's", async () => {
    const edited = await instructor.request(`/api/courses/${ownCourse.id}`, { method: "PUT", json: courseBody(`${ownCourse.title} (revised)`) });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as CourseJson).title).toBe(`${ownCourse.title} (revised)`);
    const foreign = await instructor.request(`/api/courses/${otherCourse.id}`, { method: "PUT", json: courseBody("Taken over") });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { message: string }).message).toBe("You can only manage your own courses");
    // Deleting a course, and changing who teaches it, are an admin's calls.
    expect((await instructor.request(`/api/courses/${ownCourse.id}`, { method: "DELETE" })).status).toBe(403);
    const restaff = await instructor.request(`/api/courses/${ownCourse.id}`, { method: "PUT", json: courseBody(ownCourse.title, { instructorIds: [] }) });
    expect(restaff.status).toBe(403);

    expect((await createLesson(instructor, ownCourse.id, "The Magician")).status).toBe(201);
    expect((await createLesson(instructor, otherCourse.id, "Uruz")).status).toBe(403);
    const lessonEdit = await instructor.request(`/api/lessons/${ownLessonId}`, { method: "PUT", json: { title: "The Fool's journey", isActive: false } });
    expect(lessonEdit.status).toBe(200);
    // A hidden lesson of their own course is still theirs to read.
    expect((await instructor.request(`/api/lessons/${ownLessonId}`)).status).toBe(200);
    expect((await student.request(`/api/lessons/${ownLessonId}`)).status).toBe(404);
    expect((await instructor.request(`/api/lessons/${otherLessonId}`, { method: "PUT", json: { title: "Mine now" } })).status).toBe(403);
    expect((await instructor.request(`/api/lessons/${otherLessonId}`, { method: "DELETE" })).status).toBe(403);

    const quiz = { passingScore: 70, questions: [{ type: "true_false", prompt: "The Fool is card zero.", correct: [0] }] };
    const quizOwn = await instructor.request(`/api/lessons/${ownLessonId}/quiz`, { method: "PUT", json: quiz });
    expect(quizOwn.status, await quizOwn.clone().text()).toBe(200);
    expect((await instructor.request(`/api/lessons/${otherLessonId}/quiz`, { method: "PUT", json: quiz })).status).toBe(403);

    // The course editor's pages: theirs open, another's sends them back to their list.
    expect((await instructor.request(`/admin/courses/${ownCourse.id}/lessons`)).status).toBe(200);
    const away = await instructor.request(`/admin/courses/${otherCourse.id}/lessons`);
    expect(away.status).toBe(302);
    expect(away.headers.get("Location")).toBe("/admin/courses");
    const list = await (await instructor.request("/admin/courses")).text();
    expect(list).toContain("My Courses");
    expect(list).toContain(ownCourse.title);
    expect(list).not.toContain(otherCourse.title);
  });

  it("creates courses only when an admin allows it, and then runs them", async () => {
    const refused = await instructor.request("/api/courses", { method: "POST", json: courseBody(uniqueName("Astrology")) });
    expect(refused.status).toBe(403);
    expect((await setRole(instructorId, { role: "instructor", canCreateCourses: true })).status).toBe(200);
    // Their new course starts hidden, for an admin to publish (issue 39).
    const created = await instructor.request("/api/courses", { method: "POST", json: courseBody(uniqueName("Astrology"), { isActive: false }) });
    expect(created.status).toBe(201);
    const course = (await created.json()) as CourseJson;
    expect(course.instructorIds).toEqual([instructorId]);
    expect(course.isActive).toBe(false);
    expect((await instructor.request(`/api/courses/${course.id}`, { method: "PUT", json: courseBody(course.title, { isActive: false }) })).status).toBe(200);
    // Their archived course is still theirs to see.
    expect((await instructor.request(`/api/courses/${course.id}`)).status).toBe(200);
    expect((await student.request(`/api/courses/${course.id}`)).status).toBe(404);
    expect((await setRole(instructorId, { role: "instructor", canCreateCourses: false })).status).toBe(200);
  });

  it("sees their learners' progress and quiz scores, and no one else's", async () => {
    expect((await student.request(`/api/courses/${ownCourse.id}/start`, { method: "POST" })).status).toBe(200);
    const learners = await instructor.request(`/api/instructor/courses/${ownCourse.id}/learners`);
    expect(learners.status).toBe(200);
    const body = (await learners.json()) as { learners: { userId: number; progressPercentage: number; quizzes: unknown[] }[]; quizLessons: unknown[] };
    expect(body.learners.map((learner) => learner.userId)).toContain(studentId);
    expect(body.quizLessons.length).toBeGreaterThanOrEqual(0);
    expect((await instructor.request(`/api/instructor/courses/${otherCourse.id}/learners`)).status).toBe(403);
    expect((await student.request(`/api/instructor/courses/${ownCourse.id}/learners`)).status).toBe(403);
    expect((await admin.request(`/api/instructor/courses/${otherCourse.id}/learners`)).status).toBe(200);
  });

  it("/admin is their course list; the site header links to it", async () => {
    const home = await instructor.request("/admin");
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/admin/courses");
    expect(await (await instructor.request("/students")).text()).toContain('href="/admin/courses"');
  });

  it("a member who stops being an instructor is taken off their courses", async () => {
    const former = await newStudent(academy.baseUrl);
    const formerId = await idOf(former);
    expect((await setRole(formerId, { role: "instructor" })).status).toBe(200);
    expect((await admin.request(`/api/courses/${otherCourse.id}`, { method: "PUT", json: courseBody(otherCourse.title, { instructorIds: [formerId] }) })).status).toBe(200);
    expect((await former.request(`/api/courses/${otherCourse.id}`, { method: "PUT", json: courseBody(otherCourse.title) })).status).toBe(200);
    expect((await setRole(formerId, { role: "student" })).status).toBe(200);
    expect((await former.request(`/api/courses/${otherCourse.id}`, { method: "PUT", json: courseBody(otherCourse.title) })).status).toBe(403);
    expect(((await (await admin.request(`/api/courses/${otherCourse.id}`)).json()) as CourseJson).instructorIds).toEqual([]);
  });
});

describe("the admin area outside an instructor's scope", () => {
  /** In scope with their own course's id; the walk fills every id with another course's. */
  const IN_SCOPE_PAGES = new Set(["/admin/courses"]);
  let routes: RouteModule[];

  beforeAll(async () => {
    routes = (await listBuiltRoutes()).filter(
      (route) => route.pattern.startsWith("/admin") || route.pattern.startsWith("/api/admin") || route.pattern.startsWith("/api/instructor"),
    );
  });

  it("walks every admin page and admin API route and is refused (403, or sent back from a page)", async () => {
    expect(routes.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const route of routes) {
      // Every id is the other course's (or its lesson's): nothing there is theirs.
      const [concrete] = fillPattern(route.segments, { params: [String(otherCourse.id)], splats: ["x"] }).filter((path) => !path.path.includes("//"));
      if (!concrete) continue;
      const url = concrete.path.replace(`lessons/${otherCourse.id}`, `lessons/${otherLessonId}`);
      if (route.kind === "page") {
        if (IN_SCOPE_PAGES.has(url)) continue;
        const page = await instructor.request(url);
        const expected = url === "/admin" ? "/admin/courses" : undefined;
        if (page.status !== 302 || (expected && page.headers.get("Location") !== expected)) problems.push(`GET ${url} (page) → ${page.status}`);
        const posted = await instructor.request(url, { method: "POST", body: new URLSearchParams({ intent: "delete" }), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
        if (posted.status !== 302 && posted.status !== 403 && posted.status !== 405) problems.push(`POST ${url} (page) → ${posted.status}`);
        continue;
      }
      let refused = 0;
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        const answer = await instructor.request(url, { method, ...(method === "GET" || method === "DELETE" ? {} : { json: {} }) });
        if (answer.status === 403) refused += 1;
        else if (answer.status !== 405) problems.push(`${method} ${url} → ${answer.status}`);
      }
      if (refused === 0) problems.push(`${url}: no method was refused with 403`);
    }
    expect(problems).toEqual([]);
  });

  it("admin-only writes elsewhere in the API refuse an instructor too", async () => {
    const probes: Array<[string, string, unknown?]> = [
      ["POST", "/api/conferences", { title: "Mine", description: "x", scheduledAt: new Date().toISOString() }],
      ["POST", "/api/conferences/go-live"],
      ["POST", "/api/knowledge-base", { title: "x", content: "y", category: "Study Tips" }],
      ["GET", "/api/members"],
      ["DELETE", `/api/courses/${otherCourse.id}`],
    ];
    for (const [method, url, json] of probes) {
      const answer = await instructor.request(url, { method, ...(json === undefined ? {} : { json }) });
      expect(answer.status, `${method} ${url}`).toBe(403);
    }
  });
});
