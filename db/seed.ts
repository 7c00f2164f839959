import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { env } from "~/utils/env.server";
import { fileStore } from "~/utils/file-store.server";
import { hashPassword } from "~/utils/password.server";
import { db, first, single, withTransaction } from "./client.server";
import {
  activityEvents,
  captions,
  conferences,
  contentSections,
  quizQuestions,
  quizzes,
  assignments,
  assignmentSubmissions,
  courses,
  forumCategories,
  forumReplies,
  forumTopics,
  knowledgeBaseArticles,
  lessons,
  subscriptions,
  toolTemplates,
  users,
} from "./schema";
import { quizQuestionRows } from "./quiz-question-rows";
import { loadDemoContent, type SeedAuthor, type SeedSection, type SeedTemplate } from "./seed-content";
import { PREMIUM_FEE_CENTS } from "~/utils/premium";
import { logger } from "~/utils/logger.server";

// The two demo students the README lists.
export const DEMO_STUDENT = { username: "seeker", password: "quiet-river-lantern", name: "Sage Rivers", firstName: "Sage" };
export const DEMO_PREMIUM = { username: "oracle", password: "silver-moon-compass", name: "Luna Marsh", firstName: "Luna" };

const DAY = 24 * 60 * 60 * 1000;

async function isEmpty(): Promise<boolean> {
  const courseCount = (await first(db.select({ n: count() }).from(courses).limit(1)))?.n ?? 0;
  const categoryCount = (await first(db.select({ n: count() }).from(forumCategories).limit(1)))?.n ?? 0;
  return courseCount === 0 && categoryCount === 0;
}

/** The demo templates' files, into the file store (disk or bucket). */
async function writeTemplateFiles(templates: SeedTemplate[]): Promise<void> {
  for (const template of templates) {
    await fileStore.put(`templates/${template.fileName}`, Buffer.from(template.body.trimStart()), { contentType: "text/plain" });
  }
}

/** The demo lessons' own videos (content/media), into the uploads folder their sections point at. */
async function copyDemoVideos(sections: SeedSection[]) {
  for (const section of sections) {
    if (section.mediaFile) await fileStore.put(`videos/${path.basename(section.mediaFile)}`, fs.createReadStream(section.mediaFile));
  }
}

