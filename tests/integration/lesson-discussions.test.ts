import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PREMIUM, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Questions under each lesson (issue 46) on the real server: who may read and
// write a lesson's discussion (Premium, drip), replies, answers, edits,
// deletion, moderation, reports, notifications, export and account deletion.
const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000" });

const MARK = `nebula${crypto.randomBytes(4).toString("hex")}`;
const PASSWORD = "a calm and steady passphrase";

interface ApiComment {
  id: number;
  parentId: number | null;
  author: { id: number | null; name: string; role: string };
  content: string;
  contentHtml: string;
  isAnswer: boolean;
  notice: string | null;
  replies: ApiComment[];
}
interface DiscussionJson {
  comments: ApiComment[];
  openQuestions: number;
}
interface NotificationsJson {
  notifications: Array<{ id: number; type: string; title: string; body: string | null; url: string }>;
}

async function signedIn(username: string, password: string) {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}

async function newMember(prefix = "learner") {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName(prefix);
  expect((await visitor.register(username)).status).toBe(201);
  const status = (await (await visitor.request("/api/auth-status")).json()) as { user: { id: number } };
  return { visitor, username, id: status.user.id };
}

const post = (who: Visitor, lessonId: number, json: unknown) => who.request(`/api/lessons/${lessonId}/comments`, { method: "POST", json });
async function ask(who: Visitor, lessonId: number, content: string, parentId?: number): Promise<ApiComment> {
  const response = await post(who, lessonId, parentId === undefined ? { content } : { content, parentId });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { comment: ApiComment }).comment;
}
async function discussion(who: Visitor, lessonId: number): Promise<DiscussionJson> {
  const response = await who.request(`/api/lessons/${lessonId}/comments`);
  expect(response.status).toBe(200);
  return (await response.json()) as DiscussionJson;
}
const notificationsOf = async (who: Visitor) => (await (await who.request("/api/notifications")).json()) as NotificationsJson;
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

let admin: Visitor;
let instructor: Awaited<ReturnType<typeof newMember>>;
const course = { free: 0, premium: 0 };
const lesson = { free: 0, second: 0, scheduled: 0, premium: 0 };

