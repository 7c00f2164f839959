import { asc, eq } from "drizzle-orm";
import { db, first, type Tx } from "#db/client.server";
import { forgetLimitsNaming } from "#db/limiter-store.server";
import {
  activityEvents,
  assignments,
  assignmentSubmissions,
  calendarFeeds,
  certificates,
  certificateSignatories,
  chatMessages,
  companionUsage,
  conferenceMessages,
  conferenceQuestions,
  conferenceQuestionVotes,
  conferences,
  courseInstructors,
  courseRatings,
  courses,
  emailOutbox,
  knowledgeBaseArticles,
  learningHeartbeats,
  lessonCommentReports,
  lessonComments,
  learningTime,
  lessonCompletions,
  lessonReleaseNotices,
  notificationPreferences,
  notifications,
  passwordResets,
  premiumRequests,
  quizAttempts,
  quizzes,
  sectionProgress,
  sessions,
  toolTemplates,
  type User,
} from "#db/schema";
import { feedPath } from "~/models/learning/calendar.server";
import { forgetActorInNotifications } from "~/models/notifications/notification-events.server";
import { FORMER_INSTRUCTOR, FORMER_MEMBER } from "~/schemas/account";
import { removeSubmissionFiles } from "~/models/assessment/submission-files.server";
import { logger } from "~/utils/logger.server";
import { afterCommit } from "~/utils/transaction-scope.server";

