import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PREMIUM, newStudent, passQuiz, postEarlyAnswer, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Issue 45: assignments a member hands in and a course's reviewers grade
// against a rubric, through the JSON API of the real server. A course's
// instructor reviews; an instructor of another course and other members see
// nothing of it.
const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000" });

const ASSIGNMENT = {
  instructions: "Write a **reading summary** for a client, or record it.",
  kinds: ["text", "file"],
  maxFileMb: 25,
  rubric: [
    { criterion: "Clarity", description: "Plain words a client understands", points: 4 },
    { criterion: "Accuracy", description: "", points: 6 },
  ],
  passPoints: 6,
  required: true,
};

interface ApiSubmission {
  id: number;
  version: number;
  status: "submitted" | "passed" | "revise";
  text: string | null;
  file: { name: string; size: number; type: string; url: string } | null;
  createdAt: string;
  review: { reviewer: { id: number; name: string } | null; scores: Array<{ criterion: string; points: number; maxPoints: number }>; totalPoints: number; feedback: string; feedbackHtml: string } | null;
}
interface QueueItem extends ApiSubmission {
  member: { id: number; username: string };
  lesson: { id: number; title: string };
  course: { id: number; title: string };
}
interface Completion {
  progress: { progressPercentage: number; isCompleted: boolean };
  certificate: { certificateNumber: string } | null;
}
interface NotificationsJson {
  notifications: Array<{ id: number; type: string; title: string; body: string | null; url: string; readAt: string | null }>;
}

async function signedIn(username: string, password: string) {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}

async function idOf(visitor: Visitor): Promise<number> {
  return ((await (await visitor.request("/api/auth-status")).json()) as { user: { id: number } }).user.id;
}

const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;

/** A file as a browser's form sends it. */
function fileForm(name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return form;
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
// An ID3v2.4 tag header, then bytes standing in for MPEG frames.
const MP3 = Buffer.concat([Buffer.from("ID3"), Buffer.from([4, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7) % 256))]);
const TXT = Buffer.from("Dear client, the Tower speaks of sudden change — ça va aller.\n");

let admin: Visitor;
let instructor: Visitor;
let instructorId: number;
let outsider: Visitor; // an instructor, of another course
let courseId: number;
let otherCourseId: number;

