import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PREMIUM, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// The study companion through its HTTP API, in offline mode (no provider key),
// on the real server: contract, streaming, access to Premium and hidden
// material, keeping the library current, quotas and the conversation.
const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000", COMPANION_MESSAGES_PER_MINUTE: "20", COMPANION_DAILY_MESSAGES_FREE: "15" });

interface Source {
  n: number | null;
  title: string;
  url: string;
  locked: boolean;
}
interface Answer {
  response: string;
  html: string;
  sources: Source[];
  mode: string;
  answered: boolean;
}

const MARK = `zircon${crypto.randomBytes(4).toString("hex")}`;
const PREMIUM_TEXT = `The ${MARK} lantern ritual steadies a nervous querent: light the ${MARK} lantern, breathe slowly three times, and name the question aloud before any card is drawn.`;

async function newStudent(): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.register(uniqueName("asker"))).status).toBe(201);
  return visitor;
}

async function ask(who: Visitor, message: unknown, context: object = {}): Promise<Response> {
  return who.request("/api/chat", { method: "POST", json: { message, context } });
}

/** Reads a Server-Sent Events answer into its events, in order. */
async function askStreaming(who: Visitor, message: string): Promise<Array<{ event: string; data: Record<string, unknown> }>> {
  const response = await who.request("/api/chat", { method: "POST", json: { message }, headers: { Accept: "text/event-stream" } });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("text/event-stream");
  const text = await response.text();
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => {
      const event = block.match(/^event: (.+)$/m)?.[1] ?? "";
      const data = JSON.parse(block.match(/^data: (.+)$/m)?.[1] ?? "{}") as Record<string, unknown>;
      return { event, data };
    });
}

