import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Default environment: the forum's posting limit is not configurable, and the
// last story here relies on it.
const academy = useAcademy();

interface CategoryJson {
  id: number;
  name: string;
  permission: "base" | "advanced";
  topicCount: number;
}
interface TopicListJson {
  id: number;
  title: string;
  isPinned: boolean;
  isLocked: boolean;
  replyCount: number;
  author: { username: string; role: string };
  lastReply: { author: string; createdAt: string } | null;
}

const LOCKED = "This discussion has been locked and no longer accepts new replies.";

async function signedIn(credentials: { username: string; password: string }) {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(credentials.username, credentials.password)).status).toBe(200);
  return visitor;
}

async function newStudent() {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.register(uniqueName("forum"))).status).toBe(201);
  return visitor;
}

let categories: CategoryJson[] = [];
const category = (permission: "base" | "advanced") => {
  const found = categories.find((c) => c.permission === permission);
  if (!found) throw new Error(`no ${permission} category in the seed`);
  return found;
};

async function topicsIn(visitor: Visitor, categoryId: number): Promise<TopicListJson[]> {
  const response = await visitor.request(`/api/forum/topics/${categoryId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TopicListJson[];
}

beforeAll(async () => {
  const response = await new Visitor(academy.baseUrl).request("/api/forum/categories");
  expect(response.status).toBe(200);
  categories = (await response.json()) as CategoryJson[];
});

describe("forum categories", () => {
  it("are public, with real topic counts", async () => {
    expect(categories).toHaveLength(4);
    expect(categories.filter((c) => c.permission === "advanced").map((c) => c.name)).toEqual(["Premium Mastermind"]);
    const student = await signedIn(DEMO_STUDENT);
    const topics = await topicsIn(student, category("base").id);
    expect(category("base").topicCount).toBe(topics.length);
    // Pinned first.
    expect(topics[0]?.isPinned).toBe(true);

    const home = await (await new Visitor(academy.baseUrl).request("/community")).text();
    expect(home).toContain("Login to Enter");
    expect(home).toContain("$9.99/month");
    expect(home).not.toContain("12 topics");
  });

  it("answer 404 for an unknown category or topic", async () => {
    const student = await signedIn(DEMO_STUDENT);
    expect((await student.request("/api/forum/category/99999")).status).toBe(404);
    expect((await student.request("/api/forum/topics/99999")).status).toBe(404);
    expect((await student.request("/api/forum/topic/99999")).status).toBe(404);
    const page = await student.request("/community/topic/99999");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Discussion Not Found");
    expect(await (await student.request("/community/category/99999")).text()).toContain("Forum Not Found");
  });
});

describe("the premium forum", () => {
  it("is closed to a free student, who may still post in a free one", async () => {
    const free = await signedIn(DEMO_STUDENT);
    const premium = category("advanced");
    const refused = await free.request(`/api/forum/topics/${premium.id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Premium membership required" });

    const admin = await signedIn(TEST_ADMIN);
    const [premiumTopic] = await topicsIn(admin, premium.id);
    if (!premiumTopic) throw new Error("the premium category has no topics");
    const read = await free.request(`/api/forum/topic/${premiumTopic.id}`);
    expect(read.status).toBe(403);
    expect(await read.json()).toEqual({ message: "Premium membership required" });

    const create = await free.request("/api/forum/topics", {
      method: "POST",
      json: { title: "Let me in", content: "Please", categoryId: premium.id },
    });
    expect(create.status).toBe(403);
    expect(await create.json()).toEqual({ message: "Premium membership required" });

    const reply = await free.request("/api/forum/replies", { method: "POST", json: { content: "Me too", topicId: premiumTopic.id } });
    expect(reply.status).toBe(403);
    expect(await reply.json()).toEqual({ message: "Premium membership required" });

    const page = await (await free.request(`/community/category/${premium.id}`)).text();
    expect(page).toContain("/upgrade");
    expect(page).not.toContain(premiumTopic.title);
    expect(await (await free.request("/community/new-topic")).text()).not.toContain("Premium Mastermind");

    // A free category is open to the same student; the author is whoever is signed in.
    const title = uniqueName("free topic");
    const allowed = await free.request("/api/forum/topics", {
      method: "POST",
      json: { title, content: "Hello **friends**", categoryId: category("base").id, author: "headmaster", authorId: 1 },
    });
    expect(allowed.status).toBe(201);
    const listed = (await topicsIn(free, category("base").id)).find((t) => t.title === title);
    expect(listed?.author).toEqual({ username: DEMO_STUDENT.username, role: "student" });
  });

  it("is open to a premium student", async () => {
    const oracle = await signedIn(DEMO_PREMIUM);
    const premium = category("advanced");
    const topics = await topicsIn(oracle, premium.id);
    expect(topics.length).toBeGreaterThan(0);
    expect(await (await oracle.request("/community/new-topic")).text()).toContain("Premium Mastermind");
    const created = await oracle.request("/api/forum/topics", {
      method: "POST",
      json: { title: uniqueName("mastermind"), content: "A premium question", categoryId: premium.id },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const reply = await oracle.request("/api/forum/replies", { method: "POST", json: { content: "Answering myself", topicId: id } });
    expect(reply.status).toBe(201);
    const topic = (await (await oracle.request(`/api/forum/topic/${id}`)).json()) as { replyCount: number; replies: unknown[] };
    expect(topic.replyCount).toBe(1);
    expect(topic.replies).toHaveLength(1);
  });

  it("validates topics and replies with the spec's messages", async () => {
    const student = await signedIn(DEMO_STUDENT);
    const topic = await student.request("/api/forum/topics", { method: "POST", json: { title: "   ", content: "x", categoryId: category("base").id } });
    expect(topic.status).toBe(400);
    expect(((await topic.json()) as { message: string }).message).toBe("Please provide both a title and content for your topic.");
    const reply = await student.request("/api/forum/replies", { method: "POST", json: { content: "  ", topicId: 1 } });
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { message: string }).message).toBe("Please write a reply before posting.");
    const long = await student.request("/api/forum/topics", {
      method: "POST",
      json: { title: "x".repeat(201), content: "x", categoryId: category("base").id },
    });
    expect(long.status).toBe(400);
  });
});

