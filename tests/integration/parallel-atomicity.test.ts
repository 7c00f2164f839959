import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { answer, ConferenceJsonSchema, endAnyLive } from "./conference-api";
import { newStudent, TEST_ADMIN, uniqueName, Visitor } from "./helpers";
import { deliverEvent, signedEvent, useAcademyWithFakeStripe } from "./stripe-events";

// Issue 42: the spots that were atomic only because model code ran
// synchronously (nothing else could run in between) are atomic by the
// database now. Each is hit with parallel requests against the real server;
// before, a read-then-write split by an await would let two of them through.
// (The e-mail outbox claim across processes: tests/integration/workers.test.ts.)

const WEBHOOK_SECRET = "whsec_parallel_secret";
const stripe = useAcademyWithFakeStripe(WEBHOOK_SECRET, { LOGIN_MAX_FAILURES: "1000", SIGNUPS_PER_HOUR: "1000" });
const academy = stripe.academy;
const PARALLEL = 12;

let admin: Visitor;
beforeAll(async () => {
  admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
});

const statuses = (responses: Response[]) => responses.map((response) => response.status).sort();

/** A fresh visible course of `lessons` text lessons, the last one with `quiz` if given. */
async function course(lessons: number, quiz?: object): Promise<number[]> {
  const created = (await (
    await admin.request("/api/courses", {
      method: "POST",
      json: { title: uniqueName("Parallel course"), description: "For the parallel tests.", level: "Beginner", rating: "4.5", lessons, duration: "1 week", isActive: true, isPremium: false },
    })
  ).json()) as { id: number };
  const ids: number[] = [];
  for (let i = 1; i <= lessons; i++) {
    const lesson = await admin.request(`/api/courses/${created.id}/lessons`, {
      method: "POST",
      json: { title: `Lesson ${i}`, contentSections: [{ type: "text", title: "Text", content: "The Moon relates to emotions." }] },
    });
    ids.push(((await lesson.json()) as { id: number }).id);
  }
  if (quiz) expect((await admin.request(`/api/lessons/${ids.at(-1)}/quiz`, { method: "PUT", json: quiz })).status).toBe(200);
  return ids;
}

describe("parallel requests meet the database's rules, not a race", () => {
  it("quiz attempts at the limit: of 12 at once, exactly maxAttempts are recorded", async () => {
    const [, quizLesson] = await course(2, {
      passingScore: 100,
      maxAttempts: 3,
      shuffle: false,
      questions: [{ type: "single", prompt: "Which planet relates to emotions?", options: ["Sun", "Moon"], correct: [1] }],
    });
    const member = await newStudent(academy.baseUrl);
    const attempt = () => member.request(`/api/lessons/${quizLesson}/quiz/attempts`, { method: "POST", json: { answers: [] } });
    const responses = await Promise.all(Array.from({ length: PARALLEL }, attempt));
    expect(statuses(responses)).toEqual([...Array(3).fill(201), ...Array(PARALLEL - 3).fill(409)]);
    const mine = (await (await member.request(`/api/lessons/${quizLesson}/quiz/attempts`)).json()) as { attempts: Array<{ attemptNumber: number }> };
    expect(mine.attempts.map((a) => a.attemptNumber)).toEqual([1, 2, 3]);
  });

  it("certificate issue: completing the last lesson 12 times at once issues one certificate", async () => {
    const [first, last] = await course(2);
    const member = await newStudent(academy.baseUrl);
    expect((await member.request(`/api/lessons/${first}/complete`, { method: "POST" })).status).toBe(200);
    const responses = await Promise.all(Array.from({ length: PARALLEL }, () => member.request(`/api/lessons/${last}/complete`, { method: "POST" })));
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(200));
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as Array<{ certificate: { certificateNumber: string } | null }>;
    expect(bodies.filter((body) => body.certificate !== null)).toHaveLength(1);
    const certificates = (await (await member.request("/api/user/certificates")).json()) as unknown[];
    expect(certificates).toHaveLength(1);
  });

  it("votes: 12 members voting at once count 12; one member voting 12 times at once ends where toggling 12 times ends", async () => {
    await endAnyLive(admin);
    const live = await answer(await admin.request("/api/conferences/go-live", { method: "POST" }), 201, ConferenceJsonSchema);
    const asked = await answer(
      await admin.request(`/api/conferences/${live.id}/questions`, { method: "POST", json: { text: "Which spread suits a first reading?" } }),
      201,
      z.object({ question: z.object({ id: z.number() }) }),
    );
    const vote = (who: Visitor) => who.request(`/api/conferences/${live.id}/questions/${asked.question.id}/vote`, { method: "POST", json: {} });
    const members = await Promise.all(Array.from({ length: PARALLEL }, () => newStudent(academy.baseUrl)));
    expect(statuses(await Promise.all(members.map(vote)))).toEqual(Array(PARALLEL).fill(200));
    const listed = async () =>
      (await answer(await admin.request(`/api/conferences/${live.id}/questions`), 200, z.object({ questions: z.array(z.object({ id: z.number(), votes: z.number() })) }))).questions.find(
        (question) => question.id === asked.question.id,
      )?.votes;
    expect(await listed()).toBe(PARALLEL);
    // Each toggle sees the one before it: an even number of toggles takes the vote back.
    const [one] = members;
    expect(statuses(await Promise.all(Array.from({ length: PARALLEL }, () => vote(one!))))).toEqual(Array(PARALLEL).fill(200));
    expect(await listed()).toBe(PARALLEL);
    expect(statuses(await Promise.all(Array.from({ length: PARALLEL - 1 }, () => vote(one!))))).toEqual(Array(PARALLEL - 1).fill(200));
    expect(await listed()).toBe(PARALLEL - 1);
  });

  it("a Stripe event delivered 12 times at once is applied once", async () => {
    const event = signedEvent(WEBHOOK_SECRET, "customer.subscription.updated", { id: "sub_nobody_here", object: "subscription" });
    const outcomes = await Promise.all(Array.from({ length: PARALLEL }, () => deliverEvent(academy.baseUrl, event)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(PARALLEL).fill(200));
    const counted = outcomes.map((outcome) => outcome.body.outcome);
    expect(counted.filter((outcome) => outcome === "duplicate")).toHaveLength(PARALLEL - 1);
    expect(counted.filter((outcome) => outcome !== "duplicate")).toEqual(["ignored"]);
  });
});

afterEach(async () => {
  await endAnyLive(admin);
});