// Everything the academy keeps about a member, table by table (issue 30):
// what "Download my data" includes and what deleting the account does to it.
// tests/unit/member-data-coverage.test.ts walks db/schema.ts and fails when a
// table that refers to a member (or copies a member's name) is missing here,
// so a new table cannot be forgotten.

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The member's rows beyond profile, progress, certificates, forum and calculator (see exportAccountData). */
export async function collectMemberData(user: Pick<User, "id">, origin: string) {
  const userId = user.id;
  const feed = await first(db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1));
  const preferences = await first(db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1));
  const heartbeat = await first(db.select().from(learningHeartbeats).where(eq(learningHeartbeats.userId, userId)).limit(1));
  return {
    // Sessions are listed by when they began and end; their ids are credentials and stay out.
    signedInSessions: (await db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)))
      .map((row) => ({ createdAt: iso(row.createdAt), expiresAt: iso(row.expiresAt) })),
    passwordResets: (await db
      .select({ createdAt: passwordResets.createdAt, expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt, createdByAdmin: passwordResets.createdByAdmin })
      .from(passwordResets)
      .where(eq(passwordResets.userId, userId))
      .orderBy(asc(passwordResets.id)))
      .map((row) => ({ createdAt: iso(row.createdAt), expiresAt: iso(row.expiresAt), usedAt: iso(row.usedAt), madeByAnAdmin: row.createdByAdmin !== null })),
    learning: {
      lessonCompletions: (await db
        .select({ lessonId: lessonCompletions.lessonId, completedAt: lessonCompletions.completedAt })
        .from(lessonCompletions)
        .where(eq(lessonCompletions.userId, userId))
        .orderBy(asc(lessonCompletions.completedAt)))
        .map((row) => ({ ...row, completedAt: iso(row.completedAt) })),
      quizAttempts: (await db
        .select({ lessonId: quizzes.lessonId, attemptNumber: quizAttempts.attemptNumber, score: quizAttempts.score, passed: quizAttempts.passed, submittedAt: quizAttempts.submittedAt })
        .from(quizAttempts)
        .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
        .where(eq(quizAttempts.userId, userId))
        .orderBy(asc(quizAttempts.id)))
        .map((row) => ({ ...row, submittedAt: iso(row.submittedAt) })),
      // Their hand-ins with the reviews they received (the files themselves download from the lesson page).
      assignmentSubmissions: (await db
        .select({
          lessonId: assignments.lessonId,
          version: assignmentSubmissions.version,
          status: assignmentSubmissions.status,
          text: assignmentSubmissions.text,
          fileName: assignmentSubmissions.fileName,
          fileSize: assignmentSubmissions.fileSize,
          scores: assignmentSubmissions.scores,
          totalPoints: assignmentSubmissions.totalPoints,
          feedback: assignmentSubmissions.feedback,
          createdAt: assignmentSubmissions.createdAt,
          reviewedAt: assignmentSubmissions.reviewedAt,
        })
        .from(assignmentSubmissions)
        .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
        .where(eq(assignmentSubmissions.userId, userId))
        .orderBy(asc(assignmentSubmissions.id)))
        .map((row) => ({ ...row, createdAt: iso(row.createdAt), reviewedAt: iso(row.reviewedAt) })),
      videoPositions: (await db
        .select({ sectionId: sectionProgress.sectionId, positionSeconds: sectionProgress.positionSeconds, updatedAt: sectionProgress.updatedAt })
        .from(sectionProgress)
        .where(eq(sectionProgress.userId, userId)))
        .map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })),
      studyTime: await db
        .select({ lessonId: learningTime.lessonId, courseId: learningTime.courseId, day: learningTime.day, seconds: learningTime.seconds })
        .from(learningTime)
        .where(eq(learningTime.userId, userId))
        .orderBy(asc(learningTime.day), asc(learningTime.lessonId)),
      studyTimeCreditedUntil: iso(heartbeat?.creditedUntil ?? null),
      courseRatings: (await db
        .select({ courseId: courseRatings.courseId, rating: courseRatings.rating, updatedAt: courseRatings.updatedAt })
        .from(courseRatings)
        .where(eq(courseRatings.userId, userId)))
        .map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })),
      lessonReleaseNotices: (await db
        .select({ lessonId: lessonReleaseNotices.lessonId, createdAt: lessonReleaseNotices.createdAt })
        .from(lessonReleaseNotices)
        .where(eq(lessonReleaseNotices.userId, userId)))
        .map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    },
    // Questions, comments and replies under lessons (issue 46), and what they reported.
    lessonDiscussions: {
      comments: (await db
        .select({ id: lessonComments.id, lessonId: lessonComments.lessonId, parentId: lessonComments.parentId, content: lessonComments.content, isAnswer: lessonComments.isAnswer, createdAt: lessonComments.createdAt, editedAt: lessonComments.editedAt })
        .from(lessonComments)
        .where(eq(lessonComments.authorId, userId))
        .orderBy(asc(lessonComments.id)))
        .map((row) => ({ ...row, createdAt: iso(row.createdAt), editedAt: iso(row.editedAt) })),
      reports: (await db
        .select({ commentId: lessonCommentReports.commentId, reason: lessonCommentReports.reason, createdAt: lessonCommentReports.createdAt })
        .from(lessonCommentReports)
        .where(eq(lessonCommentReports.reporterId, userId)))
        .map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    },
    companion: {
      conversation: (await db
        .select({ role: chatMessages.role, content: chatMessages.content, courseTitle: chatMessages.courseTitle, lessonTitle: chatMessages.lessonTitle, createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(eq(chatMessages.userId, userId))
        .orderBy(asc(chatMessages.id)))
        .map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      usage: (await db
        .select({
          mode: companionUsage.mode,
          model: companionUsage.model,
          outcome: companionUsage.outcome,
          question: companionUsage.question,
          promptTokens: companionUsage.promptTokens,
          completionTokens: companionUsage.completionTokens,
          createdAt: companionUsage.createdAt,
        })
        .from(companionUsage)
        .where(eq(companionUsage.userId, userId))
        .orderBy(asc(companionUsage.id)))
        .map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    },
    liveSessions: {
      chatMessages: (await db
        .select({ conferenceId: conferenceMessages.conferenceId, authorName: conferenceMessages.authorName, message: conferenceMessages.message, createdAt: conferenceMessages.createdAt })
        .from(conferenceMessages)
        .where(eq(conferenceMessages.userId, userId))
        .orderBy(asc(conferenceMessages.id)))
        .map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      questions: (await db
        .select({ id: conferenceQuestions.id, conferenceId: conferenceQuestions.conferenceId, text: conferenceQuestions.text, answeredAt: conferenceQuestions.answeredAt, hiddenAt: conferenceQuestions.hiddenAt, createdAt: conferenceQuestions.createdAt })
        .from(conferenceQuestions)
        .where(eq(conferenceQuestions.userId, userId))
        .orderBy(asc(conferenceQuestions.id)))
        .map((row) => ({ ...row, answeredAt: iso(row.answeredAt), hiddenAt: iso(row.hiddenAt), createdAt: iso(row.createdAt) })),
      questionVotes: (await db
        .select({ questionId: conferenceQuestionVotes.questionId, createdAt: conferenceQuestionVotes.createdAt })
        .from(conferenceQuestionVotes)
        .where(eq(conferenceQuestionVotes.userId, userId))
        .orderBy(asc(conferenceQuestionVotes.questionId)))
        .map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    },
    // The member's own secret address: the export goes to them alone.
    calendarFeed: feed ? { feedUrl: `${origin}${feedPath(feed.token)}`, createdAt: iso(feed.createdAt) } : null,
    notifications: (await db
      .select({ type: notifications.type, title: notifications.title, body: notifications.body, url: notifications.url, createdAt: notifications.createdAt, readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id)))
      .map((row) => ({ ...row, createdAt: iso(row.createdAt), readAt: iso(row.readAt) })),
    // The unsubscribe key signs links; it stays out.
    notificationPreferences: preferences
      ? { forumReplies: preferences.forumReplies, mentions: preferences.mentions, liveSessions: preferences.liveSessions, newCourses: preferences.newCourses }
      : null,
    emails: (await db
      .select({ kind: emailOutbox.kind, to: emailOutbox.to, subject: emailOutbox.subject, status: emailOutbox.status, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, userId))
      .orderBy(asc(emailOutbox.id)))
      .map((row) => ({ ...row, createdAt: iso(row.createdAt), sentAt: iso(row.sentAt) })),
    premiumRequests: (await db
      .select({ message: premiumRequests.message, createdAt: premiumRequests.createdAt, handledAt: premiumRequests.handledAt, outcome: premiumRequests.outcome })
      .from(premiumRequests)
      .where(eq(premiumRequests.userId, userId))
      .orderBy(asc(premiumRequests.id)))
      .map((row) => ({ ...row, createdAt: iso(row.createdAt), handledAt: iso(row.handledAt) })),
    activity: (await db
      .select({ type: activityEvents.type, summary: activityEvents.summary, createdAt: activityEvents.createdAt })
      .from(activityEvents)
      .where(eq(activityEvents.userId, userId))
      .orderBy(asc(activityEvents.id)))
      .map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    // What an instructor or admin made for the academy: it stays when they leave, without their name.
    staff: {
      instructs: (await db
        .select({ courseId: courseInstructors.courseId, courseTitle: courses.title, since: courseInstructors.createdAt })
        .from(courseInstructors)
        .innerJoin(courses, eq(courses.id, courseInstructors.courseId))
        .where(eq(courseInstructors.userId, userId)))
        .map((row) => ({ ...row, since: iso(row.since) })),
      articles: await db
        .select({ id: knowledgeBaseArticles.id, title: knowledgeBaseArticles.title })
        .from(knowledgeBaseArticles)
        .where(eq(knowledgeBaseArticles.authorId, userId)),
      conferences: await db.select({ id: conferences.id, title: conferences.title }).from(conferences).where(eq(conferences.createdBy, userId)),
      templates: await db.select({ id: toolTemplates.id, title: toolTemplates.title }).from(toolTemplates).where(eq(toolTemplates.uploadedBy, userId)),
      // Reviews they gave: which lesson, the decision and when; not whose work it was.
      assignmentReviews: (await db
        .select({ lessonId: assignments.lessonId, decision: assignmentSubmissions.status, totalPoints: assignmentSubmissions.totalPoints, reviewedAt: assignmentSubmissions.reviewedAt })
        .from(assignmentSubmissions)
        .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
        .where(eq(assignmentSubmissions.reviewerId, userId))
        .orderBy(asc(assignmentSubmissions.reviewedAt)))
        .map((row) => ({ ...row, reviewedAt: iso(row.reviewedAt) })),
      // Certificates they signed: the course and the name they signed with, not whose certificate it is.
      signedCertificates: (await db
        .select({ courseTitle: certificates.courseTitle, issuedAt: certificates.issuedAt, signedAs: certificateSignatories.instructorName })
        .from(certificateSignatories)
        .innerJoin(certificates, eq(certificates.id, certificateSignatories.certificateId))
        .where(eq(certificateSignatories.instructorId, userId))
        .orderBy(asc(certificates.issuedAt)))
        .map((row) => ({ ...row, issuedAt: iso(row.issuedAt) })),
    },
  };
}
export type MemberData = Awaited<ReturnType<typeof collectMemberData>>;

