import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, first, single } from "#db/client.server";
import * as schema from "#db/schema";
import { MEMBER_DATA } from "~/models/accounts/account-data.server";
import { deleteAccount, exportAccountData } from "~/models/accounts/account.server";
import { resetFeedToken } from "~/models/learning/calendar.server";
import { notifyForumReply, notifyMentions } from "~/models/notifications/notification-events.server";
import { createStudent } from "~/models/accounts/user.server";
import type { User } from "#db/schema";
import { schemaTables } from "../schema-tables";

// A member with a row in every table MEMBER_DATA lists (issue 30): the export
// holds each of them, and after deleting the account no table refers to them
// and no text column anywhere still carries their name.

const PASSWORD = "a perfectly fine passphrase";
const ORIGIN = "https://academy.example";
const MARK = "zephyrine";

const now = new Date("2030-01-01T12:00:00Z");
let member: User;
let other: User;
let conferenceId = 0;

/** Rows in `table` whose reference columns name the user. */
async function referencing(table: string, userId: number): Promise<number> {
  const columns = Object.keys(MEMBER_DATA[table]?.references ?? {});
  if (table === "users") return (await db.select().from(schema.users).where(eq(schema.users.id, userId))).length;
  let total = 0;
  for (const column of columns) {
    const row = await db.get<{ n: number }>(sql`select count(*) as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`);
    total += row?.n ?? 0;
  }
  return total;
}

