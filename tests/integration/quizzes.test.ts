import { describe, expect, it } from "vitest";
import { correctAnswers, DEMO_STUDENT, newStudent, passQuiz, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// Issue 24: quizzes that gate lesson completion and certificates, through the
// JSON API and the lesson page's plain form, against the real server.
const academy = useAcademy({ SIGNUPS_PER_HOUR: "500" });

async function signedIn(username: string, password: string) {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}
const admin = () => signedIn(TEST_ADMIN.username, TEST_ADMIN.password);

const QUIZ = {
  passingScore: 60,
  maxAttempts: 0,
  shuffle: false,
  questions: [
    { type: "single", prompt: "Which planet relates to emotions?", options: ["Sun", "Moon", "Mars"], correct: [1], explanation: "The Moon: emotions and needs." },
    { type: "multiple", prompt: "Which are water signs?", options: ["Cancer", "Leo", "Pisces"], correct: [0, 2] },
    { type: "true_false", prompt: "Fixed signs initiate.", correct: [1], explanation: "Cardinal signs initiate." },
    { type: "short", prompt: "Name the sign of the crab.", accepted: ["Cancer"] },
    { type: "single", prompt: "How many houses are there?", options: ["Ten", "Twelve"], correct: [1] },
  ],
};

interface LessonJson {
  id: number;
}

/** A fresh course with two lessons, the second carrying QUIZ (or `quiz`). */
async function courseWithQuiz(boss: Visitor, quiz: object = QUIZ, isPremium = false) {
  const course = (await (
    await boss.request("/api/courses", {
      method: "POST",
      json: { title: `Quiz course ${Date.now()}`, description: "For the quiz tests.", level: "Beginner", rating: "4.5", lessons: 2, duration: "1 week", isActive: true, isPremium },
    })
  ).json()) as { id: number };
  const lessonBody = (title: string) => ({ title, contentSections: [{ type: "text", title: "Text", content: "The Moon relates to emotions. Cancer is a water sign." }] });
  const first = (await (await boss.request(`/api/courses/${course.id}/lessons`, { method: "POST", json: lessonBody("Reading") })).json()) as LessonJson;
  const second = (await (await boss.request(`/api/courses/${course.id}/lessons`, { method: "POST", json: lessonBody("Checked") })).json()) as LessonJson;
  const saved = await boss.request(`/api/lessons/${second.id}/quiz`, { method: "PUT", json: quiz });
  expect(saved.status).toBe(200);
  return { courseId: course.id, first: first.id, quizLesson: second.id };
}

describe("saving a quiz (PUT /api/lessons/{id}/quiz)", () => {
  it("answers 400 with a field message for each broken rule", async () => {
    const boss = await admin();
    const { quizLesson } = await courseWithQuiz(boss);
    const put = async (body: object) => {
      const response = await boss.request(`/api/lessons/${quizLesson}/quiz`, { method: "PUT", json: body });
      return { status: response.status, body: (await response.json()) as { message: string; errors?: Record<string, string[]> } };
    };
    const cases: Array<[object, string, RegExp]> = [
      [{ ...QUIZ, passingScore: 101 }, "passingScore", /between 0 and 100/],
      [{ ...QUIZ, passingScore: -1 }, "passingScore", /between 0 and 100/],
      [{ ...QUIZ, questions: [] }, "questions", /at least one question/],
      [{ ...QUIZ, questions: [{ type: "single", prompt: "Q", options: ["Only"], correct: [0] }] }, "questions.0.options", /at least 2 options/],
      [{ ...QUIZ, questions: [{ type: "single", prompt: "Q", options: ["A", "B"], correct: [0, 1] }] }, "questions.0.correct", /exactly one/],
      [{ ...QUIZ, questions: [{ type: "true_false", prompt: "Q", correct: [] }] }, "questions.0.correct", /exactly one/],
      [{ ...QUIZ, questions: [{ type: "multiple", prompt: "Q", options: ["A", "B"], correct: [2] }] }, "questions.0.correct", /does not exist/],
      [{ ...QUIZ, questions: [{ type: "short", prompt: "Q" }] }, "questions.0.accepted", /accepted answer/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.[field]?.join(" ")).toMatch(message);
      expect(answer.body.message).toMatch(message);
    }
  });

  it("is for admins only: 401 for visitors, 403 for members, 404 for a lesson that does not exist", async () => {
    const visitor = new Visitor(academy.baseUrl);
    expect((await visitor.request("/api/lessons/1/quiz", { method: "PUT", json: QUIZ })).status).toBe(401);
    expect((await visitor.request("/api/lessons/1/quiz")).status).toBe(401);
    const member = await newStudent(academy.baseUrl);
    expect((await member.request("/api/lessons/1/quiz", { method: "PUT", json: QUIZ })).status).toBe(403);
    expect((await member.request("/api/lessons/1/quiz", { method: "DELETE" })).status).toBe(403);
    const boss = await admin();
    expect((await boss.request("/api/lessons/999999/quiz", { method: "PUT", json: QUIZ })).status).toBe(404);
    expect((await boss.request("/api/lessons/1/quiz")).status).toBe(404);
  });
});

describe("drafting questions (POST /api/lessons/{id}/quiz/draft), offline", () => {
  it("drafts at least 3 questions, each quoting a sentence of the lesson, and saves nothing", async () => {
    const boss = await admin();
    const { quizLesson } = await courseWithQuiz(boss);
    const response = await boss.request(`/api/lessons/${quizLesson}/quiz/draft`, { method: "POST" });
    expect(response.status).toBe(200);
    const draft = (await response.json()) as { mode: string; notice: string; questions: Array<{ source: string; prompt: string }> };
    expect(draft.mode).toBe("offline");
    expect(draft.notice).toMatch(/No AI provider/);
    expect(draft.questions.length).toBeGreaterThanOrEqual(3);
    for (const q of draft.questions) expect(["The Moon relates to emotions.", "Cancer is a water sign."]).toContain(q.source);
    // The saved quiz is unchanged.
    const saved = (await (await boss.request(`/api/lessons/${quizLesson}/quiz`)).json()) as { quiz: { questions: unknown[] } };
    expect(saved.quiz.questions).toHaveLength(QUIZ.questions.length);
  });

  it("is for admins only", async () => {
    expect((await new Visitor(academy.baseUrl).request("/api/lessons/1/quiz/draft", { method: "POST" })).status).toBe(401);
    expect((await (await newStudent(academy.baseUrl)).request("/api/lessons/1/quiz/draft", { method: "POST" })).status).toBe(403);
    expect((await (await admin()).request("/api/lessons/999999/quiz/draft", { method: "POST" })).status).toBe(404);
    expect((await (await admin()).request("/api/lessons/1/quiz/draft")).status).toBe(405);
  });
});

describe("what a member sees", () => {
  it("prompts and options only, never answers or explanations before an attempt", async () => {
    const boss = await admin();
    const { quizLesson } = await courseWithQuiz(boss);
    const full = (await (await boss.request(`/api/lessons/${quizLesson}/quiz`)).json()) as { quiz: { questions: Array<Record<string, unknown>> } };
    expect(full.quiz.questions[0]).toMatchObject({ correct: [1], explanation: "The Moon: emotions and needs." });
    expect(full.quiz.questions[3]).toMatchObject({ accepted: ["Cancer"] });

    const member = await newStudent(academy.baseUrl);
    const response = await member.request(`/api/lessons/${quizLesson}/quiz`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/"correct"|"accepted"|"explanation"|Cardinal signs initiate|emotions and needs/);
    const { quiz } = JSON.parse(text) as { quiz: { passingScore: number; maxAttempts: number; questions: Array<Record<string, unknown>> } };
    expect(quiz).toMatchObject({ passingScore: 60, maxAttempts: 0 });
    expect(quiz.questions.map((question) => Object.keys(question).sort())).toEqual([
      ["id", "options", "prompt", "type"],
      ["id", "options", "prompt", "type"],
      ["id", "options", "prompt", "type"],
      ["id", "prompt", "type"],
      ["id", "options", "prompt", "type"],
    ]);
    expect(quiz.questions[2]).toMatchObject({ type: "true_false", options: ["True", "False"] });

    // The lesson page carries no answers either, before an attempt.
    const page = await (await member.request(`/course/1/lesson/1`)).text();
    expect(page).not.toContain("Cardinal signs initiate");
  });

  it("shuffles per attempt, the same order on every reload of one attempt", async () => {
    const boss = await admin();
    const many = { ...QUIZ, shuffle: true, questions: Array.from({ length: 8 }, (_, i) => ({ type: "single", prompt: `Q${i}`, options: ["a", "b", "c", "d"], correct: [0] })) };
    const { quizLesson } = await courseWithQuiz(boss, many);
    const member = await newStudent(academy.baseUrl);
    type Shuffled = { quiz: { questions: Array<{ prompt: string; optionOrder: number[] }> } };
    const read = async () => ((await (await member.request(`/api/lessons/${quizLesson}/quiz`)).json()) as Shuffled).quiz.questions;
    const first = await read();
    expect(await read()).toEqual(first);
    expect(first.map((q) => q.prompt).sort()).toEqual(many.questions.map((q) => q.prompt).sort());
    for (const question of first) expect([...question.optionOrder].sort()).toEqual([0, 1, 2, 3]);
    await member.request(`/api/lessons/${quizLesson}/quiz/attempts`, { method: "POST", json: { answers: [] } });
    const next = await read();
    expect(next.map((q) => `${q.prompt}:${q.optionOrder.join("")}`)).not.toEqual(first.map((q) => `${q.prompt}:${q.optionOrder.join("")}`));
  });

  it("401 for visitors, 403 on a Premium course without Premium, 404 for a lesson without a quiz", async () => {
    const boss = await admin();
    const { quizLesson, first } = await courseWithQuiz(boss, QUIZ, true);
    expect((await new Visitor(academy.baseUrl).request(`/api/lessons/${quizLesson}/quiz`)).status).toBe(401);
    const member = await newStudent(academy.baseUrl);
    expect((await member.request(`/api/lessons/${quizLesson}/quiz`)).status).toBe(403);
    expect((await member.request(`/api/lessons/${quizLesson}/quiz/attempts`, { method: "POST", json: { answers: [] } })).status).toBe(403);
    const premium = await signedIn("oracle", "silver-moon-compass");
    expect((await premium.request(`/api/lessons/${quizLesson}/quiz`)).status).toBe(200);
    expect((await premium.request(`/api/lessons/${first}/quiz`)).status).toBe(404);
  });
});

describe("attempts", () => {
  it("score correct/all rounded, unanswered is wrong; short answers ignore case and spacing", async () => {
    const boss = await admin();
    const { quizLesson } = await courseWithQuiz(boss);
    const ids = (await correctAnswers(boss, quizLesson)).map((answer) => answer.questionId);
    const member = await newStudent(academy.baseUrl);
    const attempt = async (answers: object[]) => {
      const response = await member.request(`/api/lessons/${quizLesson}/quiz/attempts`, { method: "POST", json: { answers } });
      expect(response.status).toBe(201);
      return ((await response.json()) as { attempt: { attemptNumber: number; score: number; passed: boolean; results: Array<{ questionId: number; correct: boolean; explanation?: string }> } }).attempt;
    };
    // 2 of 5 right (one unanswered, one half-right multiple): 40%, not passed.
    const first = await attempt([
      { questionId: ids[0], choices: [1] },
      { questionId: ids[1], choices: [0] },
      { questionId: ids[2], choices: [0] },
      { questionId: ids[3], text: "  cANCER   " },
    ]);
    expect(first).toMatchObject({ attemptNumber: 1, score: 40, passed: false });
    expect(first.results.map((r) => r.correct)).toEqual([true, false, false, true, false]);
    expect(first.results[2]?.explanation).toBe("Cardinal signs initiate.");
    // 3 of 5 = 60% meets the pass mark.
    const second = await attempt([
      { questionId: ids[0], choices: [1] },
      { questionId: ids[1], choices: [2, 0] },
      { questionId: ids[3], text: "the crab" },
      { questionId: ids[4], choices: [1] },
    ]);
    expect(second).toMatchObject({ attemptNumber: 2, score: 60, passed: true });
    const mine = (await (await member.request(`/api/lessons/${quizLesson}/quiz/attempts`)).json()) as { attempts: Array<{ score: number }> };
    expect(mine.attempts.map((a) => a.score)).toEqual([40, 60]);
    // Another member sees only their own (none).
    const other = await newStudent(academy.baseUrl);
    expect(await (await other.request(`/api/lessons/${quizLesson}/quiz/attempts`)).json()).toEqual({ attempts: [] });
  });

  it("refuses an attempt past maxAttempts with 409", async () => {
    const boss = await admin();
    const { quizLesson } = await courseWithQuiz(boss, { ...QUIZ, maxAttempts: 2 });
    const member = await newStudent(academy.baseUrl);
    const post = () => member.request(`/api/lessons/${quizLesson}/quiz/attempts`, { method: "POST", json: { answers: [] } });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const refused = await post();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "You have used all 2 attempts at this quiz" });
  });

  it("rejects malformed answers with 400", async () => {
    const boss = await admin();
    const { quizLesson } = await courseWithQuiz(boss);
    const member = await newStudent(academy.baseUrl);
    for (const body of [{}, { answers: "all" }, { answers: [{ questionId: "x" }] }, { answers: [{ questionId: 1, choices: [-1] }] }]) {
      expect((await member.request(`/api/lessons/${quizLesson}/quiz/attempts`, { method: "POST", json: body })).status).toBe(400);
    }
  });
});

