import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { startAcademy } from "../../scripts/academy-process";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// The holes issue 10 closed, tried as an attacker would. TRUST_PROXY lets the
// tests speak from several client addresses through X-Forwarded-For.
const academy = useAcademy({ TRUST_PROXY: "true", LOGIN_MAX_FAILURES: "10" });

async function signedIn(who: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(who.username, who.password)).status).toBe(200);
  return visitor;
}

/** Sends raw bytes on a fresh connection and reads everything until the server closes or `until` matches. */
function rawExchange(port: number, head: string, body: Buffer, until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (until.test(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on("error", (error) => reject(new Error(`${error.message} after reading: ${JSON.stringify(answer.slice(0, 200))}`)));
    socket.on("close", () => resolve(answer));
    socket.write(head);
    socket.write(body);
  });
}

describe("premium lessons through the API", () => {
  it("refuses a premium course's lessons to free students and gives them to Premium members", async () => {
    const courses = (await (await new Visitor(academy.baseUrl).request("/api/courses")).json()) as Array<{ id: number; isPremium: boolean }>;
    const premium = courses.find((course) => course.isPremium);
    expect(premium).toBeDefined();
    const free = await signedIn(DEMO_STUDENT);
    const refused = await free.request(`/api/courses/${premium?.id}/lessons`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Premium membership required" });
    const member = await signedIn(DEMO_PREMIUM);
    const lessons = (await (await member.request(`/api/courses/${premium?.id}/lessons`)).json()) as Array<{ contentSections: unknown[] }>;
    expect(lessons.length).toBeGreaterThan(0);
    expect(lessons[0]?.contentSections.length).toBeGreaterThan(0);
  });
});

describe("malformed input", () => {
  it("answers a broken form body to any page action with 400, never 500", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const pages = ["/login", "/", "/course/1", "/course/1/lesson/1", "/themes", "/students", "/upgrade", "/community/topic/1", "/community/new-topic", "/admin/courses", "/admin/courses/1/lessons", "/admin/forum", "/admin/knowledge-base", "/admin/members", "/tools-templates"];
    const bodies = [
      { type: "multipart/form-data; boundary=academy-boundary", body: "--academy-boundary\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\nsave" },
      { type: "multipart/form-data", body: "no boundary at all" },
      { type: "multipart/form-data; boundary=x", body: "--x\r\nContent-Disposition: form-data\r\n\r\n\r\n--x--" },
    ];
    for (const page of pages) {
      for (const { type, body } of bodies) {
        const response = await admin.request(page, { method: "POST", headers: { "Content-Type": type }, body });
        expect(response.status, `${page} ${type}`).toBeLessThan(500);
      }
    }
    const theme = await admin.request("/themes", { method: "POST", headers: { "Content-Type": bodies[0]?.type ?? "" }, body: bodies[0]?.body });
    expect(theme.status).toBe(400);
    expect(await theme.text()).toContain("The form could not be read");
    expect(academy.process.logs()).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
  });

  it("clamps page numbers that are not sane integers instead of failing", async () => {
    const admin = await signedIn(TEST_ADMIN);
    for (const page of ["1e400", "-5", "abc", "99999999999999999999", "Infinity", "NaN", "0x10", "2.5", ""]) {
      for (const path of ["/community/topic/1", "/community/category/1", "/api/forum/topic/1", "/api/forum/topics/1", "/admin/members", "/admin?tab=members&x=1"]) {
        const url = `${path}${path.includes("?") ? "&" : "?"}page=${encodeURIComponent(page)}`;
        expect((await admin.request(url)).status, url).toBe(200);
      }
    }
  });
});

describe("redirect targets", () => {
  it("stay on this site and never break the Location header", async () => {
    const student = await signedIn(DEMO_STUDENT);
    for (const target of ["/%0D%0ASet-Cookie:%20x=1", "/%09/evil.example", "%2F%2Fevil.example", "/%5Cevil.example", "https://evil.example", "/\u3000/evil.example"]) {
      const response = await student.request(`/login?redirect=${target}`);
      expect(response.status, target).toBe(302);
      expect(response.headers.get("Location"), target).toBe("/students");
    }
    const kept = await student.request(`/login?redirect=${encodeURIComponent("/course/1?from=login")}`);
    expect(kept.headers.get("Location")).toBe("/course/1?from=login");
  });
});

