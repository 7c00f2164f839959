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
});
