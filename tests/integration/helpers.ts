import { afterAll, beforeAll, expect } from "vitest";
import { startAcademy, TEST_ADMIN, type AcademyProcess } from "../../scripts/academy-process";

export { TEST_ADMIN };
export const DEMO_STUDENT = { username: "seeker", password: "quiet-river-lantern" };
export const DEMO_PREMIUM = { username: "oracle", password: "silver-moon-compass" };

/** Starts one real server on a fresh database for the calling test file. */
export function useAcademy(extraEnv: Record<string, string> = {}) {
  const holder: { academy?: AcademyProcess } = {};
  beforeAll(async () => {
    holder.academy = await startAcademy(extraEnv);
  });
  afterAll(async () => {
    await holder.academy?.stop();
  });
  return {
    get baseUrl() {
      if (!holder.academy) throw new Error("the academy has not started");
      return holder.academy.baseUrl;
    },
    get process() {
      if (!holder.academy) throw new Error("the academy has not started");
      return holder.academy;
    },
  };
}

export function answerCaptcha(question: string): number {
  const match = question.match(/What is (\d+) \+ (\d+)\?/);
  if (!match) throw new Error(`Unexpected captcha question: ${question}`);
  return Number(match[1]) + Number(match[2]);
}

/** A tiny browser: keeps cookies between requests and speaks JSON. */
export class Visitor {
  private cookies = new Map<string, string>();

  /** `fetcher`: freshConnectionFetch (./fresh-connection) to open a new connection, and so reach the next worker, per request. */
  constructor(
    private baseUrl: string,
    private fetcher: typeof fetch = fetch,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  setCookieHeader(header: string) {
    this.cookies.clear();
    for (const part of header.split(/;\s*/).filter(Boolean)) {
      const [name, ...rest] = part.split("=");
      if (name) this.cookies.set(name, rest.join("="));
    }
  }

  async request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", this.cookieHeader);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await this.fetcher(new URL(path, this.baseUrl), { ...init, headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (!name) continue;
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /max-age=0/i.test(a.trim()));
      if (expired || rest.join("=") === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), rest.join("="));
    }
    return response;
  }

  async captcha(): Promise<{ captchaToken: string; captchaAnswer: number }> {
    const response = await this.request("/api/captcha");
    const { token, question } = (await response.json()) as { token: string; question: string };
    return { captchaToken: token, captchaAnswer: answerCaptcha(question) };
  }

  async register(username: string, password = "a calm and steady passphrase"): Promise<Response> {
    return this.request("/api/register", { method: "POST", json: { username, password, ...(await this.captcha()) } });
  }

  async login(username: string, password: string): Promise<Response> {
    return this.request("/api/login", { method: "POST", json: { username, password, ...(await this.captcha()) } });
  }

  async authStatus(): Promise<{ isAuthenticated: boolean; username: string | null; role: string | null }> {
    return (await this.request("/api/auth-status")).json() as Promise<{ isAuthenticated: boolean; username: string | null; role: string | null }>;
  }
}

let counter = 0;
export function uniqueName(prefix = "student"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/**
 * Sends a body with node:http and returns the answer even when the server
 * answers early and closes before the body is fully sent (fetch reports that
 * as a network error, though the server did answer).
 */
export async function postEarlyAnswer(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: string }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { ...headers, "Content-Length": String(body.length) } }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    req.end(body);
  });
}

/** A newly registered student, signed in. */
export async function newStudent(baseUrl: string): Promise<Visitor> {
  const visitor = new Visitor(baseUrl);
  expect((await visitor.register(uniqueName())).status).toBe(201);
  return visitor;
}

interface AdminQuizJson {
  quiz: { questions: Array<{ id: number; type: string; correct?: number[]; accepted?: string[] }> };
}

/** The right answers to a lesson's quiz, read through the admin's view of it. */
export async function correctAnswers(admin: Visitor, lessonId: number) {
  const response = await admin.request(`/api/lessons/${lessonId}/quiz`);
  expect(response.status).toBe(200);
  const { quiz } = (await response.json()) as AdminQuizJson;
  return quiz.questions.map((question) =>
    question.type === "short" ? { questionId: question.id, text: question.accepted?.[0] ?? "" } : { questionId: question.id, choices: question.correct ?? [] },
  );
}

/** Passes a lesson's quiz as `member` (the answers come from `admin`); returns the attempt's answer. */
export async function passQuiz(member: Visitor, admin: Visitor, lessonId: number) {
  const response = await member.request(`/api/lessons/${lessonId}/quiz/attempts`, { method: "POST", json: { answers: await correctAnswers(admin, lessonId) } });
  expect(response.status).toBe(201);
  return (await response.json()) as {
    attempt: { passed: boolean; score: number };
    completion: { progress: { progressPercentage: number; isCompleted: boolean }; nextLessonId: number | null; certificate: { certificateNumber: string } | null } | null;
  };
}