describe("the study companion", () => {
  let admin: Visitor;
  let premiumCourseId: number;
  let premiumLessonId: number;

  beforeAll(async () => {
    admin = new Visitor(academy.baseUrl);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    const course = await admin.request("/api/courses", {
      method: "POST",
      json: { title: "Lantern Work", description: "Premium rituals", level: "Advanced", rating: "4.8", duration: "2 weeks", isActive: true, isPremium: true },
    });
    expect(course.status, await course.clone().text()).toBe(201);
    premiumCourseId = ((await course.json()) as { id: number }).id;
    const lesson = await admin.request(`/api/courses/${premiumCourseId}/lessons`, {
      method: "POST",
      json: { title: "The Lantern Ritual", contentSections: [{ type: "text", title: "Lighting the lantern", content: PREMIUM_TEXT }] },
    });
    expect(lesson.status).toBe(201);
    premiumLessonId = ((await lesson.json()) as { id: number }).id;
  });

  it("answers only signed-in members, and refuses empty or overlong questions with a message", async () => {
    expect((await ask(new Visitor(academy.baseUrl), "What is grounding?")).status).toBe(401);
    const student = await newStudent();
    for (const [message, text] of [
      ["", "Please type a question first"],
      ["   \n ", "Please type a question first"],
      [42, "Please type a question first"],
      ["x".repeat(2001), "Your question is too long"],
    ] as const) {
      const response = await ask(student, message);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(text);
    }
  });

  it("answers from the demo lessons with citations that link to the lesson", async () => {
    const student = await newStudent();
    const response = await ask(student, "How do I ground myself before a reading?", { courseTitle: "Foundations", lessonTitle: "Grounding" });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.mode).toBe("offline");
    expect(answer.answered).toBe(true);
    expect(answer.response).toMatch(/\[1\]/);
    const first = answer.sources.find((s) => s.n === 1);
    expect(first?.title).toBe("Grounding and Centering Before a Reading");
    expect(first?.url).toMatch(/^\/course\/\d+\/lesson\/\d+/);
    expect(answer.html).toContain(`data-citation="1"`);
    expect(answer.html).toContain(`href="${first?.url.replace(/&/g, "&amp;")}"`);
  });

  it("streams sources, text and a final answer as Server-Sent Events", async () => {
    const events = await askStreaming(await newStudent(), "What does the Tower card mean?");
    const names = events.map((e) => e.event);
    expect(names[0]).toBe("sources");
    expect(names.at(-1)).toBe("done");
    expect(names.filter((n) => n === "delta").length).toBeGreaterThan(0);
    const streamed = events.filter((e) => e.event === "delta").map((e) => String(e.data.text)).join("");
    expect(streamed).toBe(String(events.at(-1)?.data.response));
  });

  it("never shows a free member Premium text: a locked reference at most, in JSON and in the stream", async () => {
    const student = await newStudent();
    const question = `How do I do the ${MARK} lantern ritual?`;
    const answer = (await (await ask(student, question)).json()) as Answer;
    const body = JSON.stringify(answer);
    expect(body.replaceAll(question, "")).not.toContain(`${MARK} lantern ritual steadies`);
    expect(answer.response).not.toContain("breathe slowly three times");
    expect(answer.sources.find((s) => s.locked)).toMatchObject({ title: "The Lantern Ritual", url: `/course/${premiumCourseId}`, n: null });
    const streamed = JSON.stringify(await askStreaming(student, question));
    expect(streamed).not.toContain("breathe slowly three times");

    const member = new Visitor(academy.baseUrl);
    expect((await member.login(DEMO_PREMIUM.username, DEMO_PREMIUM.password)).status).toBe(200);
    const premiumAnswer = (await (await ask(member, question)).json()) as Answer;
    expect(premiumAnswer.response).toContain("breathe slowly three times");
    expect(premiumAnswer.sources.some((s) => s.url.startsWith(`/course/${premiumCourseId}/lesson/${premiumLessonId}`))).toBe(true);
  });

  // Issue 30 and ADR 023: the locked pointer tells a free member that a word
  // of their question is in some Premium lesson, and that lesson's title.
  // Accepted (titles are the course's advertising), as long as it names
  // nothing more: no heading, no text, no lesson address.
  it("points a free member to the Premium lesson that holds a word: its title and course page, nothing more", async () => {
    const student = await newStudent();
    const answer = (await (await ask(student, `What is ${MARK}?`)).json()) as Answer;
    const pointers = answer.sources.filter((s) => s.locked);
    expect(pointers).toEqual([{ n: null, title: "The Lantern Ritual", heading: "Lantern Work", url: `/course/${premiumCourseId}`, kind: "lesson", locked: true }]);
    const body = JSON.stringify(answer);
    expect(body).not.toContain("Lighting the lantern");
    expect(body).not.toContain(`/lesson/${premiumLessonId}`);
    expect(body.replaceAll(`What is ${MARK}?`, "").replaceAll(MARK, "")).not.toMatch(/steadies|nervous querent|breathe slowly/);
    expect(answer.response).toContain("“The Lantern Ritual”");

    // A word in no lesson points nowhere.
    const nothing = (await (await ask(student, `What is ${MARK}x${crypto.randomBytes(3).toString("hex")}q?`)).json()) as Answer;
    expect(nothing.sources.filter((s) => s.locked)).toEqual([]);
  });

  it("keeps the library current: edits, deactivation and drafts take effect at once", async () => {
    const member = new Visitor(academy.baseUrl);
    expect((await member.login(DEMO_PREMIUM.username, DEMO_PREMIUM.password)).status).toBe(200);
    const word = `quasar${crypto.randomBytes(3).toString("hex")}`;
    const article = await admin.request("/api/knowledge-base", {
      method: "POST",
      json: { title: `The ${word} method`, summary: "A draft", content: `The ${word} method asks the reader to pause before every answer and breathe.`, category: "Study Tips", tags: "[]", isPublished: false },
    });
    const { id: articleId } = (await article.json()) as { id: number };
    const draftAnswer = (await (await ask(member, `What is the ${word} method?`)).json()) as Answer;
    expect(draftAnswer.response).not.toContain("pause before every answer");

    const published = await admin.request(`/api/knowledge-base/${articleId}`, {
      method: "PUT",
      json: { title: `The ${word} method`, summary: "Now live", content: `The ${word} method asks the reader to pause before every answer and breathe.`, category: "Study Tips", tags: "[]", isPublished: true },
    });
    expect(published.status).toBe(200);
    const liveAnswer = (await (await ask(member, `What is the ${word} method?`)).json()) as Answer;
    expect(liveAnswer.response).toContain("pause before every answer");
    expect(liveAnswer.sources[0]?.url).toBe(`/knowledge-base/${articleId}`);

    // The premium lesson turned inactive is out of reach even for Premium members.
    const lesson = await admin.request(`/api/lessons/${premiumLessonId}`, {
      method: "PUT",
      json: { title: "The Lantern Ritual", isActive: false, contentSections: [{ type: "text", title: "Lighting the lantern", content: PREMIUM_TEXT }] },
    });
    expect(lesson.status).toBe(200);
    const hidden = (await (await ask(member, `How do I do the ${MARK} lantern ritual?`)).json()) as Answer;
    expect(hidden.response).not.toContain("breathe slowly three times");
  });

  it("refuses medical advice and meets crisis words with real help", async () => {
    const student = await newStudent();
    const medical = (await (await ask(student, "What dosage of medication should my client take?")).json()) as Answer;
    expect(medical.response).toContain("can't give medical advice");
    const crisis = (await (await ask(student, "My client said she wants to end her life")).json()) as Answer;
    expect(crisis.response).toContain("988");
    expect(crisis.response).toContain("emergency services");
  });

  it("keeps the conversation, suggests questions for a lesson, and clears on request", async () => {
    const student = await newStudent();
    await ask(student, "What are the four suits?");
    const history = (await (await student.request("/api/chat/history")).json()) as { messages: Array<{ role: string; content: string; html: string | null }> };
    expect(history.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(history.messages[0]?.content).toBe("What are the four suits?");
    expect(history.messages[1]?.html).toContain("<");

    const suggestions = (await (await student.request("/api/chat/suggestions?lessonId=2")).json()) as { questions: string[] };
    expect(suggestions.questions).toHaveLength(3);
    expect(suggestions.questions[0]).toContain("Why grounding matters");
    expect((await student.request(`/api/chat/suggestions?lessonId=${premiumLessonId}`)).status).toBeGreaterThanOrEqual(403);

    const status = (await (await student.request("/api/chat/status")).json()) as { mode: string; usedToday: number; dailyLimit: number };
    expect(status).toMatchObject({ mode: "offline", usedToday: 1, dailyLimit: 15 });

    expect((await student.request("/api/chat/history", { method: "DELETE" })).status).toBe(200);
    expect(((await (await student.request("/api/chat/history")).json()) as { messages: unknown[] }).messages).toEqual([]);
  });

  it("stops a member at the daily allowance with 429 and Retry-After", async () => {
    const student = await newStudent();
    for (let i = 0; i < 15; i++) expect((await ask(student, `Question ${i} about tarot suits`)).status).toBe(200);
    const refused = await ask(student, "One more about the suits");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toContain("daily limit");
  });
});