async function createCourse(body: Record<string, unknown> = {}) {
  const response = await admin.request("/api/courses", {
    method: "POST",
    json: { title: uniqueName("Readings"), description: "Practice with feedback.", level: "Beginner", rating: "4.5", duration: "2 weeks", isActive: true, isPremium: false, ...body },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function createLesson(course: number, title = uniqueName("Lesson"), extra: Record<string, unknown> = {}) {
  const response = await admin.request(`/api/courses/${course}/lessons`, {
    method: "POST",
    json: { title, contentSections: [{ type: "text", title: "Reading", content: "Summarise a spread for a client." }], ...extra },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function putAssignment(lessonId: number, body: object = ASSIGNMENT, as: Visitor = admin) {
  return as.request(`/api/lessons/${lessonId}/assignment`, { method: "PUT", json: body });
}

/** A new lesson of the instructor's course carrying `body` as its assignment. */
async function lessonWithAssignment(body: object = ASSIGNMENT, course = courseId) {
  const lessonId = await createLesson(course);
  expect((await putAssignment(lessonId, body)).status).toBe(200);
  return lessonId;
}

const submit = (member: Visitor, lessonId: number, body: { text?: string } | FormData) =>
  member.request(`/api/lessons/${lessonId}/assignment/submissions`, body instanceof FormData ? { method: "POST", body } : { method: "POST", json: body });

async function submitted(member: Visitor, lessonId: number, body: { text?: string } | FormData = { text: "My summary of the spread." }) {
  const response = await submit(member, lessonId, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { submission: ApiSubmission }).submission;
}

const review = (as: Visitor, submissionId: number, body: object) => as.request(`/api/submissions/${submissionId}/review`, { method: "POST", json: body });
const PASS = { scores: [{ criterion: 0, points: 3 }, { criterion: 1, points: 5 }], feedback: "Clear and *kind*.", decision: "passed" };
const REVISE = { scores: [{ criterion: 0, points: 2 }, { criterion: 1, points: 2 }], feedback: "Name the cards you read.", decision: "revise" };

const ownSubmissions = (member: Visitor, lessonId: number) => json<{ submissions: ApiSubmission[] }>(member.request(`/api/lessons/${lessonId}/assignment/submissions`));
const queue = (as: Visitor, query = "") => json<{ items: QueueItem[]; total: number }>(as.request(`/api/reviews${query}`));

beforeAll(async () => {
  admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  instructor = await newStudent(academy.baseUrl);
  instructorId = await idOf(instructor);
  outsider = await newStudent(academy.baseUrl);
  for (const id of [instructorId, await idOf(outsider)]) {
    expect((await admin.request(`/api/admin/members/${id}/role`, { method: "PUT", json: { role: "instructor" } })).status).toBe(200);
  }
  courseId = await createCourse({ instructorIds: [instructorId] });
  otherCourseId = await createCourse({ instructorIds: [await idOf(outsider)] });
});

describe("saving an assignment (PUT /api/lessons/{id}/assignment)", () => {
  it("answers 400 with field paths for each broken rule and saves nothing", async () => {
    const lessonId = await createLesson(courseId);
    const cases: Array<[object, string, RegExp]> = [
      [{ ...ASSIGNMENT, rubric: [ASSIGNMENT.rubric[0], { criterion: "Accuracy", points: 0 }] }, "rubric.1.points", /at least 1 point/],
      [{ ...ASSIGNMENT, rubric: [ASSIGNMENT.rubric[0], { criterion: "Accuracy", points: 2.5 }] }, "rubric.1.points", /whole number/],
      [{ ...ASSIGNMENT, passPoints: 11 }, "passPoints", /cannot be more than the rubric's total \(10\)/],
      [{ ...ASSIGNMENT, kinds: [] }, "kinds", /at least one kind/],
      [{ ...ASSIGNMENT, kinds: ["video"] }, "kinds.0", /"text", "file" or both/],
      [{ ...ASSIGNMENT, rubric: [{ criterion: "   ", points: 3 }] }, "rubric.0.criterion", /Criterion is required/],
      [{ ...ASSIGNMENT, rubric: [] }, "rubric", /at least one criterion/],
      [{ ...ASSIGNMENT, instructions: "" }, "instructions", /Instructions is required/],
      [{ ...ASSIGNMENT, maxFileMb: 101 }, "maxFileMb", /at most 100 MB/],
      [{ ...ASSIGNMENT, passPoints: "six" }, "passPoints", /must be a number/],
      [{ ...ASSIGNMENT, extra: true }, "body", /Unrecognized key/],
    ];
    for (const [body, field, message] of cases) {
      const response = await putAssignment(lessonId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { message: string; errors?: Record<string, string[]> };
      expect(answer.errors?.[field]?.join(" "), JSON.stringify(answer)).toMatch(message);
      expect(answer.message).toMatch(message);
    }
    expect((await admin.request(`/api/lessons/${lessonId}/assignment`, { method: "PUT", body: "{not json", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect((await admin.request(`/api/lessons/${lessonId}/assignment`)).status).toBe(404);
  });

  it("admins and the course's instructors write it; students and other courses' instructors get 403", async () => {
    const lessonId = await createLesson(courseId);
    const student = await newStudent(academy.baseUrl);
    expect((await new Visitor(academy.baseUrl).request(`/api/lessons/${lessonId}/assignment`, { method: "PUT", json: ASSIGNMENT })).status).toBe(401);
    expect((await putAssignment(lessonId, ASSIGNMENT, student)).status).toBe(403);
    expect((await student.request(`/api/lessons/${lessonId}/assignment`, { method: "DELETE" })).status).toBe(403);
    expect((await putAssignment(lessonId, ASSIGNMENT, outsider)).status).toBe(403);
    expect((await outsider.request(`/api/lessons/${lessonId}/assignment`, { method: "DELETE" })).status).toBe(403);

    const saved = await putAssignment(lessonId, { ...ASSIGNMENT, kinds: ["file", "text"], maxFileMb: undefined }, instructor);
    expect(saved.status).toBe(200);
    const { assignment } = (await saved.json()) as { assignment: Record<string, unknown> };
    expect(assignment).toMatchObject({
      lessonId,
      kinds: ["text", "file"],
      maxFileMb: 25,
      totalPoints: 10,
      passPoints: 6,
      required: true,
      rubric: ASSIGNMENT.rubric,
    });
    expect(assignment.instructionsHtml).toContain("<strong>reading summary</strong>");
    // Saving again replaces it.
    const changed = await json<{ assignment: { passPoints: number; required: boolean } }>(putAssignment(lessonId, { ...ASSIGNMENT, passPoints: 10, required: false }, instructor));
    expect(changed.assignment).toMatchObject({ passPoints: 10, required: false });
    expect((await instructor.request(`/api/lessons/${lessonId}/assignment`, { method: "DELETE" })).status).toBe(204);
    expect((await instructor.request(`/api/lessons/${lessonId}/assignment`, { method: "DELETE" })).status).toBe(404);
    expect((await putAssignment(999_999)).status).toBe(404);
    expect((await admin.request(`/api/lessons/${lessonId}/assignment`, { method: "PATCH", json: ASSIGNMENT })).status).toBe(405);
  });

  it("DELETE is refused with 409 while a submission awaits review, and removes everything after", async () => {
    const lessonId = await lessonWithAssignment();
    const member = await newStudent(academy.baseUrl);
    const handedIn = await submitted(member, lessonId, fileForm("summary.pdf", PDF));
    const refused = await instructor.request(`/api/lessons/${lessonId}/assignment`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: expect.stringMatching(/waiting for review/) });
    expect((await review(instructor, handedIn.id, REVISE)).status).toBe(200);
    expect((await instructor.request(`/api/lessons/${lessonId}/assignment`, { method: "DELETE" })).status).toBe(204);
    expect((await member.request(`/api/lessons/${lessonId}/assignment`)).status).toBe(404);
    expect((await member.request(handedIn.file?.url ?? "")).status).toBe(404);
  });
});

describe("members' work outlives nothing it belongs to, and is not deleted by accident", () => {
  const storedFiles = () => {
    const dir = path.join(academy.process.dataDir, "uploads", "submissions");
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it("deleting a lesson removes its submissions' files; a course with handed-in work is archived, not deleted", async () => {
    const course = await createCourse();
    const lessonId = await createLesson(course);
    expect((await putAssignment(lessonId)).status).toBe(200);
    const member = await newStudent(academy.baseUrl);
    const before = storedFiles();
    const { file } = await submitted(member, lessonId, fileForm("summary.pdf", PDF));
    const added = storedFiles().filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);

    const removal = await admin.request(`/api/courses/${course}`, { method: "DELETE" });
    expect(await removal.json()).toMatchObject({ outcome: "archived" });
    expect((await member.request(file?.url ?? "")).status).toBe(200);

    expect((await admin.request(`/api/lessons/${lessonId}`, { method: "DELETE" })).status).toBe(200);
    expect(storedFiles()).not.toContain(added[0]);
    expect((await member.request(file?.url ?? "")).status).toBe(404);
  });
});

describe("who may see and hand in (Premium, drip, access)", () => {
  it("a member who may open the lesson reads the assignment; no one's work is in it", async () => {
    const lessonId = await lessonWithAssignment();
    const first = await newStudent(academy.baseUrl);
    await submitted(first, lessonId, { text: "A private summary nobody else reads." });
    const second = await newStudent(academy.baseUrl);
    const response = await second.request(`/api/lessons/${lessonId}/assignment`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("private summary");
    expect(JSON.parse(text)).toMatchObject({ assignment: { lessonId, rubric: ASSIGNMENT.rubric, passPoints: 6 } });
    expect((await new Visitor(academy.baseUrl).request(`/api/lessons/${lessonId}/assignment`)).status).toBe(401);
    // Another member's versions are never listed.
    expect(await ownSubmissions(second, lessonId)).toEqual({ submissions: [] });
    expect((await ownSubmissions(first, lessonId)).submissions).toHaveLength(1);
    // A lesson without an assignment.
    const plain = await createLesson(courseId);
    expect((await second.request(`/api/lessons/${plain}/assignment`)).status).toBe(404);
    expect((await submit(second, plain, { text: "Anything" })).status).toBe(404);
    expect((await second.request(`/api/lessons/not-a-number/assignment`)).status).toBe(404);
  });

  it("a Premium course's assignment is refused (403) to a free member and open to a Premium one", async () => {
    const premiumCourse = await createCourse({ isPremium: true });
    const lessonId = await lessonWithAssignment(ASSIGNMENT, premiumCourse);
    const free = await newStudent(academy.baseUrl);
    expect((await free.request(`/api/lessons/${lessonId}/assignment`)).status).toBe(403);
    expect((await submit(free, lessonId, { text: "Let me in" })).status).toBe(403);
    expect((await free.request(`/api/lessons/${lessonId}/assignment/submissions`)).status).toBe(403);
    const premium = await signedIn(DEMO_PREMIUM.username, DEMO_PREMIUM.password);
    expect((await premium.request(`/api/lessons/${lessonId}/assignment`)).status).toBe(200);
    expect((await submitted(premium, lessonId)).status).toBe("submitted");
  });

  it("a lesson not released yet (drip) is refused with 403 and when it opens", async () => {
    const dripCourse = await createCourse();
    await createLesson(dripCourse, "Week one");
    const lessonId = await createLesson(dripCourse, "Week two", { releaseAfterDays: 2 });
    expect((await putAssignment(lessonId)).status).toBe(200);
    const member = await newStudent(academy.baseUrl);
    expect((await member.request(`/api/courses/${dripCourse}/start`, { method: "POST" })).status).toBe(200);
    const locked = await member.request(`/api/lessons/${lessonId}/assignment`);
    expect(locked.status).toBe(403);
    expect(((await locked.json()) as { message: string; availableAt: string }).availableAt).toBeTruthy();
    expect((await submit(member, lessonId, { text: "Early" })).status).toBe(403);
    // Staff see it.
    expect((await admin.request(`/api/lessons/${lessonId}/assignment`)).status).toBe(200);
  });
});

describe("handing in (POST /api/lessons/{id}/assignment/submissions)", () => {
  let lessonId: number;
  beforeAll(async () => {
    lessonId = await lessonWithAssignment();
  });

  it("takes JSON text: 201 with version 1, waiting for review", async () => {
    const member = await newStudent(academy.baseUrl);
    const response = await submit(member, lessonId, { text: "  The Tower: sudden change.  " });
    expect(response.status).toBe(201);
    const { submission } = (await response.json()) as { submission: ApiSubmission };
    expect(submission).toEqual({ id: expect.any(Number), version: 1, status: "submitted", text: "The Tower: sudden change.", file: null, createdAt: expect.any(String), review: null });
  });

  it("takes a PDF, an MP3 (ID3) and a TXT, checked by their bytes, with text beside them", async () => {
    for (const [name, bytes, type] of [
      ["summary.pdf", PDF, "application/pdf"],
      ["session.mp3", MP3, "audio/mpeg"],
      ["notes.TXT", TXT, "text/plain"],
    ] as const) {
      const member = await newStudent(academy.baseUrl);
      const submission = await submitted(member, lessonId, fileForm(name, bytes, { text: "Attached — voilà." }));
      expect(submission).toMatchObject({ version: 1, status: "submitted", text: "Attached — voilà.", file: { name, size: bytes.length, type, url: `/api/submissions/${submission.id}/file` } });
      const file = await member.request(submission.file?.url ?? "");
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toContain(type);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
      if (type === "text/plain") expect(file.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    }
  });

  it("keeps long and non-ASCII text whole in a form, and takes a file larger than 5 MB within the assignment's limit", async () => {
    const member = await newStudent(academy.baseUrl);
    // 15,000 characters, each two bytes in UTF-8: past a form field's usual cap, within the text's.
    const long = "é".repeat(15_000);
    const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const submission = await submitted(member, lessonId, fileForm("thesis.pdf", big, { text: long }));
    expect(submission.text).toBe(long);
    expect(submission.file?.size).toBe(big.length);
  });

  it("refuses with 415 a file whose bytes do not match its name, a kind it does not accept, and a file for a text-only assignment", async () => {
    const member = await newStudent(academy.baseUrl);
    const expectRefusal = async (form: FormData, into: number, status: number, message: RegExp) => {
      const response = await submit(member, into, form);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    };
    await expectRefusal(fileForm("summary.pdf", TXT), lessonId, 415, /not a valid \.pdf file/);
    await expectRefusal(fileForm("session.mp3", PDF), lessonId, 415, /not a valid \.mp3 file/);
    await expectRefusal(fileForm("page.html", Buffer.from("<p>hello</p>")), lessonId, 415, /Only \.pdf, .*\.mp3.* files can be handed in/);
    await expectRefusal(fileForm("binary.txt", Buffer.from([0x61, 0x00, 0x62])), lessonId, 415, /not a valid \.txt file/);
    const textOnly = await lessonWithAssignment({ ...ASSIGNMENT, kinds: ["text"] });
    await expectRefusal(fileForm("summary.pdf", PDF), textOnly, 415, /takes text, not a file/);
    // Nothing was kept: the member can still hand in their first version.
    expect(await ownSubmissions(member, lessonId)).toEqual({ submissions: [] });
    expect((await submitted(member, textOnly)).version).toBe(1);
  });

  it("refuses text when only a file is accepted (415), an empty hand-in (400) and malformed bodies (400)", async () => {
    const fileOnly = await lessonWithAssignment({ ...ASSIGNMENT, kinds: ["file"] });
    const member = await newStudent(academy.baseUrl);
    const textRefused = await submit(member, fileOnly, { text: "Just words" });
    expect(textRefused.status).toBe(415);
    expect(await textRefused.json()).toEqual({ message: "This assignment takes a file, not text" });
    for (const body of [{}, { text: "   " }]) {
      const empty = await submit(member, lessonId, body);
      expect(empty.status).toBe(400);
      expect(await empty.json()).toEqual({ message: "Write your answer or attach a file" });
    }
    const emptyForm = new FormData();
    emptyForm.append("text", "");
    expect((await submit(member, lessonId, emptyForm)).status).toBe(400);
    expect((await submit(member, lessonId, fileForm("empty.pdf", Buffer.alloc(0)))).status).toBe(400);
    expect((await member.request(`/api/lessons/${lessonId}/assignment/submissions`, { method: "POST", json: { text: 42 } })).status).toBe(400);
    expect((await member.request(`/api/lessons/${lessonId}/assignment/submissions`, { method: "POST", json: { text: "x".repeat(20_001) } })).status).toBe(400);
    expect((await member.request(`/api/lessons/${lessonId}/assignment/submissions`, { method: "POST", body: "text=hi", headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    for (const type of ["multipart/form-data; boundary=xyz", "multipart/form-data"]) {
      const garbled = await member.request(`/api/lessons/${lessonId}/assignment/submissions`, { method: "POST", body: "--abc\r\nnonsense", headers: { "Content-Type": type } });
      expect(garbled.status, type).toBe(400);
    }
    expect(await ownSubmissions(member, lessonId)).toEqual({ submissions: [] });
  });

  it("refuses a file over the assignment's limit with 413", async () => {
    const small = await lessonWithAssignment({ ...ASSIGNMENT, maxFileMb: 1 });
    const member = await newStudent(academy.baseUrl);
    const form = fileForm("big.pdf", Buffer.concat([PDF, Buffer.alloc(1_200_000, 0x20)]));
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const answer = await postEarlyAnswer(`${academy.baseUrl}/api/lessons/${small}/assignment/submissions`, { Cookie: member.cookieHeader, "Content-Type": encoded.headers.get("Content-Type") ?? "" }, body);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: "The file must be smaller than 1 MB" });
    expect(await ownSubmissions(member, small)).toEqual({ submissions: [] });
  });

  it("409 while a version waits and after a pass; two at once: exactly one is kept", async () => {
    const member = await newStudent(academy.baseUrl);
    const [a, b] = await Promise.all([submit(member, lessonId, { text: "First try" }), submit(member, lessonId, { text: "First try, again" })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refusedOne = a.status === 409 ? a : b;
    expect(await refusedOne.json()).toEqual({ message: "Your previous version is waiting for review" });
    const mine = (await ownSubmissions(member, lessonId)).submissions;
    expect(mine).toHaveLength(1);

    const waiting = await submit(member, lessonId, fileForm("later.pdf", PDF));
    expect(waiting.status).toBe(409);
    expect((await review(instructor, mine[0]!.id, PASS)).status).toBe(200);
    const closed = await submit(member, lessonId, { text: "One more" });
    expect(closed.status).toBe(409);
    expect(await closed.json()).toEqual({ message: "Your assignment has already passed" });
  });

  it("parallel hand-ins of a second version after a revision: one 201, one 409", async () => {
    const member = await newStudent(academy.baseUrl);
    const first = await submitted(member, lessonId);
    expect((await review(instructor, first.id, REVISE)).status).toBe(200);
    const answers = await Promise.all([submit(member, lessonId, { text: "Second A" }), submit(member, lessonId, fileForm("second.pdf", PDF))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await ownSubmissions(member, lessonId)).submissions.map((s) => [s.version, s.status])).toEqual([
      [2, "submitted"],
      [1, "revise"],
    ]);
  });
});

describe("the review queue (GET /api/reviews)", () => {
  it("shows a reviewer their courses only, oldest first, filtered by course and status; 403 for students", async () => {
    const lessonId = await lessonWithAssignment();
    const otherLesson = await lessonWithAssignment(ASSIGNMENT, otherCourseId);
    const members = [await newStudent(academy.baseUrl), await newStudent(academy.baseUrl), await newStudent(academy.baseUrl)];
    const ids: number[] = [];
    for (const member of members) ids.push((await submitted(member, lessonId)).id);
    const elsewhere = await submitted(members[0]!, otherLesson);

    const mine = await queue(instructor, `?courseId=${courseId}`);
    const here = mine.items.filter((item) => item.lesson.id === lessonId);
    expect(here.map((item) => item.id)).toEqual(ids);
    expect(here[0]).toMatchObject({ status: "submitted", course: { id: courseId }, lesson: { id: lessonId }, member: { id: await idOf(members[0]!) } });
    const times = mine.items.map((item) => item.createdAt);
    expect([...times].sort()).toEqual(times);
    // Without a course filter: still only their courses.
    const all = await queue(instructor);
    expect(all.items.every((item) => item.course.id === courseId)).toBe(true);
    expect(all.items.map((item) => item.id)).not.toContain(elsewhere.id);
    expect((await queue(instructor, `?courseId=${otherCourseId}`)).items).toEqual([]);
    // The other course's instructor sees theirs only.
    const theirs = await queue(outsider);
    expect(theirs.items.map((item) => item.id)).toContain(elsewhere.id);
    expect(theirs.items.some((item) => ids.includes(item.id))).toBe(false);
    // Admins review every course.
    const everything = await queue(admin, "?status=all");
    expect(everything.items.map((item) => item.id)).toEqual(expect.arrayContaining([...ids, elsewhere.id]));

    // Status filters.
    expect((await review(instructor, ids[1]!, REVISE)).status).toBe(200);
    expect((await queue(instructor, `?courseId=${courseId}`)).items.map((item) => item.id)).not.toContain(ids[1]);
    const revise = await queue(instructor, `?courseId=${courseId}&status=revise`);
    expect(revise.items.map((item) => item.id)).toContain(ids[1]);
    expect(revise.items.every((item) => item.status === "revise")).toBe(true);
    expect((await queue(instructor, `?courseId=${courseId}&status=all`)).items.filter((item) => item.lesson.id === lessonId)).toHaveLength(3);

    // Refusals and bad queries.
    const student = members[0]!;
    expect((await student.request("/api/reviews")).status).toBe(403);
    expect((await new Visitor(academy.baseUrl).request("/api/reviews")).status).toBe(401);
    for (const query of ["?status=done", "?courseId=abc", "?page=0"]) expect((await instructor.request(`/api/reviews${query}`)).status).toBe(400);
  });
});

describe("reviewing (POST /api/submissions/{id}/review)", () => {
  let lessonId: number;
  beforeAll(async () => {
    lessonId = await lessonWithAssignment();
  });

  it("checks the scores against the rubric and the decision against the points (400)", async () => {
    const member = await newStudent(academy.baseUrl);
    const { id } = await submitted(member, lessonId);
    const cases: Array<[object, RegExp]> = [
      [{ ...PASS, scores: [{ criterion: 0, points: 4 }] }, /every criterion of the rubric needs points/],
      [{ ...PASS, scores: [{ criterion: 0, points: 5 }, { criterion: 1, points: 5 }] }, /“Clarity” is worth at most 4 points/],
      [{ ...PASS, scores: [{ criterion: 0, points: 4 }, { criterion: 1, points: 1 }] }, /Passing needs 6 points; these scores give 5/],
      [{ ...REVISE, scores: [{ criterion: 0, points: 4 }, { criterion: 1, points: 2 }] }, /reach the 6 points needed to pass/],
      [{ ...PASS, scores: [{ criterion: 0, points: 3 }, { criterion: 1, points: 3 }, { criterion: 2, points: 1 }] }, /Criterion 2 is not in the rubric/],
      [{ ...PASS, scores: [{ criterion: 0, points: 3 }, { criterion: 0, points: 3 }] }, /scored twice/],
      [{ ...PASS, scores: [{ criterion: 0, points: -1 }, { criterion: 1, points: 6 }] }, /cannot be negative/],
      [{ ...PASS, scores: [] }, /Score every criterion/],
      [{ ...PASS, decision: "maybe" }, /Decide "passed" or "revise"/],
      [{ ...PASS, scores: "all" }, /./],
    ];
    for (const [body, message] of cases) {
      const response = await review(instructor, id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    // Still waiting.
    expect((await ownSubmissions(member, lessonId)).submissions[0]).toMatchObject({ status: "submitted", review: null });
  });

  it("only the course's reviewers: 403 for the owner and other courses' instructors, 404 for other members; 409 the second time", async () => {
    const member = await newStudent(academy.baseUrl);
    const { id } = await submitted(member, lessonId);
    expect((await review(member, id, PASS)).status).toBe(403);
    expect((await review(outsider, id, PASS)).status).toBe(403);
    const stranger = await newStudent(academy.baseUrl);
    expect((await review(stranger, id, PASS)).status).toBe(404);
    expect((await review(instructor, 999_999, PASS)).status).toBe(404);
    expect((await new Visitor(academy.baseUrl).request(`/api/submissions/${id}/review`, { method: "POST", json: PASS })).status).toBe(401);

    const done = await review(instructor, id, PASS);
    expect(done.status).toBe(200);
    const { submission } = (await done.json()) as { submission: ApiSubmission };
    expect(submission).toMatchObject({
      status: "passed",
      review: {
        reviewer: { id: instructorId },
        totalPoints: 8,
        scores: [
          { criterion: "Clarity", points: 3, maxPoints: 4 },
          { criterion: "Accuracy", points: 5, maxPoints: 6 },
        ],
        feedback: "Clear and *kind*.",
      },
    });
    expect(submission.review?.feedbackHtml).toContain("<em>kind</em>");
    const again = await review(admin, id, REVISE);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "This submission has already been reviewed" });
  });

  it("two reviews at once: exactly one is kept", async () => {
    const member = await newStudent(academy.baseUrl);
    const { id } = await submitted(member, lessonId);
    const answers = await Promise.all([review(instructor, id, PASS), review(admin, id, REVISE)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = (await (answers[0]!.status === 200 ? answers[0]! : answers[1]!).json()) as { submission: ApiSubmission };
    const [stored] = (await ownSubmissions(member, lessonId)).submissions;
    expect(stored?.status).toBe(winner.submission.status);
    expect(stored?.review?.totalPoints).toBe(winner.submission.review?.totalPoints);
  });

  it("revise: the member hands in version 2, and every version stays readable with its review", async () => {
    const member = await newStudent(academy.baseUrl);
    const first = await submitted(member, lessonId, fileForm("draft.pdf", PDF, { text: "Draft" }));
    expect((await review(instructor, first.id, REVISE)).status).toBe(200);
    const second = await submitted(member, lessonId, fileForm("session.mp3", MP3));
    expect(second).toMatchObject({ version: 2, status: "submitted", text: null });
    const history = (await ownSubmissions(member, lessonId)).submissions;
    expect(history.map((s) => [s.version, s.status])).toEqual([
      [2, "submitted"],
      [1, "revise"],
    ]);
    expect(history[1]?.review).toMatchObject({ totalPoints: 4, feedback: "Name the cards you read." });
    expect(history[1]?.file?.name).toBe("draft.pdf");
    expect((await member.request(history[1]?.file?.url ?? "")).status).toBe(200);
    expect((await review(instructor, second.id, PASS)).status).toBe(200);
    expect((await ownSubmissions(member, lessonId)).submissions[0]?.status).toBe("passed");
  });
});

describe("a submission's file (GET /api/submissions/{id}/file)", () => {
  it("serves its owner and the course's reviewers only, with its type, bytes and byte ranges", async () => {
    const lessonId = await lessonWithAssignment();
    const member = await newStudent(academy.baseUrl);
    const submission = await submitted(member, lessonId, fileForm("practice session.mp3", MP3));
    const url = submission.file?.url ?? "";
    for (const viewer of [member, instructor, admin]) {
      const response = await viewer.request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("audio/mpeg");
      expect(response.headers.get("Cache-Control")).toContain("no-store");
      expect(Buffer.from(await response.arrayBuffer()).equals(MP3)).toBe(true);
    }
    const range = await instructor.request(url, { headers: { Range: "bytes=100-199" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("Content-Range")).toBe(`bytes 100-199/${MP3.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(MP3.subarray(100, 200))).toBe(true);

    // Another member, an instructor of another course: the same 404 as for nothing at all.
    for (const viewer of [await newStudent(academy.baseUrl), outsider]) {
      const refused = await viewer.request(url);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: "Submission not found" });
    }
    expect((await new Visitor(academy.baseUrl).request(url)).status).toBe(401);
    expect((await member.request("/api/submissions/999999/file")).status).toBe(404);
    // A text-only version has no file.
    const textOnly = await lessonWithAssignment();
    const words = await submitted(member, textOnly);
    expect((await member.request(`/api/submissions/${words.id}/file`)).status).toBe(404);
    // A document downloads, under its own name.
    const pdf = await submitted(await newStudent(academy.baseUrl), lessonId, fileForm("report.pdf", PDF));
    const download = await admin.request(pdf.file?.url ?? "");
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment;.*report\.pdf/);
  });
});

describe("completion, certificates and the quiz beside it", () => {
  it("a required assignment holds the lesson (409) until a review passes it; the pass completes the course and issues the certificate", async () => {
    const course = await createCourse({ instructorIds: [instructorId] });
    const first = await createLesson(course, "Reading");
    const last = await createLesson(course, "Practice");
    expect((await putAssignment(last)).status).toBe(200);
    const member = await newStudent(academy.baseUrl);
    expect((await member.request(`/api/lessons/${first}/complete`, { method: "POST" })).status).toBe(200);
    const held = await member.request(`/api/lessons/${last}/complete`, { method: "POST" });
    expect(held.status).toBe(409);
    expect(await held.json()).toEqual({ message: "Your assignment must pass review to complete this lesson" });

    const v1 = await submitted(member, last);
    expect((await member.request(`/api/lessons/${last}/complete`, { method: "POST" })).status).toBe(409);
    const revised = await json<{ completion: Completion | null }>(review(instructor, v1.id, REVISE));
    expect(revised.completion).toBeNull();
    expect((await member.request(`/api/lessons/${last}/complete`, { method: "POST" })).status).toBe(409);

    const v2 = await submitted(member, last);
    const passed = await json<{ completion: Completion | null }>(review(instructor, v2.id, PASS));
    expect(passed.completion?.progress).toMatchObject({ progressPercentage: 100, isCompleted: true });
    expect(passed.completion?.certificate?.certificateNumber).toBeTruthy();
    const progress = await json<Array<{ courseId: number; isCompleted: boolean; progressPercentage: number }>>(member.request("/api/user/progress"));
    expect(progress.find((p) => p.courseId === course)).toMatchObject({ isCompleted: true, progressPercentage: 100 });
    const certificates = await json<Array<{ courseId: number; certificateNumber: string }>>(member.request("/api/user/certificates"));
    expect(certificates.find((c) => c.courseId === course)?.certificateNumber).toBe(passed.completion?.certificate?.certificateNumber);
    expect((await member.request(`/api/lessons/${last}/complete`, { method: "POST" })).status).toBe(200);
  });

  it("an assignment that is not required does not hold the lesson", async () => {
    const lessonId = await lessonWithAssignment({ ...ASSIGNMENT, required: false });
    const member = await newStudent(academy.baseUrl);
    expect((await member.request(`/api/lessons/${lessonId}/complete`, { method: "POST" })).status).toBe(200);
  });

  it("a quiz passed on a lesson whose assignment is required does not complete it; the later pass of the review does", async () => {
    const course = await createCourse({ instructorIds: [instructorId] });
    const lessonId = await createLesson(course, "Quiz and practice");
    const quiz = { passingScore: 50, maxAttempts: 0, shuffle: false, questions: [{ type: "true_false", prompt: "The Tower means change.", correct: [0] }] };
    expect((await admin.request(`/api/lessons/${lessonId}/quiz`, { method: "PUT", json: quiz })).status).toBe(200);
    expect((await putAssignment(lessonId)).status).toBe(200);
    const member = await newStudent(academy.baseUrl);
    const attempt = await passQuiz(member, admin, lessonId);
    expect(attempt.attempt.passed).toBe(true);
    expect(attempt.completion).toBeNull();
    expect(await json(member.request(`/api/lessons/${lessonId}/complete`, { method: "POST" }))).toEqual({ message: "Your assignment must pass review to complete this lesson" });
    const { id } = await submitted(member, lessonId);
    const passed = await json<{ completion: Completion | null }>(review(instructor, id, PASS));
    expect(passed.completion?.progress.isCompleted).toBe(true);

    // The other way round: a review passed first waits for the quiz.
    const other = await newStudent(academy.baseUrl);
    const early = await submitted(other, lessonId);
    expect((await json<{ completion: Completion | null }>(review(instructor, early.id, PASS))).completion).toBeNull();
    expect(await json(other.request(`/api/lessons/${lessonId}/complete`, { method: "POST" }))).toEqual({ message: "Pass the quiz to complete this lesson" });
    expect((await passQuiz(other, admin, lessonId)).completion?.progress.isCompleted).toBe(true);
  });
});

describe("notifications", () => {
  it("the course's reviewers hear of new work, one line per course; the member hears of the review", async () => {
    const course = await createCourse({ instructorIds: [instructorId] });
    const courseTitle = (await json<{ title: string }>(admin.request(`/api/courses/${course}`))).title;
    const [firstLesson, secondLesson] = [await createLesson(course, "Spread one"), await createLesson(course, "Spread two")];
    for (const lesson of [firstLesson, secondLesson]) expect((await putAssignment(lesson)).status).toBe(200);
    const one = await newStudent(academy.baseUrl);
    const two = await newStudent(academy.baseUrl);
    await submitted(one, firstLesson);
    const handedIn = await submitted(two, secondLesson);

    const aboutCourse = (list: NotificationsJson) => list.notifications.filter((n) => n.type === "assignment_submitted" && n.title.includes(courseTitle));
    const forInstructor = aboutCourse(await json<NotificationsJson>(instructor.request("/api/notifications")));
    expect(forInstructor).toHaveLength(1);
    expect(forInstructor[0]).toMatchObject({ title: `2 assignments to review in ${courseTitle}`, readAt: null, url: `/reviews?courseId=${course}` });
    expect(forInstructor[0]?.body).toContain("Spread two");
    expect(aboutCourse(await json<NotificationsJson>(admin.request("/api/notifications")))).toHaveLength(1);
    // Not the instructor of another course, not the members.
    expect(aboutCourse(await json<NotificationsJson>(outsider.request("/api/notifications")))).toEqual([]);
    expect((await json<NotificationsJson>(one.request("/api/notifications"))).notifications.filter((n) => n.type === "assignment_submitted")).toEqual([]);

    expect((await review(instructor, handedIn.id, REVISE)).status).toBe(200);
    const reviewed = (await json<NotificationsJson>(two.request("/api/notifications"))).notifications.filter((n) => n.type === "assignment_reviewed");
    expect(reviewed).toEqual([expect.objectContaining({ title: "Revision requested: Spread two", url: `/course/${course}/lesson/${secondLesson}#assignment`, readAt: null })]);
    expect((await json<NotificationsJson>(one.request("/api/notifications"))).notifications.filter((n) => n.type === "assignment_reviewed")).toEqual([]);
  });

  it("the email preference for assignments is kept, and optional in PUT", async () => {
    const member = await newStudent(academy.baseUrl);
    const base = { forumReplies: "instant", mentions: "instant", liveSessions: "instant", newCourses: "weekly" };
    expect(await json(member.request("/api/user/notification-preferences"))).toEqual({ ...base, assignments: "instant", account: "instant" });
    const off = await member.request("/api/user/notification-preferences", { method: "PUT", json: { ...base, assignments: "off" } });
    expect(await off.json()).toEqual({ ...base, assignments: "off", account: "instant" });
    // A client that does not know the key leaves it as it was.
    expect(await json(member.request("/api/user/notification-preferences", { method: "PUT", json: { ...base, mentions: "daily" } }))).toEqual({ ...base, mentions: "daily", assignments: "off", account: "instant" });
    expect((await member.request("/api/user/notification-preferences", { method: "PUT", json: { ...base, assignments: "hourly" } })).status).toBe(400);
  });
});
