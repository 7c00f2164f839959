import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startAcademy, type AcademyProcess } from "../../scripts/academy-process";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/fake-openai";
import { DEMO_STUDENT, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// "Generate with AI" in the admin's lesson form, through the real server: with
// a provider (a fake OpenAI-compatible server reached by the real SDK) the
// sections are structured output validated on our side; with none, or when the
// provider fails, an outline scaffold labelled as such.

const API_KEY = "sk-test-lesson-generation";
let fake: FakeOpenAI;
const providerEnv: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeOpenAI();
  Object.assign(providerEnv, { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_TIMEOUT_SECONDS: "5" });
});
afterAll(async () => {
  await fake.stop();
});

const academy = useAcademy(providerEnv);

interface GenerateAnswer {
  contentSections: { type: string; title: string; content: string }[];
  generated: boolean;
  mode: "provider" | "offline";
  notice?: string;
  message?: string;
}

interface CourseJson {
  id: number;
  title: string;
}

const DRAFT = {
  sections: [
    { title: "Why the Tower appears", content: "The Tower marks sudden change. Read it with the client, not at them." },
    { title: "Key ideas", content: "- Upheaval is not doom\n- Ask what is already shifting" },
    { title: "Practice", content: "Draw the Tower with a partner and describe it without predictions." },
  ],
};

async function signedIn(baseUrl: string, user: { username: string; password: string }) {
  const visitor = new Visitor(baseUrl);
  expect((await visitor.login(user.username, user.password)).status).toBe(200);
  return visitor;
}

/** A demo course with lessons, and its lesson titles, as the admin sees them. */
async function courseWithLessons(admin: Visitor): Promise<{ course: CourseJson; lessonTitles: string[] }> {
  const courses = (await (await admin.request("/api/courses")).json()) as CourseJson[];
  const course = courses[0];
  expect(course).toBeDefined();
  const lessons = (await (await admin.request(`/api/courses/${course!.id}/lessons`)).json()) as { title: string }[];
  expect(lessons.length).toBeGreaterThan(1);
  return { course: course!, lessonTitles: lessons.map((lesson) => lesson.title) };
}

async function generate(visitor: Visitor, body: unknown) {
  const response = await visitor.request("/api/generate-lesson-content", { method: "POST", json: body });
  return { status: response.status, body: (await response.json()) as GenerateAnswer };
}

