import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { createCategory, createReply, createTopic, deleteReplyAs, deleteTopicAs, getCategory, listCategoriesWithCounts } from "~/models/community/forum.server";
import { createStudent } from "~/models/accounts/user.server";
import type { User } from "#db/schema";

// A category's topicCount is kept by triggers (migration 0012); it must always equal a real count.
const counted = (categoryId: number) =>
  (db.$client.prepare("select count(*) as n from forum_topics where category_id = ?").get(categoryId) as { n: number }).n;

async function expectCountsTrue() {
  for (const category of await listCategoriesWithCounts()) {
    expect(category.topicCount, category.name).toBe(counted(category.id));
    expect((await getCategory(category.id))?.topicCount).toBe(category.topicCount);
  }
}

describe("a forum category's kept topic count", () => {
  let author: User;
  let neighbour: User;
  beforeAll(async () => {
    author = await createStudent({ username: "count-unit-author", password: "a perfectly fine passphrase" });
    neighbour = await createStudent({ username: "count-unit-neighbour", password: "a perfectly fine passphrase" });
  });

  it("follows every new topic, stub, delete and move", async () => {
    const here = await createCategory({ name: "Counting Room", description: "Where topics are counted.", permission: "base", color: "8B5CF6" });
    const there = await createCategory({ name: "Other Room", description: "Where topics move to.", permission: "base", color: "8B5CF6" });
    expect((await getCategory(here.id))?.topicCount).toBe(0);

    const ids: number[] = [];
    for (const title of ["First count", "Second count", "Third count"]) {
      const created = await createTopic(author, { categoryId: here.id, title, content: "Counted once." });
      if (!created.ok) throw new Error(created.message);
      ids.push(created.value.id);
    }
    expect((await getCategory(here.id))?.topicCount).toBe(3);
    await expectCountsTrue();

    // With someone else's reply the author's delete leaves a stub, which still counts.
    const [first = 0, second = 0, third = 0] = ids;
    const reply = await createReply(neighbour, { topicId: first, content: "A reply that keeps the topic." });
    if (!reply.ok) throw new Error(reply.message);
    expect(await deleteTopicAs(author, first)).toMatchObject({ ok: true, value: { removed: "stub" } });
    expect((await getCategory(here.id))?.topicCount).toBe(3);
    // The stub goes with the last reply from someone else.
    expect(await deleteReplyAs(neighbour, reply.value.id)).toMatchObject({ ok: true, value: { topicRemoved: true } });
    expect((await getCategory(here.id))?.topicCount).toBe(2);

    expect(await deleteTopicAs(author, second)).toMatchObject({ ok: true, value: { removed: "deleted" } });
    expect((await getCategory(here.id))?.topicCount).toBe(1);

    db.$client.prepare("update forum_topics set category_id = ? where id = ?").run(there.id, third);
    expect((await getCategory(here.id))?.topicCount).toBe(0);
    expect((await getCategory(there.id))?.topicCount).toBe(1);
    await expectCountsTrue();
  });
});
