import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postEarlyAnswer, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

const academy = useAcademy({ SIGNUPS_PER_HOUR: "500" });

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0a0c50000000049454e44ae426082",
  "hex",
);

function imageForm(bytes: Buffer, name: string, type = "image/png") {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

async function admin() {
  const visitor = new Visitor(academy.baseUrl);
  await visitor.login(TEST_ADMIN.username, TEST_ADMIN.password);
  return visitor;
}

describe("image uploads", () => {
  it("stores a real PNG under a generated name and serves it with its type", async () => {
    const boss = await admin();
    const response = await boss.request("/api/upload-image", { method: "POST", body: imageForm(PNG, "moon.png") });
    expect(response.status).toBe(201);
    const { imageUrl } = (await response.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/uploads\/images\/[A-Za-z0-9_-]+\.png$/);
    const served = await fetch(`${academy.baseUrl}${imageUrl}`);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses a text file named .png", async () => {
    const boss = await admin();
    const response = await boss.request("/api/upload-image", { method: "POST", body: imageForm(Buffer.from("definitely not an image, just words"), "fake.png") });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: "Please select a valid image file" });
  });

  it("refuses a 6MB image and keeps nothing of it", async () => {
    const boss = await admin();
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    // Serialise the multipart body the way a browser would, then send it raw.
    const multipart = new Request("http://x/", { method: "POST", body: imageForm(big, "huge.png") });
    const response = await postEarlyAnswer(
      `${academy.baseUrl}/api/upload-image`,
      { "Content-Type": multipart.headers.get("Content-Type") ?? "", Cookie: boss.cookieHeader },
      Buffer.from(await multipart.arrayBuffer()),
    );
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ message: "Image must be smaller than 5MB" });
    const dir = path.join(academy.process.dataDir, "uploads", "images");
    const leftovers = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).size > 5 * 1024 * 1024) : [];
    expect(leftovers).toEqual([]);
  });

  it("ignores path tricks in file names", async () => {
    const boss = await admin();
    const response = await boss.request("/api/upload-image", { method: "POST", body: imageForm(PNG, "../../../etc/passwd.png") });
    expect(response.status).toBe(201);
    const { imageUrl } = (await response.json()) as { imageUrl: string };
    expect(imageUrl).not.toContain("..");
    expect(imageUrl).not.toContain("passwd");
    expect([403, 404]).toContain((await fetch(`${academy.baseUrl}/uploads/images/..%2F..%2Facademy.db`)).status);
    expect((await fetch(`${academy.baseUrl}/uploads/templates/session-rate-calculator.txt`)).status).toBe(404);
  });

  it("is for admins only", async () => {
    const student = new Visitor(academy.baseUrl);
    await student.register(uniqueName());
    expect((await student.request("/api/upload-image", { method: "POST", body: imageForm(PNG, "moon.png") })).status).toBe(403);
    expect((await new Visitor(academy.baseUrl).request("/api/upload-image", { method: "POST", body: imageForm(PNG, "moon.png") })).status).toBe(401);
  });
});
