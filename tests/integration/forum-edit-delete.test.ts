import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

const academy = useAcademy();

interface TopicJson {
  id: number;
  title: string;
  content: string;
  isLocked: boolean;
  replyCount: number;
  editedAt: string | null;
  deletedAt: string | null;
  canEdit: boolean;
  canDelete: boolean;
  replies: Array<{ id: number; content: string; editedAt: string | null; author: { username: string }; canEdit: boolean }>;
}
interface CategoryJson {
  id: number;
  permission: string;
  topicCount: number;
}

let author: Visitor;
let neighbour: Visitor;
let admin: Visitor;
let categoryId: number;

async function student() {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.register(uniqueName("poster"))).status).toBe(201);
  return visitor;
}

async function created(response: Response): Promise<number> {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const startTopic = (who: Visitor, title = "Moon water rituals") =>
  who.request("/api/forum/topics", { method: "POST", json: { title, content: "How do you charge yours?", categoryId } }).then(created);
const replyTo = (who: Visitor, topicId: number, content = "On the windowsill.") =>
  who.request("/api/forum/replies", { method: "POST", json: { topicId, content } }).then(created);

async function topic(id: number): Promise<TopicJson> {
  const response = await author.request(`/api/forum/topic/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TopicJson;
}

async function topicCount(): Promise<number> {
  const categories = (await (await author.request("/api/forum/categories")).json()) as CategoryJson[];
  return categories.find((c) => c.id === categoryId)?.topicCount ?? -1;
}

const put = (who: Visitor, path: string, json: unknown) => who.request(path, { method: "PUT", json });
const del = (who: Visitor, path: string) => who.request(path, { method: "DELETE" });
const postForm = (who: Visitor, path: string, fields: Record<string, string>) =>
  who.request(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

beforeAll(async () => {
  [author, neighbour] = [await student(), await student()];
  admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  const categories = (await (await author.request("/api/forum/categories")).json()) as CategoryJson[];
  categoryId = categories.find((c) => c.permission === "base")?.id ?? 0;
});

describe("editing one's own posts through the API", () => {
  it("answers 401, 403, 404 and 400 before the author's edit is saved and marked edited", async () => {
    const id = await startTopic(author);
    const replyId = await replyTo(neighbour, id);
    const edit = { title: "Moon water, revisited", content: "Updated: a full moon works best." };

    expect((await put(new Visitor(academy.baseUrl), `/api/forum/topics/${id}`, edit)).status).toBe(401);
    expect((await put(neighbour, `/api/forum/topics/${id}`, edit)).status).toBe(403);
    // Admins moderate by deleting; they never put words in a member's mouth.
    expect((await put(admin, `/api/forum/topics/${id}`, edit)).status).toBe(403);
    expect((await put(author, "/api/forum/topics/999999", edit)).status).toBe(404);
    const blank = await put(author, `/api/forum/topics/${id}`, { title: "  ", content: "" });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { message: string }).message).toBe("Please provide both a title and content for your topic.");
    expect((await topic(id)).editedAt).toBeNull();

    expect((await put(author, `/api/forum/topics/${id}`, edit)).status).toBe(200);
    const edited = await topic(id);
    expect(edited).toMatchObject({ title: edit.title, content: edit.content, canEdit: true, canDelete: true });
    expect(edited.editedAt).not.toBeNull();

    expect((await put(author, `/api/forum/replies/${replyId}`, { content: "Not mine to change" })).status).toBe(403);
    expect((await put(neighbour, "/api/forum/replies/999999", { content: "x" })).status).toBe(404);
    expect((await put(neighbour, `/api/forum/replies/${replyId}`, { content: " " })).status).toBe(400);
    expect((await put(neighbour, `/api/forum/replies/${replyId}`, { content: "On the windowsill, facing east." })).status).toBe(200);
    const [reply] = (await topic(id)).replies;
    expect(reply).toMatchObject({ content: "On the windowsill, facing east.", canEdit: false });
    expect(reply?.editedAt).not.toBeNull();

    // A locked discussion is frozen: no more edits.
    expect((await admin.request(`/api/admin/forum/topics/${id}`, { method: "PUT", json: { isLocked: true } })).status).toBe(200);
    expect((await put(neighbour, `/api/forum/replies/${replyId}`, { content: "Sneaky change" })).status).toBe(409);
  });

  it("edits a reply from the page without JavaScript: ?edit= renders the form, a blank one is refused", async () => {
    const id = await startTopic(author, "Candle colours");
    const replyId = await replyTo(neighbour, id, "Green for growth.");
    const form = await neighbour.request(`/community/topic/${id}?edit=reply-${replyId}`);
    expect(await form.text()).toContain('aria-label="Edit reply"');

    const blank = await postForm(neighbour, `/community/topic/${id}?edit=reply-${replyId}`, { intent: "edit-reply", replyId: String(replyId), content: " " });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please write a reply before posting.");

    const saved = await postForm(neighbour, `/community/topic/${id}?edit=reply-${replyId}`, { intent: "edit-reply", replyId: String(replyId), content: "Green for growth, gold for luck." });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/community/topic/${id}#reply-id-${replyId}`);
    const page = await (await neighbour.request(`/community/topic/${id}`)).text();
    expect(page).toContain("Green for growth, gold for luck.");
    expect(page).toContain("edited");
    // Someone else's reply offers no edit form, even when asked for one.
    expect(await (await author.request(`/community/topic/${id}?edit=reply-${replyId}`)).text()).not.toContain('aria-label="Edit reply"');
  });
});