describe("sign-in throttling", () => {
  it("evaluates at most the allowed attempts when 40 wrong passwords arrive at once", async () => {
    const attacker = new Visitor(academy.baseUrl);
    const captchas = await Promise.all(Array.from({ length: 40 }, () => attacker.captcha()));
    const answers = await Promise.all(
      captchas.map((captcha) =>
        attacker.request("/api/login", {
          method: "POST",
          headers: { "X-Forwarded-For": "203.0.113.7" },
          json: { username: DEMO_PREMIUM.username, password: "not the passphrase", ...captcha },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);

    // The member, from their own address, is not locked out by the stranger.
    const owner = new Visitor(academy.baseUrl);
    const ownLogin = await owner.request("/api/login", {
      method: "POST",
      headers: { "X-Forwarded-For": "198.51.100.20" },
      json: { username: DEMO_PREMIUM.username, password: DEMO_PREMIUM.password, ...(await owner.captcha()) },
    });
    expect(ownLogin.status).toBe(200);
  });
});

describe("caching and request ids", () => {
  it("marks every answer to a signed-in request private, no-store, and anonymous pages not", async () => {
    const anonymous = await new Visitor(academy.baseUrl).request("/");
    expect(anonymous.headers.get("Cache-Control") ?? "").not.toContain("no-store");
    const student = new Visitor(academy.baseUrl);
    const login = await student.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    expect(login.headers.get("Cache-Control")).toBe("private, no-store");
    for (const path of ["/", "/students", "/course/1", "/api/courses", "/api/user", "/knowledge-base", "/api/knowledge-base?q=moon", "/nowhere"]) {
      expect((await student.request(path)).headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("gives every answer a request id, keeping a proxy's own", async () => {
    const visitor = new Visitor(academy.baseUrl);
    expect((await visitor.request("/api/courses")).headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const forwarded = await visitor.request("/", { headers: { "X-Request-Id": "edge-proxy-12345" } });
    expect(forwarded.headers.get("X-Request-Id")).toBe("edge-proxy-12345");
    const bogus = await visitor.request("/", { headers: { "X-Request-Id": "no\u00e9" } });
    expect(bogus.headers.get("X-Request-Id")).not.toBe("no\u00e9");
  });
});

/** The request line and headers of an image upload as a raw client sends them, ending with the blank line. */
function imageUploadHead(port: number, cookie: string, contentLength: number, extraHeaders: string[] = []): string {
  return [
    "POST /api/upload-image HTTP/1.1",
    `Host: 127.0.0.1:${port}`,
    `Cookie: ${cookie}`,
    "Content-Type: multipart/form-data; boundary=b",
    `Content-Length: ${contentLength}`,
    ...extraHeaders,
    "",
    "",
  ].join("\r\n");
}

describe("oversized uploads", () => {
  it("answers 413 before a client that asks first sends anything", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const port = Number(new URL(academy.baseUrl).port);
    const head = imageUploadHead(port, admin.cookieHeader, 6 * 1024 * 1024, ["Expect: 100-continue"]);
    const answer = await rawExchange(port, head, Buffer.alloc(0), /Image must be smaller than 5MB/);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).not.toContain("100 Continue");
  });

  it("delivers the 413 to clients that send a 6 MB image regardless", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const port = Number(new URL(academy.baseUrl).port);
    const body = Buffer.alloc(6 * 1024 * 1024, 0x61);
    for (let i = 0; i < 10; i++) {
      const head = [
        "POST /api/upload-image HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        `Cookie: ${admin.cookieHeader}`,
        "Content-Type: multipart/form-data; boundary=b",
        `Content-Length: ${body.length}`,
        "",
        "",
      ].join("\r\n");
      const answer = await rawExchange(port, head, body, /Image must be smaller than 5MB/);
      expect(answer, `attempt ${i}`).toMatch(/^HTTP\/1\.1 413[\s\S]*Image must be smaller than 5MB/);
    }
  });
});

/**
 * Posts `body` with node:http as an ordinary client does: it writes the whole
 * body, then reads the answer. A connection broken under it (EPIPE,
 * ECONNRESET) is a failure, as it is for a browser, which then never shows the message.
 */
function postPlainly(url: string, headers: Record<string, string>, body: Buffer, { chunked = false } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sizeHeader: Record<string, string> = chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(body.length) };
    const req = http.request(url, { method: "POST", headers: { ...headers, ...sizeHeader }, agent: false }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    // In slices, as a browser sends a file: the server's answer can arrive while the body is still going out.
    const slice = 256 * 1024;
    for (let at = 0; at < body.length; at += slice) req.write(body.subarray(at, at + slice));
    req.end();
  });
}

describe("oversized uploads, read by plain clients", () => {
  const image = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(6 * 1024 * 1024, 0x61)]);

  async function multipartImage(): Promise<{ type: string; body: Buffer }> {
    const form = new FormData();
    form.append("image", new Blob([image], { type: "image/png" }), "huge.png");
    const request = new Request("http://x/", { method: "POST", body: form });
    return { type: request.headers.get("Content-Type") ?? "", body: Buffer.from(await request.arrayBuffer()) };
  }

  it("reads the 413 every time when the size is declared", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const { type, body } = await multipartImage();
    for (let i = 0; i < 10; i++) {
      const answer = await postPlainly(`${academy.baseUrl}/api/upload-image`, { "Content-Type": type, Cookie: admin.cookieHeader }, body);
      expect(answer, `attempt ${i}`).toEqual({ status: 413, body: JSON.stringify({ message: "Image must be smaller than 5MB" }) });
    }
  });

  it("reads the 413 every time when the body is streamed without a declared size", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const { type, body } = await multipartImage();
    for (let i = 0; i < 10; i++) {
      const answer = await postPlainly(`${academy.baseUrl}/api/upload-image`, { "Content-Type": type, Cookie: admin.cookieHeader }, body, { chunked: true });
      expect(answer, `attempt ${i}`).toEqual({ status: 413, body: JSON.stringify({ message: "Image must be smaller than 5MB" }) });
    }
  });

  it("closes at once, after the 413, a body too large to wait for", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const port = Number(new URL(academy.baseUrl).port);
    const head = imageUploadHead(port, admin.cookieHeader, 64 * 1024 * 1024);
    // None of the body is sent: the server answers and closes instead of waiting for 64 MB.
    const answer = await rawExchange(port, head, Buffer.alloc(0), /(?!)/);
    expect(answer).toMatch(/^HTTP\/1\.1 413[\s\S]*Connection: close[\s\S]*Image must be smaller than 5MB/);
  });

  it("reads the 413 through fetch", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const { type, body } = await multipartImage();
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${academy.baseUrl}/api/upload-image`, { method: "POST", headers: { "Content-Type": type, Cookie: admin.cookieHeader }, body: new Uint8Array(body) });
      expect(response.status, `attempt ${i}`).toBe(413);
      expect(await response.json()).toEqual({ message: "Image must be smaller than 5MB" });
    }
  });
});

describe("stopping", () => {
  it("lets a request in flight finish on SIGTERM, then exits cleanly", async () => {
    const own = await startAcademy({ SHUTDOWN_GRACE_SECONDS: "10" });
    const port = Number(new URL(own.baseUrl).port);
    const body = JSON.stringify({ username: "nobody-here", password: "whatever it is", captchaToken: "x.y", captchaAnswer: 1 });
    const head = `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    // Half the body, then the stop signal, then the rest: the answer must still come.
    socket.write(head + body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = own.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.write(body.slice(20));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    await stopped;
    expect(own.logs()).toContain("Stopped");
  });
});