/** Where a table's rows about the member appear in the export: a top-level key of the document. */
type ExportKey =
  | keyof MemberData
  | "profile"
  | "subscription"
  | "progress"
  | "certificates"
  | "forum"
  | "revenueCalculator";

/** What deleting the account does to a column that refers to the member. */
export type DeletionRule =
  | { onDelete: "cascade" }
  /** The row stays for others; `shownAs` is what they see where the member's name was. */
  | { onDelete: "set null"; shownAs: string };

export interface TableCoverage {
  export: { in: ExportKey } | { omitted: string };
  /** Every column that refers to a member (the foreign keys to users). */
  references: Record<string, DeletionRule>;
  /** Columns holding a copy of a member's name (no key to follow): what forgetMember writes there. */
  copiedNames?: Record<string, string>;
}

const cascade = { onDelete: "cascade" } as const;
const keptWithoutName = (shownAs: string) => ({ onDelete: "set null", shownAs }) as const;

/** Every table that refers to a member, by its SQL name. */
export const MEMBER_DATA: Record<string, TableCoverage> = {
  users: { export: { in: "profile" }, references: {} },
  sessions: { export: { in: "signedInSessions" }, references: { user_id: cascade } },
  password_resets: {
    export: { in: "passwordResets" },
    references: { user_id: cascade, created_by_admin: keptWithoutName("the link stays valid for the member it was made for") },
  },
  course_instructors: { export: { in: "staff" }, references: { user_id: cascade } },
  user_progress: { export: { in: "progress" }, references: { user_id: cascade } },
  lesson_completions: { export: { in: "learning" }, references: { user_id: cascade } },
  quiz_attempts: { export: { in: "learning" }, references: { user_id: cascade } },
  section_progress: { export: { in: "learning" }, references: { user_id: cascade } },
  learning_time: { export: { in: "learning" }, references: { user_id: cascade } },
  learning_heartbeats: { export: { in: "learning" }, references: { user_id: cascade } },
  course_ratings: { export: { in: "learning" }, references: { user_id: cascade } },
  lesson_release_notices: { export: { in: "learning" }, references: { user_id: cascade } },
  // Their files go from the file store too (forgetMember); reviews they gave stay, without their name.
  assignment_submissions: {
    export: { in: "learning" },
    references: { user_id: cascade, reviewer_id: keptWithoutName("the review stays, by no reviewer named") },
  },
  certificates: {
    export: { in: "certificates" },
    references: { user_id: cascade },
    // recipient_name goes with the member's own certificates (cascade).
    copiedNames: { recipient_name: "deleted with the row" },
  },
  // The certificates an instructor signed (other members' certificates): the row stays, their name goes.
  certificate_signatories: {
    export: { in: "staff" },
    references: { instructor_id: keptWithoutName(FORMER_INSTRUCTOR) },
    copiedNames: { instructor_name: FORMER_INSTRUCTOR },
  },
  subscriptions: { export: { in: "subscription" }, references: { user_id: cascade } },
  calculator_records: { export: { in: "revenueCalculator" }, references: { user_id: cascade } },
  forum_topics: { export: { in: "forum" }, references: { author_id: keptWithoutName(FORMER_MEMBER) } },
  forum_replies: { export: { in: "forum" }, references: { author_id: keptWithoutName(FORMER_MEMBER) } },
  lesson_comments: {
    export: { in: "lessonDiscussions" },
    references: { author_id: keptWithoutName(FORMER_MEMBER), hidden_by: keptWithoutName("hidden, by no moderator named") },
  },
  lesson_comment_reports: { export: { in: "lessonDiscussions" }, references: { reporter_id: cascade } },
  knowledge_base_articles: { export: { in: "staff" }, references: { author_id: keptWithoutName("no author") } },
  conferences: { export: { in: "staff" }, references: { created_by: keptWithoutName("no host named") } },
  tool_templates: { export: { in: "staff" }, references: { uploaded_by: keptWithoutName("no uploader named") } },
  conference_messages: {
    export: { in: "liveSessions" },
    references: { user_id: keptWithoutName(FORMER_MEMBER) },
    copiedNames: { author_name: FORMER_MEMBER },
  },
  conference_questions: { export: { in: "liveSessions" }, references: { user_id: keptWithoutName(FORMER_MEMBER) } },
  conference_question_votes: { export: { in: "liveSessions" }, references: { user_id: cascade } },
  // A raised hand or a turn to speak lasts only while the session is live.
  live_room_members: { export: { omitted: "who is in a live room right now, kept only while they are" }, references: { user_id: cascade } },
  live_stage: { export: { omitted: "a raised hand or a turn to speak, kept only while the session is live" }, references: { user_id: cascade } },
  calendar_feeds: { export: { in: "calendarFeed" }, references: { user_id: cascade } },
  chat_messages: { export: { in: "companion" }, references: { user_id: cascade } },
  companion_usage: { export: { in: "companion" }, references: { user_id: cascade } },
  premium_requests: {
    export: { in: "premiumRequests" },
    references: { user_id: cascade, handled_by: keptWithoutName("handled, by no one named") },
  },
  activity_events: { export: { in: "activity" }, references: { user_id: cascade } },
  // Other members' notifications name whoever replied or mentioned them: forgetMember rewrites those too.
  notifications: { export: { in: "notifications" }, references: { user_id: cascade } },
  notification_preferences: { export: { in: "notificationPreferences" }, references: { user_id: cascade } },
  email_outbox: { export: { in: "emails" }, references: { user_id: cascade } },
};