describe("completion, certificates and the gradebook", () => {
  it("a quiz lesson completes only by passing; the certificate shows the average best score and 'assessed'", async () => {
    const boss = await admin();
    const { courseId, first, quizLesson } = await courseWithQuiz(boss);
    const member = await newStudent(academy.baseUrl);
    expect((await member.request(`/api/lessons/${first}/complete`, { method: "POST" })).status).toBe(200);
    const refused = await member.request(`/api/lessons/${quizLesson}/complete`, { method: "POST" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "Pass the quiz to complete this lesson" });
    // A failed attempt completes nothing.
    await member.request(`/api/lessons/${quizLesson}/quiz/attempts`, { method: "POST", json: { answers: [] } });
    expect((await member.request(`/api/lessons/${quizLesson}/complete`, { method: "POST" })).status).toBe(409);
    const passed = await passQuiz(member, boss, quizLesson);
    expect(passed.attempt).toMatchObject({ score: 100, passed: true });
    expect(passed.completion?.progress).toMatchObject({ progressPercentage: 100, isCompleted: true });
    const number = passed.completion?.certificate?.certificateNumber;
    expect(number).toBeTruthy();
    // Completing afterwards is idempotent.
    expect((await member.request(`/api/lessons/${quizLesson}/complete`, { method: "POST" })).status).toBe(200);

    const certificates = (await (await member.request("/api/user/certificates")).json()) as Array<{ courseId: number; assessed: boolean; averageScore: number | null }>;
    expect(certificates.find((c) => c.courseId === courseId)).toMatchObject({ assessed: true, averageScore: 100 });
    const verification = await (await fetch(`${academy.baseUrl}/certificates/${number}`)).text();
    expect(verification).toContain("Assessed");
    expect(verification).toContain("100%");

    // The gradebook: one row for this member, best score and attempts; CSV the same.
    const book = (await (await boss.request(`/api/admin/courses/${courseId}/gradebook`)).json()) as {
      rows: Array<{ userId: number; username: string; name: string | null; email: string | null; completedAt: string | null; lessons: Array<{ lessonId: number; bestScore: number | null; passed: boolean; attempts: number }> }>;
    };
    expect(book.rows).toHaveLength(1);
    expect(book.rows[0]?.lessons).toEqual([{ lessonId: quizLesson, bestScore: 100, passed: true, attempts: 2 }]);
    const csv = await boss.request(`/api/admin/courses/${courseId}/gradebook?format=csv`);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(csv.headers.get("Content-Disposition")).toContain("attachment");
    const lines = (await csv.text()).trim().split("\r\n");
    // Who the member is and when they finished (issue 47): name, email for admins, completion day.
    expect(lines[0]).toBe("username,name,email,completed on,Checked best score,Checked passed,Checked attempts");
    const row = book.rows[0];
    expect(lines[1]).toBe(`${row?.username},${row?.name ?? ""},${row?.email ?? ""},${row?.completedAt?.slice(0, 10) ?? ""},100,yes,2`);
    expect(row?.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await member.request(`/api/admin/courses/${courseId}/gradebook`)).status).toBe(403);
  });

  it("a course without quizzes issues an unassessed certificate, as before", async () => {
    const boss = await admin();
    const course = (await (
      await boss.request("/api/courses", { method: "POST", json: { title: "No quiz", description: "Plain.", level: "Beginner", rating: "4.0", lessons: 1, duration: "1 day", isActive: true } })
    ).json()) as { id: number };
    const lesson = (await (await boss.request(`/api/courses/${course.id}/lessons`, { method: "POST", json: { title: "Only" } })).json()) as LessonJson;
    const member = await newStudent(academy.baseUrl);
    const done = (await (await member.request(`/api/lessons/${lesson.id}/complete`, { method: "POST" })).json()) as { certificate: { assessed: boolean; averageScore: number | null; certificateNumber: string } };
    expect(done.certificate).toMatchObject({ assessed: false, averageScore: null });
    expect(await (await fetch(`${academy.baseUrl}/certificates/${done.certificate.certificateNumber}`)).text()).not.toContain("Assessed");
  });

  it("changing a quiz keeps earlier attempts as graded; deleting it frees the lesson", async () => {
    const boss = await admin();
    const { quizLesson } = await courseWithQuiz(boss);
    const member = await newStudent(academy.baseUrl);
    await passQuiz(member, boss, quizLesson);
    const harder = { ...QUIZ, passingScore: 100, questions: [{ type: "short", prompt: "New question", accepted: ["new"] }] };
    expect((await boss.request(`/api/lessons/${quizLesson}/quiz`, { method: "PUT", json: harder })).status).toBe(200);
    const attempts = (await (await member.request(`/api/lessons/${quizLesson}/quiz/attempts`)).json()) as { attempts: Array<{ score: number; passed: boolean }> };
    expect(attempts.attempts).toEqual([expect.objectContaining({ score: 100, passed: true })]);

    const other = await newStudent(academy.baseUrl);
    expect((await other.request(`/api/lessons/${quizLesson}/complete`, { method: "POST" })).status).toBe(409);
    expect((await boss.request(`/api/lessons/${quizLesson}/quiz`, { method: "DELETE" })).status).toBe(200);
    expect((await boss.request(`/api/lessons/${quizLesson}/quiz`, { method: "DELETE" })).status).toBe(404);
    expect((await other.request(`/api/lessons/${quizLesson}/complete`, { method: "POST" })).status).toBe(200);
  });
});

