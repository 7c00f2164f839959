import { beforeAll, describe, expect, it } from "vitest";
import { newStudent, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";
import { pdfText } from "./pdf-text";

// Issue 39: what a probe of the instructor role found. Instructors teach the
// courses they are named on; who pays for what and what is published stays
// the academy's (admins'); an instructor's tools read only their own courses;
// and an instructor who leaves takes their name off every certificate they signed.

const academy = useAcademy({ LOGIN_MAX_FAILURES: "1000", SIGNUPS_PER_HOUR: "1000" });
const PASSWORD = "a calm and steady passphrase";

interface CourseJson {
  id: number;
  title: string;
  isActive: boolean;
  isPremium: boolean;
  instructorIds: number[];
}

const courseBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `${title}, taught with care.`,
  level: "Beginner",
  rating: "4.5",
  duration: "3 weeks",
  ...extra,
});

let admin: Visitor;

async function idOf(visitor: Visitor): Promise<number> {
  const status = (await (await visitor.request("/api/auth-status")).json()) as { user: { id: number } };
  return status.user.id;
}

async function newInstructor(): Promise<{ visitor: Visitor; id: number }> {
  const visitor = await newStudent(academy.baseUrl);
  const id = await idOf(visitor);
  expect((await admin.request(`/api/admin/members/${id}/role`, { method: "PUT", json: { role: "instructor" } })).status).toBe(200);
  return { visitor, id };
}