/**
 * What deleting the account does before the row goes (the database then
 * cascades or sets null per MEMBER_DATA): names copied into rows that stay
 * for others become FORMER_MEMBER. Runs inside the deletion's transaction.
 */
export async function forgetMember(tx: Tx, user: Pick<User, "id" | "username" | "firstName" | "name" | "email">): Promise<void> {
  await tx.update(conferenceMessages).set({ authorName: FORMER_MEMBER }).where(eq(conferenceMessages.userId, user.id));

  // Every certificate they signed, found by their id whatever their name was then and whether
  // or not they still teach the course (issue 39); the key itself is cleared by the deletion.
  await tx.update(certificateSignatories).set({ instructorName: FORMER_INSTRUCTOR }).where(eq(certificateSignatories.instructorId, user.id));

  await forgetActorInNotifications(tx, user.username, FORMER_MEMBER);

  // Their hand-in files: the rows cascade with the account, the files go once that is committed.
  const files = await tx.select({ key: assignmentSubmissions.fileKey }).from(assignmentSubmissions).where(eq(assignmentSubmissions.userId, user.id));
  const keys = files.flatMap((row) => (row.key ? [row.key] : []));
  if (keys.length) {
    afterCommit(() => {
      removeSubmissionFiles(keys).catch((error: unknown) => logger.warn({ err: error, userId: user.id }, "a deleted member's assignment files could not all be removed"));
    });
  }
  // The limits' counters are keyed by the names typed at sign-in and password reset.
  await forgetLimitsNaming([user.username, user.email ?? ""]);
}