describe("the lesson page's quiz form (no JavaScript)", () => {
  it("shows the quiz on the last section, grades a posted form and shows the results with explanations", async () => {
    const boss = await admin();
    const { courseId, quizLesson } = await courseWithQuiz(boss);
    const member = await newStudent(academy.baseUrl);
    const path = `/course/${courseId}/lesson/${quizLesson}`;
    expect((await member.request(`/api/courses/${courseId}/start`, { method: "POST" })).status).toBe(200);
    const page = await (await member.request(`${path}?section=1`)).text();
    expect(page).toContain("Lesson quiz");
    expect(page).toContain('name="intent" value="quiz"');
    expect(page).toContain("Pass the quiz to complete this lesson");
    expect(page).not.toContain("The Moon: emotions and needs.");

    const ids = (await correctAnswers(boss, quizLesson)).map((answer) => answer.questionId);
    const form = new URLSearchParams({ intent: "quiz", [`q-${ids[0]}`]: "0", [`q-${ids[3]}`]: "cancer" });
    form.append(`q-${ids[1]}`, "0");
    form.append(`q-${ids[1]}`, "2");
    const posted = await member.request(`${path}?section=1`, { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`${path}?section=1&attempt=1#quiz`);
    const result = await (await member.request(`${path}?section=1&attempt=1`)).text();
    expect(result).toContain("Score: 40%");
    expect(result).toContain("Not passed yet");
    expect(result).toContain("The Moon: emotions and needs.");
    // The complete button of the form refuses while the quiz is not passed.
    const complete = await member.request(path, { method: "POST", body: new URLSearchParams({ intent: "complete" }), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(complete.status).toBe(303);
    expect((await (await member.request("/api/user/progress")).json()) as unknown[]).toEqual([expect.objectContaining({ courseId, isCompleted: false })]);
  });

  it("lists the quizzes still to pass in the portal", async () => {
    const member = await signedIn(DEMO_STUDENT.username, DEMO_STUDENT.password);
    await member.request("/api/courses/4/start", { method: "POST" });
    const portal = await (await member.request("/students")).text();
    expect(portal).toContain("Quizzes to pass");
    expect(portal).toContain("The Structure of the Deck");
  });
});

describe("the quiz builder page", () => {
  const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

  it("refuses visitors and members, answers bad input with 400 and saves good input", async () => {
    const boss = await admin();
    const { courseId, quizLesson } = await courseWithQuiz(boss);
    const path = `/admin/courses/${courseId}/lessons/${quizLesson}/quiz`;
    const good = { intent: "save", passingScore: "50", maxAttempts: "2", "questions[0].type": "single", "questions[0].prompt": "Which?", "questions[0].options": "A\n* B" };
    // As on every admin page: a visitor is sent to sign in, a member to their portal, and nothing is saved.
    expect((await new Visitor(academy.baseUrl).request(path, form(good))).headers.get("Location")).toMatch(/^\/login/);
    const member = await newStudent(academy.baseUrl);
    expect((await member.request(path, form(good))).headers.get("Location")).toBe("/students");
    expect((await member.request(path)).headers.get("Location")).toBe("/students");
    expect((await member.request(`/admin/courses/${courseId}/gradebook`)).headers.get("Location")).toBe("/students");

    const bad = await boss.request(path, form({ ...good, passingScore: "150", "questions[0].options": "A\nB" }));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Pass mark must be between 0 and 100");
    expect(html).toContain("Mark exactly one correct answer");
    // Nothing changed.
    expect(((await (await boss.request(`/api/lessons/${quizLesson}/quiz`)).json()) as { quiz: { passingScore: number } }).quiz.passingScore).toBe(60);

    const saved = await boss.request(path, form(good));
    expect(saved.status).toBe(302);
    const quiz = ((await (await boss.request(`/api/lessons/${quizLesson}/quiz`)).json()) as { quiz: { passingScore: number; maxAttempts: number; questions: unknown[] } }).quiz;
    expect(quiz).toMatchObject({ passingScore: 50, maxAttempts: 2, questions: [{ type: "single", prompt: "Which?", options: ["A", "B"], correct: [1] }] });
    expect((await boss.request(`/admin/courses/${courseId}/lessons/999999/quiz`)).status).toBe(404);
  });
});
