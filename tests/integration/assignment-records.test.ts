import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DEMO_PREMIUM, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Issue 45 around the assignment itself: the demo queue a new admin finds,
// the gradebook (page data, JSON, CSV), a member's export, and that deleting
// an account removes its hand-in files.

const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000", LOGIN_MAX_FAILURES: "1000" });
const PASSWORD = "a calm and steady passphrase";
let admin: Visitor;

const QueueSchema = z.object({
  items: z.array(z.object({ id: z.number(), status: z.string(), member: z.object({ username: z.string() }), lesson: z.object({ title: z.string() }), course: z.object({ title: z.string() }) })),
  total: z.number(),
});
const GradebookSchema = z.object({
  assignments: z.array(z.object({ lessonId: z.number(), title: z.string(), totalPoints: z.number(), passPoints: z.number(), required: z.boolean() })),
  rows: z.array(z.object({ userId: z.number(), username: z.string(), assignments: z.array(z.object({ lessonId: z.number(), status: z.string(), points: z.number().nullable(), version: z.number() })) })),
});

beforeAll(async () => {
  admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
});

async function member(): Promise<{ visitor: Visitor; username: string }> {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName("learner");
  expect((await visitor.register(username, PASSWORD)).status).toBe(201);
  return { visitor, username };
}

async function courseWithAssignment(title: string) {
  const course = (await (
    await admin.request("/api/courses", { method: "POST", json: { title, description: "Practice.", level: "Beginner", rating: "4.0", lessons: 1, duration: "1 day", isActive: true } })
  ).json()) as { id: number };
  const lesson = (await (await admin.request(`/api/courses/${course.id}/lessons`, { method: "POST", json: { title: `${title} lesson` } })).json()) as { id: number; title: string };
  const saved = await admin.request(`/api/lessons/${lesson.id}/assignment`, {
    method: "PUT",
    json: {
      instructions: "Write a short reflection.",
      kinds: ["text", "file"],
      rubric: [
        { criterion: "Clarity", description: "Easy to follow", points: 5 },
        { criterion: "Depth", description: "Goes beyond the lesson", points: 5 },
      ],
      passPoints: 6,
      required: true,
    },
  });
  expect(saved.status).toBe(200);
  return { courseId: course.id, lesson };
}

describe("the review queue of a new academy", () => {
  it("already holds the demo student's hand-in, so a new admin sees how reviewing works", async () => {
    const queue = QueueSchema.parse(await (await admin.request("/api/reviews")).json());
    expect(queue.items).toContainEqual(expect.objectContaining({ status: "submitted", member: expect.objectContaining({ username: DEMO_PREMIUM.username }), lesson: { title: "Anatomy of a Great Session" } }));
  });
});

describe("the gradebook", () => {
  it("shows each member's latest version and points beside the quizzes, in JSON and CSV", async () => {
    const { courseId, lesson } = await courseWithAssignment(uniqueName("Graded"));
    const learner = await member();
    const email = `${learner.username}@example.test`;
    expect((await learner.visitor.request("/api/user/profile", { method: "PUT", json: { email } })).status).toBe(200);
    const handedIn = await learner.visitor.request(`/api/lessons/${lesson.id}/assignment/submissions`, { method: "POST", json: { text: "First try." } });
    expect(handedIn.status).toBe(201);
    const { submission } = (await handedIn.json()) as { submission: { id: number } };

    let book = GradebookSchema.parse(await (await admin.request(`/api/admin/courses/${courseId}/gradebook`)).json());
    expect(book.assignments).toEqual([{ lessonId: lesson.id, title: lesson.title, totalPoints: 10, passPoints: 6, required: true }]);
    expect(book.rows.find((row) => row.username === learner.username)?.assignments).toEqual([{ lessonId: lesson.id, status: "submitted", points: null, version: 1 }]);

    const review = await admin.request(`/api/submissions/${submission.id}/review`, { method: "POST", json: { scores: [{ criterion: 0, points: 3 }, { criterion: 1, points: 2 }], feedback: "Go deeper.", decision: "revise" } });
    expect(review.status).toBe(200);
    book = GradebookSchema.parse(await (await admin.request(`/api/admin/courses/${courseId}/gradebook`)).json());
    expect(book.rows.find((row) => row.username === learner.username)?.assignments).toEqual([{ lessonId: lesson.id, status: "revise", points: 5, version: 1 }]);

    const csv = (await (await admin.request(`/api/admin/courses/${courseId}/gradebook?format=csv`)).text()).trim().split("\r\n");
    expect(csv[0]).toBe(`username,name,email,completed on,${lesson.title} assignment,${lesson.title} points`);
    const row = (await (await admin.request(`/api/admin/courses/${courseId}/gradebook`)).json()) as { rows: Array<{ username: string; name: string | null; email: string | null }> };
    const mine = row.rows.find((entry) => entry.username === learner.username);
    expect(mine?.email).toBe(email);
    expect(csv).toContain(`${learner.username},${mine?.name ?? ""},${email},,revise,5`);

    // The page shows the same.
    const page = await (await admin.request(`/admin/courses/${courseId}/gradebook`)).text();
    expect(page).toContain("Needs revision");
    expect(page).toContain("5 points · version 1");
  });
});

describe("a member's hand-ins and their account", () => {
  it("are in their export, and their files leave the file store with the account", async () => {
    const { lesson } = await courseWithAssignment(uniqueName("Leaving"));
    const leaver = await member();
    const form = new FormData();
    form.set("text", "My notes are attached.");
    form.set("file", new Blob([Buffer.from("Three opening questions I practised.\n")], { type: "text/plain" }), "practice.txt");
    const handedIn = await leaver.visitor.request(`/api/lessons/${lesson.id}/assignment/submissions`, { method: "POST", body: form });
    expect(handedIn.status).toBe(201);
    const folder = path.join(academy.process.dataDir, "uploads", "submissions");
    const stored = fs.readdirSync(folder).filter((name) => !name.startsWith("."));
    const { submission } = (await handedIn.json()) as { submission: { id: number; file: { name: string } } };
    expect(submission.file.name).toBe("practice.txt");
    const fileBytes = await (await leaver.visitor.request(`/api/submissions/${submission.id}/file`)).text();
    expect(fileBytes).toBe("Three opening questions I practised.\n");

    const exported = (await (await leaver.visitor.request("/api/user/export")).json()) as { learning: { assignmentSubmissions: unknown[] } };
    expect(exported.learning.assignmentSubmissions).toEqual([
      expect.objectContaining({ lessonId: lesson.id, version: 1, status: "submitted", text: "My notes are attached.", fileName: "practice.txt", fileSize: 37 }),
    ]);

    expect((await leaver.visitor.request("/api/user", { method: "DELETE", json: { password: PASSWORD } })).status).toBe(200);
    await expect.poll(() => fs.readdirSync(folder).filter((name) => !name.startsWith(".")).length).toBe(stored.length - 1);
    expect((await admin.request(`/api/submissions/${submission.id}/file`)).status).toBe(404);
  });
});