beforeAll(async () => {
  admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  instructor = await newMember("teacher");
  expect((await admin.request(`/api/admin/members/${instructor.id}/role`, { method: "PUT", json: { role: "instructor" } })).status).toBe(200);
  const createCourse = async (title: string, isPremium: boolean, instructorIds: number[]) => {
    const response = await admin.request("/api/courses", {
      method: "POST",
      json: { title, description: "A course with questions", level: "Beginner", rating: "4.5", duration: "2 weeks", isActive: true, isPremium, instructorIds },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const createLesson = async (courseId: number, json: object) => {
    const response = await admin.request(`/api/courses/${courseId}/lessons`, { method: "POST", json: { contentSections: [{ type: "text", title: "Read", content: "Read this." }], ...json } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  course.free = await createCourse(`Stars ${MARK}`, false, [instructor.id]);
  course.premium = await createCourse(`Deep stars ${MARK}`, true, [instructor.id]);
  lesson.free = await createLesson(course.free, { title: "Orion" });
  lesson.second = await createLesson(course.free, { title: "Lyra" });
  lesson.scheduled = await createLesson(course.free, { title: "Cygnus", releaseAfterDays: 7 });
  lesson.premium = await createLesson(course.premium, { title: "Andromeda" });
});

describe("who may read and write a lesson's discussion", () => {
  it("a free member is refused a Premium lesson's discussion; a Premium member and the course's instructor are let in", async () => {
    const free = await newMember();
    expect((await free.visitor.request(`/api/lessons/${lesson.premium}/comments`)).status).toBe(403);
    expect((await post(free.visitor, lesson.premium, { content: "Can I ask?" })).status).toBe(403);
    expect((await new Visitor(academy.baseUrl).request(`/api/lessons/${lesson.premium}/comments`)).status).toBe(401);

    const premium = await signedIn(DEMO_PREMIUM.username, DEMO_PREMIUM.password);
    const secret = `Premium question ${MARK}`;
    const question = await ask(premium, lesson.premium, secret);
    expect((await discussion(instructor.visitor, lesson.premium)).comments.map((c) => c.content)).toContain(secret);
    await ask(instructor.visitor, lesson.premium, "Here is how.", question.id);

    // The comment routes never leak a locked lesson's discussion either.
    const free403 = [
      await free.visitor.request(`/api/lesson-comments/${question.id}`, { method: "PATCH", json: { content: "mine now" } }),
      await free.visitor.request(`/api/lesson-comments/${question.id}`, { method: "DELETE" }),
      await free.visitor.request(`/api/lesson-comments/${question.id}/report`, { method: "POST", json: { reason: "spam" } }),
      await free.visitor.request(`/api/lesson-comments/${question.id}/answer`, { method: "POST" }),
    ];
    for (const response of free403) {
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain(secret);
    }
  });

  it("a lesson that opens later is a 403 for its discussion until it opens", async () => {
    const member = await newMember();
    expect((await member.visitor.request(`/api/lessons/${lesson.free}/comments`)).status).toBe(200);
    expect((await member.visitor.request(`/api/lessons/${lesson.scheduled}/comments`)).status).toBe(403);
    expect((await post(member.visitor, lesson.scheduled, { content: "early bird" })).status).toBe(403);
    // The instructor reads it, and what they write stays behind the lock.
    const hidden = await ask(instructor.visitor, lesson.scheduled, `Drip note ${MARK}`);
    const viaComment = await member.visitor.request(`/api/lesson-comments/${hidden.id}`, { method: "PATCH", json: { content: "x" } });
    expect(viaComment.status).toBe(403);
    expect(await viaComment.text()).not.toContain("Drip note");
  });
});

describe("writing", () => {
  it("refuses bad input with clear 400s, never a 500", async () => {
    const member = await newMember();
    const question = await ask(member.visitor, lesson.free, "What is a constellation?");
    const reply = await ask(admin, lesson.free, "A pattern of stars.", question.id);
    const elsewhere = await ask(member.visitor, lesson.second, "About Lyra?");

    const replyToReply = await post(member.visitor, lesson.free, { content: "nested", parentId: reply.id });
    expect(replyToReply.status).toBe(400);
    expect(await messageOf(replyToReply)).toMatch(/replies have no replies/);
    const otherLesson = await post(member.visitor, lesson.free, { content: "wrong lesson", parentId: elsewhere.id });
    expect(otherLesson.status).toBe(400);
    expect(await messageOf(otherLesson)).toMatch(/another lesson/);

    const empty = await post(member.visitor, lesson.free, { content: "" });
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toMatch(/Write your question/);
    const tooLong = await post(member.visitor, lesson.free, { content: "x".repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(await messageOf(tooLong)).toMatch(/at most 5,000 characters/);
    expect((await post(member.visitor, lesson.free, { content: "y".repeat(5000) })).status).toBe(201);

    const bad = [
      await post(member.visitor, lesson.free, { content: 42 }),
      await post(member.visitor, lesson.free, { content: "ok", parentId: "abc" }),
      await post(member.visitor, lesson.free, { content: "ok", extra: true }),
      await member.visitor.request(`/api/lessons/${lesson.free}/comments`, { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } }),
      await member.visitor.request(`/api/lesson-comments/${question.id}`, { method: "PATCH", json: { content: ["a"] } }),
      await member.visitor.request(`/api/lesson-comments/${reply.id}/report`, { method: "POST", json: { reason: 7 } }),
      await admin.request(`/api/lesson-comments/${question.id}/moderation`, { method: "POST", json: { hidden: "yes" } }),
    ];
    for (const response of bad) {
      expect(response.status).toBe(400);
      expect(typeof (await messageOf(response))).toBe("string");
    }
    for (const path of ["/api/lessons/abc/comments", "/api/lesson-comments/abc", "/api/lesson-comments/1.5/answer"]) {
      const response = await member.visitor.request(path, { method: path.endsWith("comments") ? "GET" : "POST" });
      expect([400, 404, 405]).toContain(response.status);
    }
    expect((await member.visitor.request("/api/lesson-comments/99999999", { method: "PATCH", json: { content: "x" } })).status).toBe(404);
    expect((await member.visitor.request("/api/lessons/99999999/comments")).status).toBe(404);
  });

  it("shares the forum's budget of ten posts a minute: then 429 with Retry-After", async () => {
    const member = await newMember("hasty");
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 1; i <= 11; i++) {
      last = await post(member.visitor, lesson.second, { content: `quick ${i}` });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    expect(Number(last?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await messageOf(last!)).toMatch(/too quickly/);
  });
});

describe("notifications", () => {
  it("tells the course's instructor of a question, the asker of a reply, and a mentioned member without the words", async () => {
    const asker = await newMember("asker");
    const friend = await newMember("friend");
    const words = `secret words ${MARK}`;
    const question = await ask(asker.visitor, lesson.free, `Why does Orion rise in winter? @${friend.username} ${words}`);
    const mention = (await notificationsOf(friend.visitor)).notifications.find((n) => n.type === "mention");
    expect(mention).toBeDefined();
    expect(JSON.stringify(mention)).not.toContain(words);
    expect((await notificationsOf(instructor.visitor)).notifications.some((n) => n.type === "lesson_question")).toBe(true);

    const helper = await newMember("helper");
    await ask(helper.visitor, lesson.free, "Because of where Earth is.", question.id);
    const afterReply = (await notificationsOf(asker.visitor)).notifications;
    expect(afterReply.filter((n) => n.type === "lesson_reply")).toHaveLength(1);

    // A reply that mentions the asker is one notification: the mention.
    const second = await newMember("asker");
    const q2 = await ask(second.visitor, lesson.free, "And Lyra?");
    await ask(helper.visitor, lesson.free, `@${second.username} see the outline`, q2.id);
    const types = (await notificationsOf(second.visitor)).notifications.map((n) => n.type);
    expect(types).toContain("mention");
    expect(types).not.toContain("lesson_reply");
  });
});

describe("answers", () => {
  it("marks an instructor's reply, toggles and moves the mark, and counts open questions", async () => {
    const asker = await newMember("asker");
    const other = await newMember();
    const before = (await discussion(asker.visitor, lesson.second)).openQuestions;
    const question = await ask(asker.visitor, lesson.second, "Which star is Vega?");
    expect((await discussion(asker.visitor, lesson.second)).openQuestions).toBe(before + 1);
    const byInstructor = await ask(instructor.visitor, lesson.second, "The brightest one.", question.id);
    expect(byInstructor.author.role).toBe("instructor");
    const byOther = await ask(other.visitor, lesson.second, "The blue one.", question.id);
    expect(byOther.author.role).toBe("member");
    expect((await ask(admin, lesson.second, "Admins teach too.", question.id)).author.role).toBe("instructor");

    const toggle = (who: Visitor, id: number) => who.request(`/api/lesson-comments/${id}/answer`, { method: "POST" });
    expect((await toggle(other.visitor, byOther.id)).status).toBe(403);
    expect((await toggle(asker.visitor, question.id)).status).toBe(400);
    const marked = await toggle(asker.visitor, byOther.id);
    expect(marked.status).toBe(200);
    expect(((await marked.json()) as { comment: ApiComment }).comment.isAnswer).toBe(true);
    expect((await discussion(asker.visitor, lesson.second)).openQuestions).toBe(before);

    // Marking another reply moves the mark; the answer is shown first.
    expect((await toggle(instructor.visitor, byInstructor.id)).status).toBe(200);
    let read = (await discussion(asker.visitor, lesson.second)).comments.find((c) => c.id === question.id);
    expect(read?.replies.filter((r) => r.isAnswer).map((r) => r.id)).toEqual([byInstructor.id]);
    expect(read?.replies[0]?.id).toBe(byInstructor.id);

    // Marking it again unmarks it: the question is open again.
    const unmarked = await toggle(asker.visitor, byInstructor.id);
    expect(((await unmarked.json()) as { comment: ApiComment }).comment.isAnswer).toBe(false);
    read = (await discussion(asker.visitor, lesson.second)).comments.find((c) => c.id === question.id);
    expect(read?.replies.some((r) => r.isAnswer)).toBe(false);
    expect((await discussion(asker.visitor, lesson.second)).openQuestions).toBe(before + 1);

    // A reply a moderator hides no longer answers the question.
    expect((await toggle(asker.visitor, byOther.id)).status).toBe(200);
    expect((await discussion(asker.visitor, lesson.second)).openQuestions).toBe(before);
    expect((await admin.request(`/api/lesson-comments/${byOther.id}/moderation`, { method: "POST", json: { hidden: true } })).status).toBe(200);
    expect((await discussion(asker.visitor, lesson.second)).openQuestions).toBe(before + 1);
    expect((await toggle(asker.visitor, byOther.id)).status).toBe(409);
  });
});

describe("edit, delete, moderation and reports", () => {
  const patch = (who: Visitor, id: number, content: string) => who.request(`/api/lesson-comments/${id}`, { method: "PATCH", json: { content } });

  it("the author and moderators edit; others may not; a hidden comment is no longer its author's to edit", async () => {
    const author = await newMember();
    const other = await newMember();
    const comment = await ask(author.visitor, lesson.free, "First draft");
    const edited = await patch(author.visitor, comment.id, "Second draft");
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { comment: ApiComment }).comment.content).toBe("Second draft");
    expect((await patch(other.visitor, comment.id, "Hijacked")).status).toBe(403);
    expect((await patch(instructor.visitor, comment.id, "Tidied by the instructor")).status).toBe(200);
    expect((await admin.request(`/api/lesson-comments/${comment.id}/moderation`, { method: "POST", json: { hidden: true } })).status).toBe(200);
    const refused = await patch(author.visitor, comment.id, "Try again");
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toMatch(/moderator removed/);
  });

  it("delete: the author's comment goes (204), a question others replied to stays as a stub", async () => {
    const author = await newMember();
    const other = await newMember();
    const alone = await ask(author.visitor, lesson.free, "Nobody answers me");
    expect((await other.visitor.request(`/api/lesson-comments/${alone.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await author.visitor.request(`/api/lesson-comments/${alone.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await discussion(other.visitor, lesson.free)).comments.some((c) => c.id === alone.id)).toBe(false);

    const answered = await ask(author.visitor, lesson.free, "Somebody answers me");
    const reply = await ask(other.visitor, lesson.free, "I do.", answered.id);
    expect((await author.visitor.request(`/api/lesson-comments/${answered.id}`, { method: "DELETE" })).status).toBe(204);
    const stub = (await discussion(other.visitor, lesson.free)).comments.find((c) => c.id === answered.id);
    expect(stub).toMatchObject({ content: "", notice: "deleted by its author" });
    expect(stub?.replies.map((r) => r.id)).toEqual([reply.id]);
    // A moderator deletes anyone's reply.
    expect((await instructor.visitor.request(`/api/lesson-comments/${reply.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("moderators hide a comment: others see it removed, the author and moderators still read it; students cannot moderate", async () => {
    const author = await newMember();
    const other = await newMember();
    const words = `Rude words ${MARK}`;
    const comment = await ask(author.visitor, lesson.free, words);
    const hide = (who: Visitor, hidden: boolean) => who.request(`/api/lesson-comments/${comment.id}/moderation`, { method: "POST", json: { hidden } });
    expect((await hide(other.visitor, true)).status).toBe(403);
    expect((await hide(instructor.visitor, true)).status).toBe(200);
    const seen = async (who: Visitor) => (await discussion(who, lesson.free)).comments.find((c) => c.id === comment.id);
    expect(await seen(other.visitor)).toMatchObject({ content: "", contentHtml: "", notice: "removed by a moderator" });
    const othersView = await other.visitor.request(`/api/lessons/${lesson.free}/comments`);
    expect(await othersView.text()).not.toContain(words);
    expect((await seen(author.visitor))?.content).toBe(words);
    expect((await seen(admin))?.content).toBe(words);
    expect((await hide(admin, false)).status).toBe(200);
    expect((await seen(other.visitor))?.content).toBe(words);
  });

  it("reports: 201 once, 409 twice, 400 for one's own", async () => {
    const author = await newMember();
    const reporter = await newMember();
    const comment = await ask(author.visitor, lesson.free, "Buy my crystals");
    const report = (who: Visitor) => who.request(`/api/lesson-comments/${comment.id}/report`, { method: "POST", json: { reason: "Advertising" } });
    expect((await report(reporter.visitor)).status).toBe(201);
    expect((await report(reporter.visitor)).status).toBe(409);
    expect((await report(author.visitor)).status).toBe(400);
  });
});

describe("a member's data", () => {
  it("the export carries their comments; after deletion they stay by 'Former member'", async () => {
    const leaver = await newMember("leaver");
    const words = `Parting question ${MARK}`;
    const question = await ask(leaver.visitor, lesson.free, words);
    const exported = (await (await leaver.visitor.request("/api/user/export")).json()) as { lessonDiscussions: { comments: Array<{ id: number; content: string }> } };
    expect(exported.lessonDiscussions.comments).toEqual([expect.objectContaining({ id: question.id, content: words })]);

    expect((await leaver.visitor.request("/api/user", { method: "DELETE", json: { password: PASSWORD } })).status).toBe(200);
    const kept = (await discussion(admin, lesson.free)).comments.find((c) => c.id === question.id);
    expect(kept?.author).toMatchObject({ id: null, name: "Former member" });
    expect(kept?.content).toBe(words);
  });
});

describe("the study companion", () => {
  interface Source {
    n: number | null;
    title: string;
    url: string;
    locked: boolean;
  }
  const askCompanion = async (who: Visitor, message: string) => {
    const response = await who.request("/api/chat", { method: "POST", json: { message } });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as { response: string; sources: Source[] };
  };
  const WORD = `${MARK}glass`;
  const discussionUrl = (courseId: number, lessonId: number) => `/course/${courseId}/lesson/${lessonId}?discussion=all#discussion`;

  it("cites a question once a reply is marked as its answer, after the lesson's own passages, and forgets it when unmarked", async () => {
    const response = await admin.request(`/api/courses/${course.free}/lessons`, {
      method: "POST",
      json: { title: "Vega", contentSections: [{ type: "text", title: "The scrying glass", content: `Hold the ${WORD} at arm's length and let the eyes soften before you look into it.` }] },
    });
    expect(response.status).toBe(201);
    const lessonId = ((await response.json()) as { id: number }).id;
    const asker = await newMember("asker");
    const question = await ask(asker.visitor, lessonId, `How long should I look into the ${WORD}?`);
    const reply = await ask(instructor.visitor, lessonId, `Look into the ${WORD} for seven slow breaths, then rest your eyes.`, question.id);

    // Unanswered, it is not a source.
    const before = await askCompanion(asker.visitor, `How long do I look into the ${WORD}?`);
    expect(before.sources.map((s) => s.url)).not.toContain(discussionUrl(course.free, lessonId));

    expect((await asker.visitor.request(`/api/lesson-comments/${reply.id}/answer`, { method: "POST" })).status).toBe(200);
    const after = await askCompanion(asker.visitor, `How long do I look into the ${WORD}?`);
    const cited = after.sources.filter((s) => s.n !== null);
    const fromDiscussion = cited.findIndex((s) => s.url === discussionUrl(course.free, lessonId));
    const fromLesson = cited.findIndex((s) => s.url.startsWith(`/course/${course.free}/lesson/${lessonId}?`) || s.url === `/course/${course.free}/lesson/${lessonId}`);
    expect(fromDiscussion, JSON.stringify(after.sources)).toBeGreaterThanOrEqual(0);
    expect(fromLesson, JSON.stringify(after.sources)).toBeGreaterThanOrEqual(0);
    expect(fromLesson).toBeLessThan(fromDiscussion);
    expect(after.response).toContain("seven slow breaths");

    // Unmarking the answer takes the passage out of the library at once.
    expect((await asker.visitor.request(`/api/lesson-comments/${reply.id}/answer`, { method: "POST" })).status).toBe(200);
    const unmarked = await askCompanion(asker.visitor, `How long do I look into the ${WORD}?`);
    expect(unmarked.sources.map((s) => s.url)).not.toContain(discussionUrl(course.free, lessonId));
    expect(unmarked.response).not.toContain("seven slow breaths");
  });

  it("keeps a Premium lesson's answered question from free members", async () => {
    const premium = await signedIn(DEMO_PREMIUM.username, DEMO_PREMIUM.password);
    const word = `${MARK}comet`;
    const question = await ask(premium, lesson.premium, `What colour is the ${word} tail?`);
    const reply = await ask(instructor.visitor, lesson.premium, `The ${word} tail glows violet at dusk.`, question.id);
    expect((await instructor.visitor.request(`/api/lesson-comments/${reply.id}/answer`, { method: "POST" })).status).toBe(200);

    const paying = await askCompanion(premium, `What colour is the ${word} tail?`);
    expect(paying.sources.map((s) => s.url)).toContain(discussionUrl(course.premium, lesson.premium));
    expect(paying.response).toContain("glows violet");

    const free = await newMember();
    const refused = await askCompanion(free.visitor, `What colour is the ${word} tail?`);
    expect(JSON.stringify(refused)).not.toContain("glows violet");
    expect(refused.sources.filter((s) => s.n !== null).map((s) => s.url)).not.toContain(discussionUrl(course.premium, lesson.premium));
  });
});