beforeAll(async () => {
  member = await createStudent({ username: `${MARK}-unit`, password: PASSWORD, email: `${MARK}@example.com` });
  await db.update(schema.users).set({ firstName: "Zephyrine", role: "instructor", trialUsedAt: now }).where(eq(schema.users.id, member.id));
  member = { ...member, firstName: "Zephyrine", role: "instructor" };
  other = await createStudent({ username: "bystander-unit", password: PASSWORD, email: "bystander@example.com" });
  const userId = member.id;

  const course = await single(db.insert(schema.courses).values({ title: "Stars", description: "About stars", duration: "1h" }).returning());
  const lesson = await single(db.insert(schema.lessons).values({ courseId: course.id, title: "One", order: 1 }).returning());
  const section = await single(db.insert(schema.contentSections).values({ lessonId: lesson.id, type: "video", title: "Clip", order: 1 }).returning());
  const quiz = await single(db.insert(schema.quizzes).values({ lessonId: lesson.id, passingScore: 50 }).returning());
  const conference = await single(db
    .insert(schema.conferences)
    .values({ title: "Moon circle", description: "Talk", scheduledAt: now, createdBy: userId })
    .returning());
  conferenceId = conference.id;
  const category = await single(db.insert(schema.forumCategories).values({ name: "Hall", description: "All" }).returning());
  const topic = await single(db
    .insert(schema.forumTopics)
    .values({ categoryId: category.id, authorId: other.id, title: "Hello", content: "Hi", lastActivityAt: now })
    .returning());

  await db.insert(schema.sessions).values({ id: "session-of-the-member", userId, expiresAt: new Date("2031-01-01") });
  await db.insert(schema.passwordResets).values({ userId, tokenHash: "hash-one", expiresAt: now });
  await db.insert(schema.passwordResets).values({ userId: other.id, tokenHash: "hash-two", expiresAt: now, createdByAdmin: userId });
  await db.insert(schema.courseInstructors).values({ courseId: course.id, userId });
  await db.insert(schema.userProgress).values({ userId, courseId: course.id, startedAt: now, lastAccessedAt: now });
  await db.insert(schema.lessonCompletions).values({ userId, lessonId: lesson.id, completedAt: now });
  await db.insert(schema.quizAttempts).values({ quizId: quiz.id, userId, attemptNumber: 1, score: 80, passed: true, results: [], submittedAt: now });
  await db.insert(schema.sectionProgress).values({ userId, sectionId: section.id, positionSeconds: 12 });
  await db.insert(schema.learningTime).values({ userId, lessonId: lesson.id, courseId: course.id, day: "2030-01-01", seconds: 60 });
  await db.insert(schema.learningHeartbeats).values({ userId, creditedUntil: now });
  await db.insert(schema.courseRatings).values({ userId, courseId: course.id, rating: 5 });
  await db.insert(schema.lessonReleaseNotices).values({ userId, lessonId: lesson.id });
  const assignment = await single(db.insert(schema.assignments).values({ lessonId: lesson.id, instructions: "Write", kinds: ["text"], rubric: [{ criterion: "Clear", description: "", points: 2 }], passPoints: 1 }).returning());
  await db.insert(schema.assignmentSubmissions).values({ assignmentId: assignment.id, userId, version: 1, text: "My work" });
  const asked = await single(db.insert(schema.lessonComments).values({ lessonId: lesson.id, authorId: other.id, content: "Why stars?" }).returning());
  await db.insert(schema.lessonComments).values({ lessonId: lesson.id, parentId: asked.id, authorId: userId, content: "Because." });
  await db.insert(schema.lessonComments).values({ lessonId: lesson.id, authorId: other.id, content: "Rude", hiddenAt: now, hiddenBy: userId });
  await db.insert(schema.lessonCommentReports).values({ commentId: asked.id, reporterId: userId, reason: "Off topic" });
  await db.insert(schema.assignmentSubmissions).values({ assignmentId: assignment.id, userId: other.id, version: 1, status: "passed", text: "Their work", reviewerId: userId, reviewedAt: now });
  await db.insert(schema.certificates)
    .values({ userId, courseId: course.id, certificateNumber: "C-1", recipientName: "Zephyrine", courseTitle: "Stars", issuedAt: now });
  // Another member's certificate, signed by the member as the course's instructor.
  const signed = await single(db
    .insert(schema.certificates)
    .values({ userId: other.id, courseId: course.id, certificateNumber: "C-2", recipientName: "Bystander", courseTitle: "Stars", issuedAt: now })
    .returning());
  await db.insert(schema.certificateSignatories).values({ certificateId: signed.id, position: 0, instructorId: userId, instructorName: "Zephyrine" });
  await db.insert(schema.subscriptions).values({ userId, startDate: now });
  await db.insert(schema.calculatorRecords).values({ userId, personalSales: 10 });
  await db.insert(schema.forumTopics).values({ categoryId: category.id, authorId: userId, title: "Mine", content: "My topic", lastActivityAt: now });
  await db.insert(schema.forumReplies).values({ topicId: topic.id, authorId: userId, content: "My reply" });
  await db.insert(schema.knowledgeBaseArticles).values({ title: "Guide", content: "Text", summary: "Sum", category: "Study Tips", authorId: userId });
  await db.insert(schema.toolTemplates).values({ title: "Sheet", description: "D", category: "tools", fileUrl: "/f", fileName: "f.pdf", uploadedBy: userId });
  await db.insert(schema.conferenceMessages).values({ conferenceId, userId, authorName: "Zephyrine", message: "Hello room" });
  const question = await single(db.insert(schema.conferenceQuestions).values({ conferenceId, userId, text: "Why the moon?" }).returning());
  await db.insert(schema.conferenceQuestionVotes).values({ questionId: question.id, userId });
  await db.insert(schema.liveStage).values({ conferenceId, userId, role: "hand", name: member.username, at: now });
  await db.insert(schema.liveRoomMembers).values({ participantId: "participant-of-the-member", conferenceId, userId, worker: 0 });
  await resetFeedToken(userId);
  await db.insert(schema.chatMessages).values({ userId, role: "user", content: "What is a star?" });
  await db.insert(schema.companionUsage).values({ userId, mode: "offline", outcome: "answered", question: "What is a star?" });
  await db.insert(schema.premiumRequests).values({ userId, message: "Please" });
  await db.insert(schema.premiumRequests).values({ userId: other.id, message: "Me too", handledAt: now, handledBy: userId, outcome: "granted" });
  await db.insert(schema.activityEvents).values({ userId, type: "forum_reply", summary: `${member.username} replied` });
  await db.insert(schema.notifications).values({ userId, type: "premium", title: "Premium is yours", url: "/students" });
  await db.insert(schema.notificationPreferences).values({ userId, unsubscribeKey: "key" });
  await db.insert(schema.emailOutbox).values({ kind: "test", userId, dedupeKey: "test:1", to: `${MARK}@example.com`, subject: "Test", nextAttemptAt: now });

  // What others were told about the member: a reply in their topic and a mention.
  await notifyForumReply({ id: topic.id, title: "Hello", permission: "base" }, member);
  await notifyMentions("Hello @bystander-unit", { topicId: topic.id, topicTitle: "Hello", permission: "base" }, member);
  for (const notification of await db.select().from(schema.notifications).where(eq(schema.notifications.userId, other.id))) {
    await db.insert(schema.emailOutbox)
      .values({ kind: "notification", userId: other.id, notificationId: notification.id, dedupeKey: `sent:${notification.id}`, to: "bystander@example.com", subject: notification.title, text: `${notification.title}\n${notification.body ?? ""}`, html: `<p>${notification.body ?? ""}</p>`, status: "sent", nextAttemptAt: now });
  }
});

