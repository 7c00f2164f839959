import { describe, expect, it } from "vitest";
import type { Request, Response } from "express";
import { bodyLimitFor, contentSecurityPolicy, isCrossSiteWrite, pageWriteProblem, securityHeaders } from "../../server/security";

function request(method: string, headers: Record<string, string>, protocol = "http") {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, protocol, get: (name: string) => lower[name.toLowerCase()] };
}

describe("the cross-site write check", () => {
  it("lets reads and same-origin writes through", () => {
    expect(isCrossSiteWrite(request("GET", { Origin: "https://evil.example", Host: "academy.test" }))).toBe(false);
    expect(isCrossSiteWrite(request("POST", { Origin: "http://academy.test", Host: "academy.test" }))).toBe(false);
    expect(isCrossSiteWrite(request("POST", { Host: "academy.test" }))).toBe(false);
    expect(isCrossSiteWrite(request("POST", { "Sec-Fetch-Site": "same-origin", Host: "academy.test" }))).toBe(false);
  });

  it("refuses writes that name another site", () => {
    expect(isCrossSiteWrite(request("POST", { Origin: "https://evil.example", Host: "academy.test" }))).toBe(true);
    expect(isCrossSiteWrite(request("DELETE", { Origin: "http://academy.test:8080", Host: "academy.test" }))).toBe(true);
    expect(isCrossSiteWrite(request("PUT", { "Sec-Fetch-Site": "cross-site", Host: "academy.test" }))).toBe(true);
    expect(isCrossSiteWrite(request("POST", { Origin: "null", Host: "academy.test" }))).toBe(true);
  });
});

describe("the content security policy", () => {
  it("allows scripts only from us (with this response's nonce) and Stripe.js, and forbids framing", () => {
    const policy = contentSecurityPolicy("abc123", false);
    expect(policy).toContain("script-src 'self' 'nonce-abc123' https://js.stripe.com;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("lets forms go to Stripe Checkout, and to a configured stand-in only when given", () => {
    expect(contentSecurityPolicy("n", false)).toContain("form-action 'self' https://checkout.stripe.com;");
    expect(contentSecurityPolicy("n", false, ["http://127.0.0.1:4174"])).toContain("form-action 'self' https://checkout.stripe.com http://127.0.0.1:4174;");
  });
});

describe("writes to pages", () => {
  it("are HTML form posts only; the JSON API is left to its own routes", () => {
    expect(pageWriteProblem("POST", "/login", "application/x-www-form-urlencoded;charset=UTF-8")).toBeNull();
    expect(pageWriteProblem("POST", "/tools-templates", "multipart/form-data; boundary=x")).toBeNull();
    expect(pageWriteProblem("GET", "/login", "")).toBeNull();
    expect(pageWriteProblem("POST", "/api/login", "application/json")).toBeNull();
    expect(pageWriteProblem("PUT", "/api/calculator", "application/json")).toBeNull();
    expect(pageWriteProblem("POST", "/login", "text/plain")).toMatchObject({ status: 415 });
    expect(pageWriteProblem("POST", "/login", "")).toMatchObject({ status: 415 });
    expect(pageWriteProblem("POST", "/login", "application/json")).toMatchObject({ status: 415 });
    expect(pageWriteProblem("DELETE", "/tools-templates", "application/x-www-form-urlencoded")).toMatchObject({ status: 405 });
  });
});

describe("security headers", () => {
  function answer(middleware: ReturnType<typeof securityHeaders>) {
    const headers = new Map<string, string>();
    const res = { locals: {} as Record<string, unknown>, setHeader: (name: string, value: string) => headers.set(name, value) };
    let nexted = false;
    middleware({ secure: false } as Request, res as unknown as Response, () => (nexted = true));
    expect(nexted).toBe(true);
    return { nonce: String(res.locals.cspNonce), headers };
  }

  it("gives every answer its own nonce, in the policy it sends", () => {
    const middleware = securityHeaders(false, ["http://127.0.0.1:4174"]);
    const nonces = new Set<string>();
    // More answers than one fill of the nonce pool (256), so the refill is crossed.
    for (let i = 0; i < 600; i++) {
      const { nonce, headers } = answer(middleware);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(headers.get("Content-Security-Policy")).toBe(contentSecurityPolicy(nonce, false, ["http://127.0.0.1:4174"]));
      expect(headers.get("X-Frame-Options")).toBe("DENY");
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(600);
  });
});

describe("body limits", () => {
  const limits = { jsonBytes: 100 * 1024, recordingChunk: { bytes: 1, message: "chunk" }, stripeWebhook: { bytes: 2, message: "stripe" } };
  const MB = 1024 * 1024;

  it("lets an assignment's file (up to 100 MB, its own limit decided by the app) through to the API", () => {
    expect(bodyLimitFor("/api/lessons/12/assignment/submissions", "multipart/form-data; boundary=x", limits).bytes).toBeGreaterThan(100 * MB);
    // Elsewhere a form's file is an image (5 MB); JSON to the same address keeps the JSON cap.
    expect(bodyLimitFor("/api/lessons/12/quiz", "multipart/form-data; boundary=x", limits).bytes).toBeLessThan(6 * MB);
    expect(bodyLimitFor("/api/lessons/12/assignment/submissions/extra", "multipart/form-data; boundary=x", limits).bytes).toBeLessThan(6 * MB);
    // The lesson page's hand-in form streams its file too.
    expect(bodyLimitFor("/course/3/lesson/12", "multipart/form-data; boundary=x", limits).bytes).toBeGreaterThan(100 * MB);
    expect(bodyLimitFor("/course/3/lesson/12/extra", "multipart/form-data; boundary=x", limits).bytes).toBeLessThan(6 * MB);
    expect(bodyLimitFor("/api/lessons/12/assignment/submissions", "application/json", limits).bytes).toBe(100 * 1024);
  });
});