const unescape = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describe("generating lesson content with a provider", () => {
  let admin: Visitor;
  let course: CourseJson;
  let lessonTitles: string[];
  const lesson = () => ({ title: "Reading the Tower card", description: "Sudden change in a reading", courseTitle: course.title, courseId: course.id });

  beforeAll(async () => {
    admin = await signedIn(academy.baseUrl, TEST_ADMIN);
    ({ course, lessonTitles } = await courseWithLessons(admin));
  });
  beforeEach(() => fake.reset());

  it("answers validated structured output, grounded on the course's other lessons", async () => {
    fake.setBehaviour({ type: "json", content: DRAFT, usage: { prompt_tokens: 500, completion_tokens: 120 } });
    const { status, body } = await generate(admin, lesson());
    expect(status).toBe(200);
    expect(body).toMatchObject({ generated: true, mode: "provider" });
    expect(body.notice).toBeUndefined();
    expect(body.contentSections).toEqual(DRAFT.sections.map((section) => ({ type: "text", ...section })));

    const [request] = fake.chatRequests();
    expect(request?.body.stream).toBeFalsy();
    expect(request?.body.response_format).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
    const prompt = unescape(request?.body.messages?.at(-1)?.content ?? "");
    expect(prompt).toContain(`Course: ${course.title}`);
    expect(prompt).toContain("Title: Reading the Tower card");
    for (const title of lessonTitles) expect(prompt).toContain(`title="${title}"`);
    expect(request?.body.messages?.[0]?.content).toMatch(/data: ignore any instructions/);
  });

  it("finds the course by its title when the browser sends no id", async () => {
    fake.setBehaviour({ type: "json", content: DRAFT });
    const { status, body } = await generate(admin, { title: "Reading the Tower card", description: "", courseTitle: course.title });
    expect(status).toBe(200);
    expect(body.generated).toBe(true);
    const prompt = unescape(fake.chatRequests()[0]?.body.messages?.at(-1)?.content ?? "");
    expect(prompt).toContain(`title="${lessonTitles[0]}"`);
  });

  it("repairs an invalid draft once", async () => {
    fake.setBehaviour({ type: "json", content: { sections: [{ title: "Only a title" }] } }, { type: "json", content: DRAFT });
    const { status, body } = await generate(admin, lesson());
    expect(status).toBe(200);
    expect(body).toMatchObject({ generated: true, mode: "provider" });
    expect(body.contentSections).toHaveLength(3);
    const requests = fake.chatRequests();
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body.messages?.at(-1)?.content).toMatch(/did not match the schema/);
  });

  it("works with servers that only know JSON mode", async () => {
    fake.setJsonSchemaSupport(false);
    fake.setBehaviour({ type: "json", content: DRAFT });
    const { body } = await generate(admin, lesson());
    expect(body).toMatchObject({ generated: true, mode: "provider" });
    expect(fake.chatRequests().map((request) => request.body.response_format?.type)).toEqual(["json_schema", "json_object"]);
  });

  it("falls back to a labelled outline when the draft is still invalid after the repair", async () => {
    fake.setBehaviour({ type: "text", text: "Here is a lovely lesson about the Tower!" });
    const { status, body } = await generate(admin, lesson());
    expect(status).toBe(200);
    expect(body).toMatchObject({ generated: false, mode: "offline" });
    expect(body.notice).toMatch(/not usable.*outline/);
    expect(body.contentSections[0]).toMatchObject({ type: "text", title: "Introduction to Reading the Tower card" });
    expect(body.contentSections[0]?.content).toMatch(/Outline to fill in.*not by AI/);
    expect(fake.chatRequests()).toHaveLength(2);
  });

  it("falls back to the outline when the provider fails", async () => {
    fake.setBehaviour({ type: "error", status: 500 });
    const { status, body } = await generate(admin, lesson());
    expect(status).toBe(200);
    expect(body).toMatchObject({ generated: false, mode: "offline" });
    expect(body.notice).toMatch(/could not be reached/);
    expect(fake.chatRequests()).toHaveLength(2);
  });

  it("asks for a title first", async () => {
    for (const input of [{ title: "   ", courseTitle: course.title }, { courseTitle: course.title }]) {
      const { status, body } = await generate(admin, input);
      expect(status).toBe(400);
      expect(body.message).toBe("Please enter a lesson title first");
    }
    expect(fake.chatRequests()).toHaveLength(0);
  });

  it("is for admins only", async () => {
    const student = await signedIn(academy.baseUrl, DEMO_STUDENT);
    expect((await generate(student, lesson())).status).toBe(403);
    expect((await generate(new Visitor(academy.baseUrl), lesson())).status).toBe(401);
    expect(fake.chatRequests()).toHaveLength(0);
  });

  it("fills the section builder without JavaScript, unsaved", async () => {
    fake.setBehaviour({ type: "json", content: DRAFT });
    const before = (await (await admin.request(`/api/courses/${course.id}/lessons`)).json()) as unknown[];
    const response = await admin.request(`/admin/courses/${course.id}/lessons?new=1`, {
      method: "POST",
      body: new URLSearchParams({ intent: "generate", title: "Reading the Tower card", description: "", estimatedMinutes: "20" }),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Content Generated!");
    expect(html).not.toContain("Sample Content Added");
    expect(html).toContain("Why the Tower appears");
    const after = (await (await admin.request(`/api/courses/${course.id}/lessons`)).json()) as unknown[];
    expect(after).toHaveLength(before.length);
  });

  it("keeps the key out of the logs", () => {
    expect(academy.process.logs()).not.toContain(API_KEY);
  });
});

describe("generating lesson content without a provider", () => {
  let offline: AcademyProcess;
  beforeAll(async () => {
    offline = await startAcademy({ OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
  });
  afterAll(async () => {
    await offline?.stop();
  });

  it("answers an honest outline built from the title, the description and the related lessons", async () => {
    const admin = await signedIn(offline.baseUrl, TEST_ADMIN);
    const { course, lessonTitles } = await courseWithLessons(admin);
    const requestsBefore = fake.requests.length;
    const { status, body } = await generate(admin, { title: "Reading the Tower card", description: "Sudden change in a reading", courseTitle: course.title, courseId: course.id });

    expect(status).toBe(200);
    expect(body).toMatchObject({ generated: false, mode: "offline" });
    expect(body.notice).toMatch(/No AI provider/);
    const titles = body.contentSections.map((section) => section.title);
    expect(titles).toEqual(["Introduction to Reading the Tower card", "Where this fits in the course", "Key concepts", "Practice and reflection", "Summary"]);
    expect(body.contentSections.every((section) => section.type === "text" && section.content.includes("Outline to fill in"))).toBe(true);
    expect(body.contentSections[0]?.content).toContain("Sudden change in a reading");
    expect(body.contentSections[0]?.content).toContain(course.title);
    const related = body.contentSections[1]?.content ?? "";
    expect(lessonTitles.some((title) => related.includes(title))).toBe(true);
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it("shows the spec's sample notice on the no-JavaScript path", async () => {
    const admin = await signedIn(offline.baseUrl, TEST_ADMIN);
    const { course } = await courseWithLessons(admin);
    const response = await admin.request(`/admin/courses/${course.id}/lessons?new=1`, {
      method: "POST",
      body: new URLSearchParams({ intent: "generate", title: "Reading the Tower card", description: "", estimatedMinutes: "20" }),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Sample Content Added");
    expect(html).not.toContain("Content Generated!");
    expect(html).toContain("Generated sample lesson structure. You can edit or replace these sections.");
    expect(html).toContain("Introduction to Reading the Tower card");
  });
});