/** Fills an empty database with the demo academy (the Markdown under CONTENT_DIR); does nothing otherwise. */
export async function seedDemoData(): Promise<boolean> {
  if (!await isEmpty()) return false;
  // Read before anything is written, so a mistake in a content file leaves the database empty.
  const content = loadDemoContent(path.resolve(env.CONTENT_DIR));
  const [studentHash, premiumHash] = await Promise.all([
    hashPassword(DEMO_STUDENT.password),
    hashPassword(DEMO_PREMIUM.password),
  ]);
  await writeTemplateFiles(content.templates);
  await copyDemoVideos(content.courses.flatMap((course) => course.lessons.flatMap((lesson) => lesson.sections)));
  const now = Date.now();

  await withTransaction(async (tx) => {
    const admin = await first(tx.select().from(users).where(eq(users.role, "admin")).limit(1));
    if (!admin) throw new Error("Seeding needs an admin; ensureAdmin runs first");
    const insertUser = async (demo: typeof DEMO_STUDENT, passwordHash: string) =>
      await first(tx
        .insert(users)
        .values({ username: demo.username, passwordHash, role: "student", name: demo.name, firstName: demo.firstName, email: `${demo.username}@example.com` })
        .onConflictDoNothing()
        .returning()) ?? await first(tx.select().from(users).where(eq(users.username, demo.username)).limit(1));
    const student = await insertUser(DEMO_STUDENT, studentHash);
    const premium = await insertUser(DEMO_PREMIUM, premiumHash);
    if (!student || !premium) throw new Error("Could not create the demo students");
    const authors: Record<SeedAuthor, number> = { admin: admin.id, student: student.id, premium: premium.id };

    await tx.insert(subscriptions)
      .values({ userId: premium.id, plan: "premium", status: "active", monthlyFeeCents: PREMIUM_FEE_CENTS, startDate: new Date(now - 20 * DAY), currentPeriodEnd: new Date(now + 10 * DAY) })
      .onConflictDoNothing();
    for (const user of [student, premium]) {
      await tx.insert(activityEvents).values({ userId: user.id, type: "registration", summary: `${user.username} joined the Academy` });
    }

    for (const course of content.courses) {
      const { id: courseId } = await single(tx
        .insert(courses)
        // The demo courses came with the academy: nobody is told of them as new.
        .values({ title: course.title, description: course.description, imageUrl: course.imageUrl, level: course.level, rating: course.rating, duration: course.duration, isPremium: course.isPremium, announcedAt: new Date(now) })
        .returning({ id: courses.id }));
      for (const [lessonIndex, lesson] of course.lessons.entries()) {
        const { id: lessonId } = await single(tx
          .insert(lessons)
          .values({
            courseId,
            title: lesson.title,
            description: lesson.description,
            order: lessonIndex + 1,
            estimatedMinutes: 10 + lesson.sections.length * 5,
            releaseAfterDays: lesson.releaseAfterDays ?? null,
            releaseAt: lesson.releaseAt ?? null,
          })
          .returning({ id: lessons.id }));
        for (const [sectionIndex, section] of lesson.sections.entries()) {
          const { id: sectionId } = await single(tx
            .insert(contentSections)
            .values({ lessonId, type: section.type, title: section.title, content: section.content.trim(), url: section.url ?? null, order: sectionIndex + 1 })
            .returning({ id: contentSections.id }));
          for (const caption of section.captions ?? []) await tx.insert(captions).values({ sectionId, ...caption });
        }
        if (lesson.quiz) {
          const { questions, ...settings } = lesson.quiz;
          const { id: quizId } = await single(tx.insert(quizzes).values({ lessonId, ...settings }).returning({ id: quizzes.id }));
          await tx.insert(quizQuestions).values(quizQuestionRows(quizId, questions));
        }
        if (lesson.assignment) {
          const { id: assignmentId } = await single(tx.insert(assignments).values({ lessonId, ...lesson.assignment }).returning({ id: assignments.id }));
          if (lesson.demoSubmission) {
            const userId = authors[lesson.demoSubmission.author];
            await tx.insert(assignmentSubmissions).values({ assignmentId, userId, version: 1, text: lesson.demoSubmission.text.trim(), createdAt: new Date(now - DAY) });
          }
        }
      }
    }

    let minutesAgo = 60 * 24 * 12;
    for (const category of content.forumCategories) {
      const { id: categoryId } = await single(tx
        .insert(forumCategories)
        .values({ name: category.name, description: category.description, permission: category.permission, color: category.color })
        .returning({ id: forumCategories.id }));
      for (const topic of category.topics) {
        const created = new Date(now - minutesAgo * 60_000);
        const replyTimes = topic.replies.map((_, i) => new Date(created.getTime() + (i + 1) * 97 * 60_000));
        const { id: topicId } = await single(tx
          .insert(forumTopics)
          .values({
            categoryId,
            authorId: authors[topic.author],
            title: topic.title,
            content: topic.content.trim(),
            isPinned: topic.isPinned ?? false,
            isLocked: topic.isLocked ?? false,
            replyCount: topic.replies.length,
            createdAt: created,
            lastActivityAt: replyTimes.at(-1) ?? created,
          })
          .returning({ id: forumTopics.id }));
        for (const [i, reply] of topic.replies.entries()) {
          await tx.insert(forumReplies).values({ topicId, authorId: authors[reply.author], content: reply.content.trim(), createdAt: replyTimes[i] });
        }
        minutesAgo -= 60 * 11;
      }
    }

    for (const [i, article] of content.articles.entries()) {
      await tx.insert(knowledgeBaseArticles)
        .values({
          title: article.title,
          content: article.content.trim(),
          summary: article.summary,
          category: article.category,
          tags: JSON.stringify(article.tags),
          isPublished: article.isPublished,
          authorId: admin.id,
          viewCount: article.isPublished ? 12 + ((i * 37) % 140) : 0,
          createdAt: new Date(now - (content.articles.length - i) * 3 * DAY),
        });
    }

    for (const template of content.templates) {
      await tx.insert(toolTemplates)
        .values({
          title: template.title,
          description: template.description,
          category: template.category,
          fileUrl: `/uploads/templates/${template.fileName}`,
          fileName: template.fileName,
          fileType: "text/plain",
          isPremiumOnly: template.isPremiumOnly,
          uploadedBy: admin.id,
        });
    }

    const conference = content.conference;
    if (conference) {
      const scheduled = new Date(now + conference.daysFromNow * DAY);
      scheduled.setUTCHours(conference.hour, 0, 0, 0);
      await tx.insert(conferences)
        .values({
          title: conference.title,
          description: conference.description,
          scheduledAt: scheduled,
          duration: conference.duration,
          maxParticipants: conference.maxParticipants,
          isPremiumOnly: conference.isPremiumOnly,
          createdBy: admin.id,
        });
    }
  });
  logger.info("Seeded the demo academy (courses, forum, knowledge base, templates, a conference, two demo students).");
  return true;
}
