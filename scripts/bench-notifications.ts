/**
 * The cost of a forum reply's notifications (issue 25), timed in-process
 * (server time, no HTTP): replies to a topic nobody else follows, then to a
 * topic 500 members took part in (each gets a notification and, with an
 * email address, a queued email). The fan-out is one INSERT … SELECT, so the
 * followed topic's reply must cost at most 2x the plain one. Run by
 * `npm run bench` in a child process on its own temporary database.
 */
import { seedDemoData } from "#db/seed";
import { db } from "#db/client.server";
import { createReply, createTopic } from "~/models/community/forum.server";
import { ensureAdmin, getUserById } from "~/models/accounts/user.server";
import { env } from "~/utils/env.server";

const FOLLOWERS = 500;
const REPLIES = 60;
const LIMIT = 2;

async function timeReplies(topicId: number, authors: number[]): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < REPLIES; i++) {
    // A member may post 10 times a minute: the replies rotate over authors.
    const author = await getUserById(authors[i % authors.length] ?? 0);
    if (!author) throw new Error("an author is missing");
    const outcome = await createReply(author, { topicId, content: `Reply ${i + 1}: thank you for this.` });
    if (!outcome.ok) throw new Error(`reply refused: ${JSON.stringify(outcome)}`);
  }
  return Number(process.hrtime.bigint() - started) / 1e6 / REPLIES;
}

async function main() {
  await ensureAdmin({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD });
  await seedDemoData();
  const sqlite = db.$client;
  const addUser = sqlite.prepare("insert into users (username, password_hash, email) values (?, 'x', ?) returning id");
  const ids = sqlite.transaction(() => Array.from({ length: FOLLOWERS + 40 }, (_, i) => (addUser.get(`follower${i}`, `follower${i}@example.test`) as { id: number }).id))();
  const followers = ids.slice(0, FOLLOWERS);
  const authors = ids.slice(FOLLOWERS);
  const owner = await getUserById(authors[0] ?? 0);
  if (!owner) throw new Error("no owner");
  const plain = await createTopic(owner, { categoryId: 1, title: "A quiet topic", content: "Nobody else is here." });
  const followed = await createTopic(owner, { categoryId: 1, title: "A busy topic", content: "Everyone joined in." });
  if (!plain.ok || !followed.ok) throw new Error("topics not created");
  const addReply = sqlite.prepare("insert into forum_replies (topic_id, author_id, content) values (?, ?, 'I was here')");
  sqlite.transaction(() => followers.forEach((id) => addReply.run(followed.value.id, id)))();

  await timeReplies(plain.value.id, authors); // warm-up
  const quiet = await timeReplies(plain.value.id, authors);
  const busy = await timeReplies(followed.value.id, authors);
  const ratio = busy / quiet;
  const notified = sqlite.prepare("select count(*) as n from notifications where group_key = ?").get(`topic:${followed.value.id}`) as { n: number };
  console.log(`  reply, no followers: ${quiet.toFixed(2)} ms; reply to a topic with ${FOLLOWERS} followers: ${busy.toFixed(2)} ms (${notified.n} notifications)`);
  console.log(`  ratio ${ratio.toFixed(2)} (limit ${LIMIT}x): ${ratio <= LIMIT ? "PASS" : "FAIL"}`);
  process.exit(ratio <= LIMIT && notified.n >= FOLLOWERS ? 0 : 1);
}

await main();