describe("deleting one's own posts", () => {
  it("keeps a topic others replied to as a locked 'deleted by author' stub, replies and counts intact", async () => {
    const id = await startTopic(author, "Tarot spreads for beginners");
    await replyTo(neighbour, id, "The three-card spread.");
    const before = await topicCount();

    expect((await del(new Visitor(academy.baseUrl), `/api/forum/topics/${id}`)).status).toBe(401);
    expect((await del(neighbour, `/api/forum/topics/${id}`)).status).toBe(403);
    expect((await del(author, "/api/forum/topics/999999")).status).toBe(404);
    const stubbed = await del(author, `/api/forum/topics/${id}`);
    expect(stubbed.status).toBe(200);
    expect(await stubbed.json()).toMatchObject({ id, removed: "stub" });

    const stub = await topic(id);
    expect(stub).toMatchObject({ title: "Deleted by author", isLocked: true, replyCount: 1, canEdit: false, canDelete: false });
    expect(stub.content).not.toContain("How do you charge yours?");
    expect(stub.deletedAt).not.toBeNull();
    expect(stub.replies.map((r) => r.content)).toEqual(["The three-card spread."]);
    expect(await topicCount()).toBe(before);
    expect((await put(author, `/api/forum/topics/${id}`, { title: "Back again", content: "Undo" })).status).toBe(409);
    expect((await del(author, `/api/forum/topics/${id}`)).status).toBe(409);

    // When the last reply goes, nothing depends on the stub any more: it goes too.
    const [reply] = stub.replies;
    await expect((await del(neighbour, `/api/forum/replies/${reply?.id}`)).json()).resolves.toMatchObject({ topicRemoved: true });
    expect((await author.request(`/api/forum/topic/${id}`)).status).toBe(404);
    expect(await topicCount()).toBe(before - 1);
  });

  it("really deletes a topic with only the author's own replies, and keeps reply counts right", async () => {
    const id = await startTopic(author, "Crystal care");
    const own = await replyTo(author, id, "Adding a note to myself.");
    const other = await replyTo(neighbour, id, "Rinse them in salt water.");
    const before = await topicCount();

    expect((await del(author, `/api/forum/replies/${other}`)).status).toBe(403);
    expect((await del(neighbour, "/api/forum/replies/999999")).status).toBe(404);
    expect((await del(neighbour, `/api/forum/replies/${other}`)).status).toBe(200);
    expect((await topic(id)).replyCount).toBe(1);

    const deleted = await del(author, `/api/forum/topics/${id}`);
    expect(await deleted.json()).toMatchObject({ id, removed: "deleted" });
    expect((await author.request(`/api/forum/topic/${id}`)).status).toBe(404);
    expect((await put(author, `/api/forum/replies/${own}`, { content: "gone" })).status).toBe(404);
    expect(await topicCount()).toBe(before - 1);
  });

  it("lets an admin delete anyone's reply or topic outright", async () => {
    const id = await startTopic(author, "Pendulum questions");
    const replyId = await replyTo(neighbour, id);
    expect((await del(admin, `/api/forum/replies/${replyId}`)).status).toBe(200);
    expect((await topic(id)).replyCount).toBe(0);
    await replyTo(neighbour, id);
    const removed = await del(admin, `/api/forum/topics/${id}`);
    expect(await removed.json()).toMatchObject({ removed: "deleted" });
    expect((await author.request(`/api/forum/topic/${id}`)).status).toBe(404);
  });

  it("deletes from the page with a plain form post: ?delete= is the confirmation step", async () => {
    const id = await startTopic(author, "Incense blends");
    const confirm = await (await author.request(`/community/topic/${id}?delete=topic`)).text();
    expect(confirm).toContain("Delete this topic?");
    expect(confirm).toContain("Delete Topic");
    const done = await postForm(author, `/community/topic/${id}?delete=topic`, { intent: "delete-topic" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/community/category/${categoryId}`);
    expect((await author.request(`/api/forum/topic/${id}`)).status).toBe(404);
  });
});

describe("replies beyond one page", () => {
  it("sends a new reply's author to the page it landed on, 20 replies a page", async () => {
    const [opener, first, second] = [await student(), await student(), await student()];
    const id = await startTopic(opener, "A long conversation");
    // Ten each: the most one member may post in a minute.
    for (const who of [first, second]) for (let i = 0; i < 10; i += 1) await replyTo(who, id, `Reply ${i + 1} from a member.`);

    const posted = await postForm(opener, `/community/topic/${id}`, { intent: "reply", content: "The twenty-first reply." });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/community/topic/${id}?page=2#reply-21`);

    const countReplies = (html: string) => html.split('data-testid="forum-reply"').length - 1;
    const firstPage = await (await opener.request(`/community/topic/${id}`)).text();
    expect(countReplies(firstPage)).toBe(20);
    expect(firstPage).toContain('id="reply-20"');
    expect(firstPage).toContain(`href="/community/topic/${id}?page=2"`);
    const secondPage = await (await opener.request(`/community/topic/${id}?page=2`)).text();
    expect(countReplies(secondPage)).toBe(1);
    expect(secondPage).toContain('id="reply-21"');
    expect(secondPage).toContain("The twenty-first reply.");

    const api = (await (await opener.request(`/api/forum/topic/${id}?page=2`)).json()) as TopicJson & { pagination: { page: number; pageCount: number; pageSize: number } };
    expect(api.pagination).toMatchObject({ page: 2, pageCount: 2, pageSize: 20 });
    expect(api.replies.map((reply) => reply.content)).toEqual(["The twenty-first reply."]);
  });
});