describe("a locked discussion", () => {
  it("refuses replies and shows why", async () => {
    const student = await signedIn(DEMO_STUDENT);
    const locked = (await Promise.all(categories.filter((c) => c.permission === "base").map((c) => topicsIn(student, c.id))))
      .flat()
      .find((t) => t.isLocked);
    if (!locked) throw new Error("the seed has no locked topic");
    const reply = await student.request("/api/forum/replies", { method: "POST", json: { content: "Can I still?", topicId: locked.id } });
    expect(reply.status).toBe(409);
    expect(await reply.json()).toEqual({ message: LOCKED });

    const page = await (await student.request(`/community/topic/${locked.id}`)).text();
    expect(page).toContain(LOCKED);
    expect(page).not.toContain('aria-label="Post a reply"');
  });
});

describe("user Markdown", () => {
  it("is stored as written and shown inert", async () => {
    const student = await newStudent();
    const payloads = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))"];
    const created = await student.request("/api/forum/topics", {
      method: "POST",
      json: { title: "Markdown safety", content: payloads.join("\n\n"), categoryId: category("base").id },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    for (const content of payloads) {
      expect((await student.request("/api/forum/replies", { method: "POST", json: { content, topicId: id } })).status).toBe(201);
    }
    const stored = (await (await student.request(`/api/forum/topic/${id}`)).json()) as { content: string; replies: Array<{ content: string }> };
    expect(stored.content).toBe(payloads.join("\n\n"));
    expect(stored.replies.map((r) => r.content)).toEqual(payloads);

    const html = await (await student.request(`/community/topic/${id}`)).text();
    // The page's own scripts carry a nonce; nothing a user wrote becomes markup.
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("moderation", () => {
  it("is for admins only", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const student = await signedIn(DEMO_STUDENT);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/forum-stats"],
      ["POST", "/api/admin/forum/categories", { name: "Sneaky", description: "Nope" }],
      ["PUT", `/api/admin/forum/categories/${category("base").id}`, { name: "Sneaky", description: "Nope" }],
      ["DELETE", `/api/admin/forum/categories/${category("base").id}`],
      ["PUT", "/api/admin/forum/topics/1", { isLocked: true }],
      ["DELETE", "/api/admin/forum/topics/1"],
      ["DELETE", "/api/admin/forum/replies/1"],
    ];
    for (const [method, path, json] of calls) {
      expect((await visitor.request(path, { method, json })).status, `${method} ${path} as a visitor`).toBe(401);
      expect((await student.request(path, { method, json })).status, `${method} ${path} as a student`).toBe(403);
    }
  });

  it("lets an admin manage categories and topics", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const stats = (await (await admin.request("/api/admin/forum-stats")).json()) as Record<string, number>;
    expect(stats.moderators).toBeGreaterThanOrEqual(1);
    expect(stats.premium).toBeGreaterThanOrEqual(1);
    expect(stats.discussions).toBeGreaterThan(0);

    const created = await admin.request("/api/admin/forum/categories", { method: "POST", json: { name: "Tea Leaves", description: "Reading cups" } });
    expect(created.status).toBe(201);
    const made = (await created.json()) as { id: number; permission: string; color: string };
    expect(made).toMatchObject({ permission: "base", color: "8B5CF6" });
    const badColour = await admin.request(`/api/admin/forum/categories/${made.id}`, {
      method: "PUT",
      json: { name: "Tea Leaves", description: "Reading cups", color: "123456" },
    });
    expect(badColour.status).toBe(400);
    const empty = await admin.request("/api/admin/forum/categories", { method: "POST", json: { name: " ", description: "" } });
    expect(((await empty.json()) as { message: string }).message).toBe("Please provide both name and description for the category.");

    // A category with topics is kept; an empty one goes.
    const refused = await admin.request(`/api/admin/forum/categories/${category("base").id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/still has \d+ topics?/);
    expect((await admin.request(`/api/admin/forum/categories/${made.id}`, { method: "DELETE" })).status).toBe(200);

    const topic = await admin.request("/api/forum/topics", { method: "POST", json: { title: "To moderate", content: "x", categoryId: category("base").id } });
    const { id } = (await topic.json()) as { id: number };
    const reply = await admin.request("/api/forum/replies", { method: "POST", json: { content: "first", topicId: id } });
    const { id: replyId } = (await reply.json()) as { id: number };
    expect((await admin.request(`/api/admin/forum/replies/${replyId}`, { method: "DELETE" })).status).toBe(200);
    const after = (await (await admin.request(`/api/forum/topic/${id}`)).json()) as { replyCount: number };
    expect(after.replyCount).toBe(0);
    const locked = await admin.request(`/api/admin/forum/topics/${id}`, { method: "PUT", json: { isLocked: true, isPinned: true } });
    expect(await locked.json()).toMatchObject({ isLocked: true, isPinned: true });
    expect((await admin.request(`/api/admin/forum/topics/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await admin.request(`/api/forum/topic/${id}`)).status).toBe(404);
  });
});

describe("posting too quickly", () => {
  it("is refused after ten posts in a minute", async () => {
    const starter = await newStudent();
    const topic = await starter.request("/api/forum/topics", {
      method: "POST",
      json: { title: "Rapid fire", content: "Counting", categoryId: category("base").id },
    });
    expect(topic.status).toBe(201);
    const { id } = (await topic.json()) as { id: number };

    const student = await newStudent();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 1; i <= 11; i++) {
      last = await student.request("/api/forum/replies", { method: "POST", json: { content: `reply ${i}`, topicId: id } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    expect(await last?.json()).toEqual({ message: "You are posting too quickly. Please wait a minute and try again." });
    expect(Number(last?.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Other people are not held back by one person's pace.
    expect((await starter.request("/api/forum/replies", { method: "POST", json: { content: "still here", topicId: id } })).status).toBe(201);
  });
});
