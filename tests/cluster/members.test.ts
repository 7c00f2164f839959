import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startAcademy, TEST_ADMIN, type AcademyProcess } from "../../scripts/academy-process";
import { academyDatabase } from "../academy-database";
import { DEMO_PREMIUM, DEMO_STUDENT, Visitor } from "../integration/helpers";
import { startCluster, type Cluster } from "./cluster";

// Issue 44: what a member does, spread by nginx over two instances that share
// only PostgreSQL, the bucket and the secret.

let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster();
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
});

const instance = (index: number) => cluster.instances[index]!;

async function signedIn(baseUrl: string, who: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(baseUrl);
  expect((await visitor.login(who.username, who.password)).status).toBe(200);
  return visitor;
}

/** The same cookies, sent to another address. */
function sameBrowserAt(baseUrl: string, visitor: Visitor): Visitor {
  const copy = new Visitor(baseUrl);
  copy.setCookieHeader(visitor.cookieHeader);
  return copy;
}

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

describe("members across two instances behind nginx", () => {
  it("stay signed in on both instances, and 'sign out everywhere' ends every session on both", async () => {
    const laptop = await signedIn(cluster.url, DEMO_STUDENT);
    const phone = await signedIn(instance(1).baseUrl, DEMO_STUDENT);
    for (let i = 0; i < 4; i += 1) expect((await laptop.request("/api/user")).status).toBe(200);
    for (const index of [0, 1]) {
      expect((await sameBrowserAt(instance(index).baseUrl, laptop).request("/api/user")).status).toBe(200);
      expect((await sameBrowserAt(instance(index).baseUrl, phone).request("/api/user")).status).toBe(200);
    }

    const ended = await sameBrowserAt(instance(0).baseUrl, laptop).request("/api/user/sign-out-everywhere", { method: "POST", json: {} });
    expect(ended.status).toBe(200);
    for (const index of [0, 1]) {
      expect((await sameBrowserAt(instance(index).baseUrl, laptop).request("/api/user")).status).toBe(401);
      expect((await sameBrowserAt(instance(index).baseUrl, phone).request("/api/user")).status).toBe(401);
    }
  });

  it("accept a browser's write through nginx: its Origin matches the host nginx passes on, port included", async () => {
    const member = await signedIn(cluster.url, DEMO_STUDENT);
    const saved = await member.request("/api/user/theme", {
      method: "PUT",
      headers: { Origin: cluster.url },
      json: { moodTheme: "mystical", themeSettings: { animationSpeed: 1, particleEffects: false, soundEffects: false, glowIntensity: 40 } },
    });
    expect(saved.status).toBe(200);
    const forged = await member.request("/api/user/theme", { method: "PUT", headers: { Origin: "http://elsewhere.example" }, json: { moodTheme: "celestial" } });
    expect(forged.status).toBe(403);
  });

  it("serve an image uploaded through one instance from the other and through nginx, whole and in byte ranges", async () => {
    const admin = await signedIn(instance(0).baseUrl, TEST_ADMIN);
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "moon.png");
    const uploaded = await admin.request("/api/upload-image", { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const { imageUrl } = z.object({ imageUrl: z.string() }).parse(await uploaded.json());

    for (const baseUrl of [instance(1).baseUrl, cluster.url]) {
      const whole = await fetch(`${baseUrl}${imageUrl}`);
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(PNG)).toBe(true);
      const part = await fetch(`${baseUrl}${imageUrl}`, { headers: { Range: "bytes=8-15" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("Content-Range")).toBe(`bytes 8-15/${PNG.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(8, 16))).toBe(true);
    }
  });

  // Last: the refusals count against this address (127.0.0.1) too, so later sign-ins here would be refused.
  it("count wrong passwords on both instances together: ten, then even the right one is refused", async () => {
    for (let guess = 0; guess < 10; guess += 1) {
      const at = new Visitor(instance(guess % 2).baseUrl);
      expect((await at.login(DEMO_PREMIUM.username, `wrong guess ${guess}`)).status).toBe(401);
    }
    for (const index of [0, 1]) {
      expect((await new Visitor(instance(index).baseUrl).login(DEMO_PREMIUM.username, DEMO_PREMIUM.password)).status).toBe(429);
    }
  });
});

describe("two instances started at the same moment on an empty database", () => {
  it("migrate, create the admin and seed the demo academy once", { timeout: 120_000 }, async () => {
    const databaseUrl = await cluster.postgres.createDatabase();
    const env = { ...cluster.s3.env, DATABASE_URL: databaseUrl, WEB_CONCURRENCY: "1", SEED_DEMO_DATA: "true", MEDIA_BACKEND: "livekit", LIVEKIT_URL: "ws://127.0.0.1:9", LIVEKIT_API_KEY: "test-key", LIVEKIT_API_SECRET: "test-secret-test-secret-test-secret" };
    const both = await Promise.allSettled([startAcademy(env), startAcademy(env)]);
    const started = both.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    try {
      expect(both.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
      const db = await academyDatabase({ databasePath: "", databaseUrl });
      try {
        const counts = await db.get<{ admins: number; courses: number; titles: number }>(
          "select (select count(*) from users where role = 'admin') as admins, (select count(*) from courses) as courses, (select count(distinct title) from courses) as titles",
        );
        expect(counts?.admins).toBe(1);
        expect(counts?.courses).toBeGreaterThan(0);
        // Seeded twice, every demo course would be there twice.
        expect(counts?.courses).toBe(counts?.titles);
      } finally {
        await db.close();
      }
    } finally {
      await Promise.all(started.map((academy: AcademyProcess) => academy.stop()));
    }
  });
});
