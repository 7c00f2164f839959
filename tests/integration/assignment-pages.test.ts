import { describe, expect, it } from "vitest";
import { DEMO_PREMIUM, newStudent, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// Issue 45, the pages' own actions against the real server: the lesson page's
// hand-in form, the builder and the review page. Each checks who asks on the
// server, whatever the page showed, and answers a refusal in words.
const academy = useAcademy({ SIGNUPS_PER_HOUR: "500" });

async function signedIn(username: string, password: string) {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}
const admin = () => signedIn(TEST_ADMIN.username, TEST_ADMIN.password);

const INSTRUCTIONS_MARK = `Write about the Moon card ${Date.now()}`;
const ASSIGNMENT = { instructions: INSTRUCTIONS_MARK, kinds: ["text", "file"], rubric: [{ criterion: "Depth", points: 4 }, { criterion: "Care", points: 4 }], passPoints: 6, required: true };

async function lessonWithAssignment(boss: Visitor, { isPremium = false } = {}) {
  const course = (await (
    await boss.request("/api/courses", {
      method: "POST",
      json: { title: `Assignment pages ${Date.now()}`, description: "For the page tests.", level: "Beginner", rating: "4.5", lessons: 1, duration: "1 week", isActive: true, isPremium },
    })
  ).json()) as { id: number };
  const lesson = (await (
    await boss.request(`/api/courses/${course.id}/lessons`, { method: "POST", json: { title: "The Moon", contentSections: [{ type: "text", title: "Text", content: "The Moon card speaks of dreams." }] } })
  ).json()) as { id: number };
  expect((await boss.request(`/api/lessons/${lesson.id}/assignment`, { method: "PUT", json: ASSIGNMENT })).status).toBe(200);
  return { courseId: course.id, lessonId: lesson.id, lessonPath: `/course/${course.id}/lesson/${lesson.id}` };
}

function handInForm(text: string, file?: { name: string; type: string; bytes: string }) {
  const form = new FormData();
  form.set("intent", "submit-assignment");
  form.set("text", text);
  if (file) form.set("file", new Blob([file.bytes], { type: file.type }), file.name);
  return form;
}

const postForm = (visitor: Visitor, path: string, fields: Record<string, string> | URLSearchParams) =>
  visitor.request(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

async function waitingCount(boss: Visitor, courseId: number): Promise<number> {
  return ((await (await boss.request(`/api/reviews?courseId=${courseId}&status=all`)).json()) as { total: number }).total;
}

describe("the lesson page's hand-in form", () => {
  it("takes text and a file checked by its bytes, and sends a member back to the assignment with a toast", async () => {
    const boss = await admin();
    const { courseId, lessonPath } = await lessonWithAssignment(boss);
    const member = await newStudent(academy.baseUrl);
    const page = await (await member.request(lessonPath)).text();
    expect(page).toContain(INSTRUCTIONS_MARK);
    expect(page).toContain("Your assignment must pass review to complete this lesson");

    // A file whose bytes are not what its name says is refused (415), and nothing is stored.
    const refused = await member.request(lessonPath, { method: "POST", body: handInForm("", { name: "notes.pdf", type: "application/pdf", bytes: "not a pdf at all" }) });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe(`${lessonPath}#assignment`);
    expect(await waitingCount(boss, courseId)).toBe(0);
    expect(await (await member.request(lessonPath)).text()).toContain("This file is not a valid .pdf file");

    const sent = await member.request(lessonPath, { method: "POST", body: handInForm("The Moon asks me to trust my dreams.", { name: "notes.txt", type: "text/plain", bytes: "Plain notes." }) });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`${lessonPath}#assignment`);
    const after = await (await member.request(lessonPath)).text();
    expect(after).toContain("Assignment handed in");
    expect(after).toContain("Version 1 is waiting for review");
    expect(after).not.toContain('data-testid="assignment-form"');
    expect(await waitingCount(boss, courseId)).toBe(1);

    // A second version while the first waits: refused with the model's words.
    const again = await member.request(lessonPath, { method: "POST", body: handInForm("Another try") });
    expect(again.status).toBe(303);
    expect(await (await member.request(lessonPath)).text()).toContain("Your previous version is waiting for review");
    expect(await waitingCount(boss, courseId)).toBe(1);

    // The Complete Lesson form is refused too, pointing at the assignment.
    const complete = await postForm(member, lessonPath, { intent: "complete" });
    expect(complete.status).toBe(303);
    expect(complete.headers.get("Location")).toBe(`${lessonPath}#assignment`);
  });

  it("takes a long written answer (the API's limit, not the upload's usual one for form fields)", async () => {
    const boss = await admin();
    const { courseId, lessonPath } = await lessonWithAssignment(boss);
    const member = await newStudent(academy.baseUrl);
    const long = "The Moon reflects what is hidden. ".repeat(450).trim();
    expect(long.length).toBeGreaterThan(15_000);
    const sent = await member.request(lessonPath, { method: "POST", body: handInForm(long) });
    expect(sent.status).toBe(302);
    expect(await waitingCount(boss, courseId)).toBe(1);
  });

  it("never shows or takes the assignment of a Premium lesson from a member without Premium", async () => {
    const boss = await admin();
    const { courseId, lessonPath } = await lessonWithAssignment(boss, { isPremium: true });
    const member = await newStudent(academy.baseUrl);
    const page = await member.request(lessonPath);
    expect(page.status).toBe(403);
    expect(await page.text()).not.toContain(INSTRUCTIONS_MARK);
    const posted = await member.request(lessonPath, { method: "POST", body: handInForm("Let me in") });
    expect(posted.status).toBe(403);
    expect(await waitingCount(boss, courseId)).toBe(0);
    // A Premium member may.
    const premium = await signedIn(DEMO_PREMIUM.username, DEMO_PREMIUM.password);
    expect(await (await premium.request(lessonPath)).text()).toContain(INSTRUCTIONS_MARK);
  });
});

describe("the review pages", () => {
  it("are for staff: a member (even the work's owner) is sent away and cannot review", async () => {
    const boss = await admin();
    const { lessonPath } = await lessonWithAssignment(boss);
    const member = await newStudent(academy.baseUrl);
    await member.request(lessonPath, { method: "POST", body: handInForm("My answer") });
    const queue = (await (await boss.request("/api/reviews")).json()) as { items: Array<{ id: number; lesson: { title: string } }> };
    const id = queue.items.at(-1)?.id;
    expect((await member.request("/reviews")).status).toBe(302);
    expect((await member.request(`/reviews/${id}`)).status).toBe(302);
    const posted = await postForm(member, `/reviews/${id}`, { "scores[0].criterion": "0", "scores[0].points": "4", "scores[1].criterion": "1", "scores[1].points": "4", decision: "passed" });
    expect(posted.status).toBe(302);
    expect((await (await boss.request(`/reviews/${id}`)).text())).toContain('data-testid="review-form"');
    expect((await boss.request("/reviews/99999999")).status).toBe(404);
  });

  it("answer the model's refusals on the form: a decision against the points (400), a second review (409)", async () => {
    const boss = await admin();
    const { courseId, lessonPath } = await lessonWithAssignment(boss);
    const member = await newStudent(academy.baseUrl);
    await member.request(lessonPath, { method: "POST", body: handInForm("My answer") });
    const queue = (await (await boss.request(`/api/reviews?courseId=${courseId}`)).json()) as { items: Array<{ id: number }> };
    const id = queue.items[0]?.id;
    const scores = (depth: string, care: string) => ({ "scores[0].criterion": "0", "scores[0].points": depth, "scores[1].criterion": "1", "scores[1].points": care });

    const tooFew = await postForm(boss, `/reviews/${id}`, { ...scores("2", "2"), feedback: "Go deeper.", decision: "passed" });
    expect(tooFew.status).toBe(400);
    expect(await tooFew.text()).toContain("Passing needs 6 points; these scores give 4");
    const overMax = await postForm(boss, `/reviews/${id}`, { ...scores("9", "2"), decision: "revise" });
    expect(overMax.status).toBe(400);
    expect(await overMax.text()).toContain("At most 4 points");

    const revise = await postForm(boss, `/reviews/${id}`, { ...scores("2", "2"), feedback: "Go **deeper**.", decision: "revise" });
    expect(revise.status).toBe(302);
    expect(revise.headers.get("Location")).toBe("/reviews");
    const twice = await postForm(boss, `/reviews/${id}`, { ...scores("4", "4"), decision: "passed" });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("This submission has already been reviewed");
    const memberPage = await (await member.request(lessonPath)).text();
    expect(memberPage).toContain("Needs revision");
    expect(memberPage).toContain("<strong>deeper</strong>");
  });
});

describe("the assignment builder", () => {
  it("saves from a plain form, answers field messages, and refuses removal while work waits", async () => {
    const boss = await admin();
    const { courseId, lessonId, lessonPath } = await lessonWithAssignment(boss);
    const builder = `/admin/courses/${courseId}/lessons/${lessonId}/assignment`;
    const fields = new URLSearchParams([
      ["instructions", "New instructions"],
      ["kinds", "file"],
      ["maxFileMb", "8"],
      ["rubric[0].criterion", "Only one"],
      ["rubric[0].points", "5"],
      ["passPoints", "9"],
      ["required", "on"],
      ["intent", "save"],
    ]);
    const bad = await postForm(boss, builder, fields);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Points to pass (9) cannot be more than the rubric&#x27;s total (5)");
    fields.set("passPoints", "4");
    const saved = await postForm(boss, builder, fields);
    expect(saved.status).toBe(302);
    const answer = (await (await boss.request(`/api/lessons/${lessonId}/assignment`)).json()) as { assignment: { kinds: string[]; maxFileMb: number; passPoints: number; rubric: unknown[] } };
    expect(answer.assignment).toMatchObject({ kinds: ["file"], maxFileMb: 8, passPoints: 4, rubric: [{ criterion: "Only one", description: "", points: 5 }] });

    // A member hands in; removing is refused while it waits.
    const member = await newStudent(academy.baseUrl);
    await member.request(lessonPath, { method: "POST", body: handInForm("", { name: "n.txt", type: "text/plain", bytes: "notes" }) });
    const remove = await postForm(boss, builder, { intent: "delete-assignment" });
    expect(remove.status).toBe(303);
    expect((await boss.request(`/api/lessons/${lessonId}/assignment`)).status).toBe(200);
    // A member may not post the builder.
    expect((await postForm(member, builder, { intent: "delete-assignment" })).status).toBe(302);
    expect((await boss.request(`/api/lessons/${lessonId}/assignment`)).status).toBe(200);
  });
});