async function createCourse(body: Record<string, unknown>): Promise<CourseJson> {
  const response = await admin.request("/api/courses", { method: "POST", json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CourseJson;
}

async function createLesson(courseId: number, title: string, description = "A lesson"): Promise<number> {
  const response = await admin.request(`/api/courses/${courseId}/lessons`, {
    method: "POST",
    json: { title, description, contentSections: [{ type: "text", title: "Reading", content: "Breathe and shuffle." }] },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function readCourse(id: number): Promise<CourseJson> {
  return (await (await admin.request(`/api/courses/${id}`)).json()) as CourseJson;
}

/** The course form as a browser posts it (multipart, as the page's form does). */
function courseForm(courseId: number, title: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ courseId: String(courseId), ...courseBody(title), ...fields })) form.append(name, String(value));
  return form;
}

beforeAll(async () => {
  admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
});

describe("1. publishing and Premium are an admin's decisions", () => {
  let instructor: Visitor;
  let course: CourseJson;
  let lessonId: number;
  let freeMember: Visitor;

  beforeAll(async () => {
    const staff = await newInstructor();
    instructor = staff.visitor;
    course = await createCourse(courseBody(uniqueName("Premium Tarot"), { isPremium: true, isActive: true, instructorIds: [staff.id] }));
    lessonId = await createLesson(course.id, "The High Priestess");
    freeMember = await newStudent(academy.baseUrl);
    expect((await freeMember.request(`/api/lessons/${lessonId}`)).status).toBe(403);
  });

  it("the course API refuses an instructor's change of isPremium or isActive with 403, and the course stays Premium and published", async () => {
    const free = await instructor.request(`/api/courses/${course.id}`, { method: "PUT", json: courseBody(course.title, { isPremium: false, isActive: true }) });
    expect(free.status).toBe(403);
    expect(((await free.json()) as { message: string }).message).toBe("Only an administrator can publish or hide a course, or change whether it is Premium");
    const hidden = await instructor.request(`/api/courses/${course.id}`, { method: "PUT", json: courseBody(course.title, { isPremium: true, isActive: false }) });
    expect(hidden.status).toBe(403);
    expect(await readCourse(course.id)).toMatchObject({ isPremium: true, isActive: true });
    expect((await freeMember.request(`/api/lessons/${lessonId}`)).status).toBe(403);

    // Their other edits go through: the values sent back unchanged, or left out.
    const same = await instructor.request(`/api/courses/${course.id}`, { method: "PUT", json: courseBody(course.title, { isPremium: true, isActive: true, duration: "4 weeks" }) });
    expect(same.status).toBe(200);
    const omitted = await instructor.request(`/api/courses/${course.id}`, { method: "PUT", json: courseBody(course.title, { duration: "5 weeks" }) });
    expect(omitted.status).toBe(200);
    expect(await readCourse(course.id)).toMatchObject({ isPremium: true, isActive: true });

    // An admin decides both.
    expect((await admin.request(`/api/courses/${course.id}`, { method: "PUT", json: courseBody(course.title, { isPremium: false }) })).status).toBe(200);
    expect(await readCourse(course.id)).toMatchObject({ isPremium: false, isActive: true });
    expect((await admin.request(`/api/courses/${course.id}`, { method: "PUT", json: courseBody(course.title, { isPremium: true }) })).status).toBe(200);
  });

  it("the course form shows them read-only to the instructor, and a forged form is refused the same way", async () => {
    const page = await (await instructor.request(`/admin/courses?edit=${course.id}`)).text();
    expect(page).toContain("An administrator decides whether this course is published and whether it is Premium.");
    expect(page).not.toContain('name="publishingShown"');
    expect(page).toMatch(/<input type="checkbox"[^>]*disabled=""[^>]*\/>\s*<span>Premium only<\/span>/);

    // The instructor's own form (the boxes are disabled, so not sent) saves without touching them.
    const saved = await instructor.request("/admin/courses", { method: "POST", body: courseForm(course.id, course.title, { duration: "6 weeks" }) });
    expect(saved.status).toBe(302);
    expect(await readCourse(course.id)).toMatchObject({ isPremium: true, isActive: true });

    // A hand-made form claiming the admin's boxes, with "Premium only" unticked.
    const forged = await instructor.request("/admin/courses", { method: "POST", body: courseForm(course.id, course.title, { publishingShown: "1", isActive: "on" }) });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("Only an administrator can publish or hide a course, or change whether it is Premium");
    expect(await readCourse(course.id)).toMatchObject({ isPremium: true, isActive: true });
    expect((await freeMember.request(`/api/lessons/${lessonId}`)).status).toBe(403);

    // The admin's form changes them.
    const adminPage = await (await admin.request(`/admin/courses?edit=${course.id}`)).text();
    expect(adminPage).toContain('name="publishingShown"');
    const unpublished = await admin.request("/admin/courses", { method: "POST", body: courseForm(course.id, course.title, { publishingShown: "1", isPremium: "on" }) });
    expect(unpublished.status).toBe(302);
    expect(await readCourse(course.id)).toMatchObject({ isPremium: true, isActive: false });
  });

  it("a course an instructor creates starts hidden and free, for an admin to publish", async () => {
    const creator = await newInstructor();
    expect((await admin.request(`/api/admin/members/${creator.id}/role`, { method: "PUT", json: { role: "instructor", canCreateCourses: true } })).status).toBe(200);
    const published = await creator.visitor.request("/api/courses", { method: "POST", json: courseBody(uniqueName("Runes"), { isActive: true }) });
    expect(published.status).toBe(403);
    const created = await creator.visitor.request("/api/courses", { method: "POST", json: courseBody(uniqueName("Runes")) });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ isActive: false, isPremium: false, instructorIds: [creator.id] });
  });
});

