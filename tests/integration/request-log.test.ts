import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAcademy, type AcademyProcess } from "../../scripts/academy-process";

// With LOG_REQUESTS (the default outside the tests) each answer is one JSON
// line carrying its request id, never the query string or the cookies.
describe("request log lines", () => {
  let academy: AcademyProcess;
  beforeAll(async () => {
    academy = await startAcademy({ LOG_REQUESTS: "true" });
  });
  afterAll(() => academy?.stop());

  function lineFor(requestId: string): Record<string, unknown> | undefined {
    return academy
      .logs()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.reqId === requestId && typeof entry.responseTime === "number");
  }

  it("logs method, path, status and time under the answer's request id", async () => {
    const answer = await fetch(`${academy.baseUrl}/api/knowledge-base?q=private-download-token`, { headers: { Cookie: "theme=cosmic-secret" } });
    expect(answer.status).toBe(200);
    const id = answer.headers.get("X-Request-Id") ?? "";
    await expect.poll(() => lineFor(id)).toBeDefined();
    const line = lineFor(id) ?? {};
    expect(line).toMatchObject({ level: "info", req: { method: "GET", path: "/api/knowledge-base" }, res: { status: 200 } });
    expect(String(line.msg)).toMatch(/^GET \/api\/knowledge-base 200 \d+ms$/);
    expect(academy.logs()).not.toContain("private-download-token");
    expect(academy.logs()).not.toContain("cosmic-secret");
  });

  it("logs a refused answer at its status, and keeps a proxy's request id", async () => {
    const answer = await fetch(`${academy.baseUrl}/api/user`, { headers: { "X-Request-Id": "edge-proxy-log-1234" } });
    expect(answer.status).toBe(401);
    await expect.poll(() => lineFor("edge-proxy-log-1234")).toBeDefined();
    const line = lineFor("edge-proxy-log-1234") ?? {};
    expect(line).toMatchObject({ req: { method: "GET", path: "/api/user" }, res: { status: 401 } });
    expect(line.msg).toBe(`GET /api/user 401 ${String(line.responseTime)}ms`);
  });

  // Issue 30: a visitor's mistake is not the academy's error. Anyone could
  // otherwise fill the error log with POSTs to pages that take none.
  it("logs a POST or OPTIONS to a page with no action at info, never at error", async () => {
    const lines = (requestId: string) =>
      academy
        .logs()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.reqId === requestId);
    for (const [method, id] of [
      ["POST", "stray-post-to-a-page"],
      ["OPTIONS", "stray-options-to-a-page"],
    ] as const) {
      const answer = await fetch(`${academy.baseUrl}/courses`, {
        method,
        headers: { "X-Request-Id": id, "Content-Type": "application/x-www-form-urlencoded", Origin: academy.baseUrl },
        body: method === "POST" ? "anything=1" : undefined,
      });
      expect(answer.status, method).toBe(405);
      await expect.poll(() => lineFor(id)).toBeDefined();
      const logged = lines(id);
      expect(logged.length, JSON.stringify(logged)).toBeGreaterThanOrEqual(2);
      expect(logged.filter((entry) => entry.level !== "info"), JSON.stringify(logged)).toEqual([]);
    }
  });
});
