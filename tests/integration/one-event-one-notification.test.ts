import { describe, expect, it } from "vitest";
import { TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Issue 47: one event, one notification. A reply that also @mentions the
// topic's author tells them once (the mention), not twice; members who only
// follow the topic still hear of the reply. And the admin's outbox names each
// email's real subject and recipient before it is written.

const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000" });

interface NotificationsJson {
  notifications: Array<{ type: string; title: string; url: string }>;
}

async function member() {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName("member");
  expect((await visitor.register(username)).status).toBe(201);
  return { visitor, username };
}

const aboutTopic = async (who: Visitor, topicId: number) =>
  ((await (await who.request("/api/notifications?unread=1")).json()) as NotificationsJson).notifications.filter((notification) => notification.url === `/community/topic/${topicId}`);

describe("a reply that mentions the topic's author", () => {
  it("gives the author one notification, the mention; another member taking part gets the reply", async () => {
    const author = await member();
    const follower = await member();
    const replier = await member();
    const title = `Question ${uniqueName("t")}`;
    const created = await author.visitor.request("/api/forum/topics", { method: "POST", json: { categoryId: 1, title, content: "What do you think?" } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await follower.visitor.request("/api/forum/replies", { method: "POST", json: { topicId: id, content: "Following along." } })).status).toBe(201);
    // The author has read about that reply; what follows is one new event.
    expect((await aboutTopic(author.visitor, id)).map((notification) => notification.type)).toEqual(["forum_reply"]);
    expect((await author.visitor.request("/api/notifications/read", { method: "POST", json: { all: true } })).status).toBe(200);

    const replied = await replier.visitor.request("/api/forum/replies", { method: "POST", json: { topicId: id, content: `@${author.username} here is what I think.` } });
    expect(replied.status).toBe(201);

    const authors = await aboutTopic(author.visitor, id);
    expect(authors.map((notification) => notification.type)).toEqual(["mention"]);
    expect(authors[0]?.title).toBe(`${replier.username} mentioned you in “${title}”`);
    // The follower was not mentioned: they hear of the reply.
    expect((await aboutTopic(follower.visitor, id)).map((notification) => notification.type)).toEqual(["forum_reply"]);
  });
});

describe("the admin's email outbox", () => {
  it("shows a queued notification email's subject and address before the email is written", async () => {
    const author = await member();
    const named = await member();
    const email = `${named.username}@example.test`;
    expect((await named.visitor.request("/api/user/profile", { method: "PUT", json: { email } })).status).toBe(200);
    const title = `Question ${uniqueName("t")}`;
    expect((await author.visitor.request("/api/forum/topics", { method: "POST", json: { categoryId: 1, title, content: `What do you think, @${named.username}?` } })).status).toBe(201);
    const admin = new Visitor(academy.baseUrl);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    const page = await (await admin.request("/admin/notifications")).text();
    expect(page).toContain(email);
    expect(page).toContain(`${author.username} mentioned you in “${title}”`);
    expect(page).not.toContain("written when sent");
  });
});