describe("a member's data, table by table", () => {
  it("has a row in every table MEMBER_DATA lists (so the checks below check something)", async () => {
    for (const table of Object.keys(MEMBER_DATA)) expect(await referencing(table, member.id), table).toBeGreaterThan(0);
  });

  it("is all in the export, under the key MEMBER_DATA names", async () => {
    const exported: Record<string, unknown> = await exportAccountData(member.id, ORIGIN);
    for (const [table, coverage] of Object.entries(MEMBER_DATA)) {
      if (!("in" in coverage.export)) continue;
      const section = exported[coverage.export.in];
      expect(section, `${table} → ${coverage.export.in}`).toBeTruthy();
      if (Array.isArray(section)) expect(section.length, table).toBeGreaterThan(0);
    }
    const data = await exportAccountData(member.id, ORIGIN);
    expect(data.companion.conversation).toEqual([expect.objectContaining({ role: "user", content: "What is a star?" })]);
    expect(data.companion.usage).toEqual([expect.objectContaining({ question: "What is a star?", outcome: "answered" })]);
    expect(data.liveSessions.chatMessages).toEqual([expect.objectContaining({ conferenceId, message: "Hello room" })]);
    expect(data.liveSessions.questions).toEqual([expect.objectContaining({ conferenceId, text: "Why the moon?" })]);
    expect(data.liveSessions.questionVotes).toHaveLength(1);
    expect(data.calendarFeed?.feedUrl).toMatch(new RegExp(`^${ORIGIN}/api/calendar/[A-Za-z0-9_-]{43}/sessions\\.ics$`));
    for (const list of Object.values(data.learning)) expect(list).toBeTruthy();
    expect(data.staff).toMatchObject({ instructs: [{ courseTitle: "Stars" }], articles: [{ title: "Guide" }], conferences: [{ title: "Moon circle" }], templates: [{ title: "Sheet" }] });
    expect(data.profile.trialUsedAt).toBe(now.toISOString());
    const text = JSON.stringify(data);
    for (const secret of ["session-of-the-member", "hash-one", "passwordHash", '"key"']) expect(text).not.toContain(secret);
  });

  it("is gone or anonymised once the account is deleted: no reference, and their name in no text column of any table", async () => {
    await deleteAccount(member.id, { sessionId: null, ip: "127.0.0.1" }, PASSWORD);
    for (const table of Object.keys(MEMBER_DATA)) expect(await referencing(table, member.id), table).toBe(0);

    const leftovers: string[] = [];
    for (const config of schemaTables()) {
      for (const column of config.columns.filter((c) => c.getSQLType() === "text")) {
        const rows = await db.all<{ value: string }>(
          sql`select ${sql.identifier(column.name)} as value from ${sql.identifier(config.name)} where ${sql.identifier(column.name)} like ${`%${MARK}%`}`,
        );
        for (const row of rows) leftovers.push(`${config.name}.${column.name}: ${row.value}`);
      }
    }
    expect(leftovers).toEqual([]);

    // What stays for others reads "Former member".
    expect(await db.select().from(schema.conferenceMessages).where(eq(schema.conferenceMessages.conferenceId, conferenceId))).toEqual([
      expect.objectContaining({ userId: null, authorName: "Former member", message: "Hello room" }),
    ]);
    const signedCertificate = await first(db.select().from(schema.certificates).where(eq(schema.certificates.certificateNumber, "C-2")).limit(1));
    expect(await db.select().from(schema.certificateSignatories).where(eq(schema.certificateSignatories.certificateId, signedCertificate?.id ?? -1))).toEqual([
      expect.objectContaining({ position: 0, instructorId: null, instructorName: "Former instructor" }),
    ]);
    const told = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, other.id));
    expect(told.map((row) => [row.type, row.title, row.body])).toEqual(
      expect.arrayContaining([
        ["forum_reply", "New replies in “Hello”", "1 new reply, from Former member"],
        ["mention", "Former member mentioned you in “Hello”", "Hello @bystander-unit"],
      ]),
    );
    const emails = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.userId, other.id));
    expect(emails.map((row) => row.subject)).toContain("Former member mentioned you in “Hello”");
  });
});