describe("2. lesson generation reads only the caller's own courses", () => {
  let instructor: Visitor;
  let hidden: CourseJson;
  let own: CourseJson;

  const generate = (as: Visitor, body: Record<string, unknown>) => as.request("/api/generate-lesson-content", { method: "POST", json: body });

  beforeAll(async () => {
    const staff = await newInstructor();
    instructor = staff.visitor;
    hidden = await createCourse(courseBody(uniqueName("Hidden Draft Course Zeta"), { isActive: false }));
    await createLesson(hidden.id, "Zeta secret launch rite", "whispered zeta launch plans");
    own = await createCourse(courseBody(uniqueName("Own Course"), { instructorIds: [staff.id] }));
    await createLesson(own.id, "Own visible launch rite", "the instructor's own launch lesson");
  });

  it("a title naming a course the instructor does not teach grounds nothing on it", async () => {
    const answer = await generate(instructor, { title: "zeta launch", courseTitle: hidden.title });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain("Zeta secret launch rite");
    expect(text).not.toContain("whispered zeta launch plans");
  });

  it("a course id must be one they manage: another's is 403, their own grounds the outline", async () => {
    const refused = await generate(instructor, { title: "zeta launch", courseId: hidden.id });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("Zeta secret");
    const byId = await generate(instructor, { title: "launch day", courseTitle: own.title, courseId: own.id });
    expect(byId.status).toBe(200);
    expect(await byId.text()).toContain("Own visible launch rite");
    // Older clients send the title alone: still found among their own courses.
    const byTitle = await generate(instructor, { title: "launch day", courseTitle: own.title });
    expect(await byTitle.text()).toContain("Own visible launch rite");
    // Admins manage every course, the hidden one included.
    expect(await (await generate(admin, { title: "zeta launch", courseTitle: hidden.title })).text()).toContain("Zeta secret launch rite");
  });
});

describe("3. a deleted instructor's name leaves every certificate they signed", () => {
  it("whatever they were called since and whether or not they still teach the course: the page and the PDF say 'Former instructor'", async () => {
    const renamed = await newInstructor();
    const removed = await newInstructor();
    expect((await renamed.visitor.request("/api/user/profile", { method: "PUT", json: { name: "Maren Quill" } })).status).toBe(200);
    expect((await removed.visitor.request("/api/user/profile", { method: "PUT", json: { name: "Oskar Fenwick" } })).status).toBe(200);
    const course = await createCourse(courseBody(uniqueName("Candle Magic"), { instructorIds: [renamed.id, removed.id] }));
    const lessonId = await createLesson(course.id, "Lighting the first candle");

    const learner = await newStudent(academy.baseUrl);
    expect((await learner.request(`/api/courses/${course.id}/start`, { method: "POST" })).status).toBe(200);
    const completed = (await (await learner.request(`/api/lessons/${lessonId}/complete`, { method: "POST" })).json()) as { certificate: { id: number; certificateNumber: string; instructors: string[] } };
    const { certificateNumber, id: certificateId } = completed.certificate;
    expect(completed.certificate.instructors).toEqual(["Maren Quill", "Oskar Fenwick"]);

    const verifyPage = async () => (await fetch(`${academy.baseUrl}/certificates/${certificateNumber}`)).text();
    const pdf = async () => {
      const { downloadUrl } = (await (await learner.request(`/api/certificates/${certificateId}/download`, { method: "POST" })).json()) as { downloadUrl: string };
      return pdfText(Buffer.from(await (await learner.request(downloadUrl)).arrayBuffer()));
    };
    expect(await verifyPage()).toContain("Maren Quill");
    expect(await pdf()).toContain("Maren Quill, Oskar Fenwick");

    // One renames themselves and stays on the course; the other is taken off it. Then both leave.
    expect((await renamed.visitor.request("/api/user/profile", { method: "PUT", json: { name: "Someone Else Now" } })).status).toBe(200);
    expect((await admin.request(`/api/courses/${course.id}`, { method: "PUT", json: courseBody(course.title, { instructorIds: [renamed.id] }) })).status).toBe(200);
    for (const leaving of [renamed, removed]) {
      expect((await leaving.visitor.request("/api/user", { method: "DELETE", json: { password: PASSWORD } })).status).toBe(200);
    }

    const page = await verifyPage();
    expect(page).not.toContain("Maren Quill");
    expect(page).not.toContain("Oskar Fenwick");
    expect(page.match(/Former instructor/g)?.length).toBeGreaterThanOrEqual(2);
    const text = await pdf();
    expect(text).not.toContain("Maren Quill");
    expect(text).not.toContain("Oskar Fenwick");
    expect(text).toContain("Former instructor, Former instructor");
    const listed = (await (await learner.request("/api/user/certificates")).json()) as Array<{ instructors: string[] }>;
    expect(listed[0]?.instructors).toEqual(["Former instructor", "Former instructor"]);
  });
});
