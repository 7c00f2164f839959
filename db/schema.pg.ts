// GENERATED from db/schema.ts by scripts/generate-pg-schema.ts (npm run db:schema:pg): do not edit.
// The same tables built with db/columns.pg.ts, PostgreSQL's column helpers.
import { sql } from "drizzle-orm";
import { bigInt, bool, bytes, check, id, index, int, isTrue, json, NOW, primaryKey, real, table, text, timestamp, uniqueIndex, type ColumnRef } from "./columns.pg";

// Every timestamp is read back as a Date (stored as Unix milliseconds on SQLite, timestamptz on PostgreSQL).
const createdAt = () =>
  timestamp("created_at")
    .notNull()
    .default(NOW);
const updatedAt = () =>
  timestamp("updated_at")
    .notNull()
    .default(NOW);
const flag = (name: string, initial: boolean) =>
  bool(name).notNull().default(initial);
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

// An instructor (issue 29) manages only the courses they are named on (course_instructors).
export const ROLES = ["student", "instructor", "admin"] as const;
export const COURSE_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export const SECTION_TYPES = ["text", "image", "video"] as const;
export const PLANS = ["basic", "premium"] as const;
export const SUBSCRIPTION_STATUSES = [
  "active",
  "incomplete",
  "past_due",
  "cancelled",
  "expired",
] as const;
export const FORUM_PERMISSIONS = ["base", "advanced"] as const;
export const FORUM_COLORS = [
  "8B5CF6",
  "059669",
  "DC2626",
  "D97706",
  "0891B2",
  "7C3AED",
] as const;
export const KB_CATEGORIES = [
  "Getting Started",
  "Business Tools",
  "Study Tips",
  "Community",
  "Membership",
  "Technical Support",
] as const;
export const TEMPLATE_CATEGORIES = ["tools", "templates", "calculators"] as const;
export const CHAT_ROLES = ["user", "assistant"] as const;
export const ACTIVITY_TYPES = [
  "registration",
  "course_started",
  "lesson_completed",
  "certificate_issued",
  "forum_topic",
  "forum_reply",
  "upgrade",
] as const;

export const users = table(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("student"),
    firstName: text("first_name"),
    name: text("name"),
    email: text("email"),
    // Shown beside an instructor's name on their courses (issue 29).
    bio: text("bio"),
    // The full name printed on certificates (issue 47); null: the display name is used.
    certificateName: text("certificate_name"),
    // When the member last chose that name (sign-up, settings or the certificate page's one-time
    // question); null: never asked, so their first certificate page asks.
    certificateNameConfirmedAt: timestamp("certificate_name_confirmed_at"),
    // An admin lets an instructor create courses of their own.
    canCreateCourses: flag("can_create_courses", false),
    // One Stripe trial per member, ever: set when a trial subscription begins.
    trialUsedAt: timestamp("trial_used_at"),
    moodTheme: text("mood_theme").notNull().default("celestial"),
    // JSON: { animationSpeed, particleEffects, soundEffects, glowIntensity }
    themeSettings: text("theme_settings"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_nocase").on(sql`lower(${t.username})`),
    // Email is optional; when given it is unique whatever its case.
    uniqueIndex("users_email_nocase").on(sql`lower(${t.email})`).where(sql`email is not null`),
    index("users_created").on(t.createdAt),
    check("users_role", inList("role", ROLES)),
  ],
);

export const sessions = table(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: int("user_id").references(() => users.id, { onDelete: "cascade" }),
    // Opaque JSON of what remix's session holds besides the user id.
    data: text("data").notNull().default("{}"),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

// A captcha token may be redeemed once; its nonce is kept here until it expires.
export const usedCaptchas = table("used_captchas", {
  nonce: text("nonce").primaryKey(),
  expiresAt: timestamp("expires_at").notNull(),
});

export const courses = table(
  "courses",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url"),
    level: text("level", { enum: COURSE_LEVELS }).notNull().default("Beginner"),
    rating: text("rating").notNull().default("4.5"),
    duration: text("duration").notNull(),
    isActive: flag("is_active", true),
    isPremium: flag("is_premium", false),
    // When members were told of the course (issue 47): the first time it was published with an active lesson. Null: not yet.
    announcedAt: timestamp("announced_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("courses_active").on(t.isActive, t.id), check("courses_level", inList("level", COURSE_LEVELS))],
);

export const lessons = table(
  "lessons",
  {
    id: id(),
    courseId: int("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    order: int("sort_order").notNull(),
    isActive: flag("is_active", true),
    // Expected study time; the portal counts it for a completed lesson with no measured time.
    estimatedMinutes: int("estimated_minutes").notNull().default(20),
    // Scheduled release (issue 29): days after the member started the course, and/or a fixed
    // date; the lesson opens when both that apply have passed. Null: open from the start.
    releaseAfterDays: int("release_after_days"),
    releaseAt: timestamp("release_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lessons_course_order").on(t.courseId, t.order),
    check("lessons_minutes", sql`estimated_minutes between 1 and 1440`),
    check("lessons_release_days", sql`release_after_days is null or release_after_days between 0 and 3650`),
  ],
);

// The instructors named on a course: they manage it (issue 29) and sign its certificates.
export const courseInstructors = table(
  "course_instructors",
  {
    courseId: int("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index("course_instructors_user").on(t.userId)],
);

export const contentSections = table(
  "content_sections",
  {
    id: id(),
    lessonId: int("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    type: text("type", { enum: SECTION_TYPES }).notNull(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    url: text("url"),
    order: int("sort_order").notNull(),
  },
  (t) => [
    index("sections_lesson_order").on(t.lessonId, t.order),
    check("sections_type", inList("type", SECTION_TYPES)),
  ],
);

export const userProgress = table(
  "user_progress",
  {
    id: id(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: int("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    isCompleted: flag("is_completed", false),
    progressPercentage: int("progress_percentage").notNull().default(0),
    startedAt: timestamp("started_at").notNull(),
    lastAccessedAt: timestamp("last_accessed_at").notNull(),
    completedAt: timestamp("completed_at"),
  },
  (t) => [
    uniqueIndex("progress_user_course").on(t.userId, t.courseId),
    index("progress_course").on(t.courseId),
    check("progress_range", sql`progress_percentage between 0 and 100`),
  ],
);

export const lessonCompletions = table(
  "lesson_completions",
  {
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: int("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index("completions_lesson").on(t.lessonId)],
);

// A lesson's quiz (issue 24): at most one per lesson. Passing it is what
// completes the lesson. Editing replaces its questions; attempts keep the
// score they were graded with (their results are stored with them).
export const QUESTION_TYPES = ["single", "multiple", "true_false", "short"] as const;
export const quizzes = table(
  "quizzes",
  {
    id: id(),
    lessonId: int("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    passingScore: int("passing_score").notNull(),
    // 0 = unlimited.
    maxAttempts: int("max_attempts").notNull().default(0),
    shuffle: flag("shuffle", false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("quizzes_lesson").on(t.lessonId),
    check("quizzes_passing_score", sql`passing_score between 0 and 100`),
    check("quizzes_max_attempts", sql`max_attempts >= 0`),
  ],
);

export const quizQuestions = table(
  "quiz_questions",
  {
    id: id(),
    quizId: int("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    position: int("position").notNull(),
    type: text("type", { enum: QUESTION_TYPES }).notNull(),
    prompt: text("prompt").notNull(),
    // JSON arrays: option texts; correct option indices; accepted short answers.
    options: json("options").$type<string[]>(),
    correct: json("correct").$type<number[]>(),
    accepted: json("accepted").$type<string[]>(),
    explanation: text("explanation"),
  },
  (t) => [index("quiz_questions_quiz").on(t.quizId, t.position), check("quiz_questions_type", inList("type", QUESTION_TYPES))],
);

export interface StoredQuestionResult {
  questionId: number;
  correct: boolean;
  explanation?: string;
}

export const quizAttempts = table(
  "quiz_attempts",
  {
    id: id(),
    quizId: int("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attemptNumber: int("attempt_number").notNull(),
    score: int("score").notNull(),
    passed: flag("passed", false),
    // Per question right or wrong, with its explanation, as graded then.
    results: json("results").notNull().$type<StoredQuestionResult[]>(),
    submittedAt: timestamp("submitted_at").notNull(),
  },
  (t) => [
    uniqueIndex("quiz_attempts_user_number").on(t.quizId, t.userId, t.attemptNumber),
    index("quiz_attempts_user").on(t.userId),
    check("quiz_attempts_score", sql`score between 0 and 100`),
  ],
);

export const ASSIGNMENT_KINDS = ["text", "file"] as const;
export const SUBMISSION_STATUSES = ["submitted", "passed", "revise"] as const;

export interface RubricCriterion {
  criterion: string;
  description: string;
  points: number;
}

export interface CriterionScore {
  criterion: string;
  points: number;
  maxPoints: number;
}

// A lesson's practice assignment (issue 45), reviewed by a person against its rubric.
export const assignments = table(
  "assignments",
  {
    id: id(),
    lessonId: int("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    instructions: text("instructions").notNull(),
    // Which of ASSIGNMENT_KINDS a submission may carry (text, a file, or both).
    kinds: json("kinds").notNull().$type<(typeof ASSIGNMENT_KINDS)[number][]>(),
    maxFileMb: int("max_file_mb").notNull().default(25),
    rubric: json("rubric").notNull().$type<RubricCriterion[]>(),
    passPoints: int("pass_points").notNull(),
    // Whether the lesson is completed only by a passed submission.
    required: flag("required", true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("assignments_lesson").on(t.lessonId),
    check("assignments_max_file_mb", sql`max_file_mb between 1 and 100`),
    check("assignments_pass_points", sql`pass_points >= 0`),
  ],
);

// Every version a member handed in, with its review. Versions count up per member and assignment.
export const assignmentSubmissions = table(
  "assignment_submissions",
  {
    id: id(),
    assignmentId: int("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: int("version").notNull(),
    status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("submitted"),
    text: text("text"),
    // The file, kept privately in the file store (folder "submissions"); name as the member sent it.
    fileKey: text("file_key"),
    fileName: text("file_name"),
    fileSize: int("file_size"),
    fileType: text("file_type"),
    reviewerId: int("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    // The rubric as it stood at the review, with the points given.
    scores: json("scores").$type<CriterionScore[]>(),
    totalPoints: int("total_points"),
    feedback: text("feedback"),
    createdAt: createdAt(),
    reviewedAt: timestamp("reviewed_at"),
  },
  (t) => [
    uniqueIndex("assignment_submissions_version").on(t.assignmentId, t.userId, t.version),
    // One version at a time awaits review: a second submission in parallel fails here.
    uniqueIndex("assignment_submissions_one_waiting").on(t.assignmentId, t.userId).where(sql`status = 'submitted'`),
    // The reviewers' queue, oldest first.
    index("assignment_submissions_queue").on(t.status, t.createdAt),
    index("assignment_submissions_user").on(t.userId),
    check("assignment_submissions_status", inList("status", SUBMISSION_STATUSES)),
    check("assignment_submissions_content", sql`text is not null or file_key is not null`),
  ],
);

// Questions and comments under a lesson (issue 46), with one level of replies.
export const lessonComments = table(
  "lesson_comments",
  {
    id: id(),
    lessonId: int("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    // A reply's question; null for a question or comment at the top.
    parentId: int("parent_id").references((): ColumnRef => lessonComments.id, { onDelete: "cascade" }),
    // Null once the author deleted their account: the comment stays, by "Former member".
    authorId: int("author_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    // The reply the asker (or a reviewer) marked as the answer to its question.
    isAnswer: flag("is_answer", false),
    // A question's latest activity (its own time, or its latest reply's): the discussion's order.
    lastActivityAt: timestamp("last_activity_at").notNull().default(NOW),
    // Hidden by a moderator: others read "removed by a moderator".
    hiddenAt: timestamp("hidden_at"),
    hiddenBy: int("hidden_by").references(() => users.id, { onDelete: "set null" }),
    // Deleted by its author while others' replies hang on it: kept, without its words, so they still read.
    deletedAt: timestamp("deleted_at"),
    editedAt: timestamp("edited_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("lesson_comments_lesson").on(t.lessonId, t.parentId, t.lastActivityAt),
    index("lesson_comments_parent").on(t.parentId),
    index("lesson_comments_author").on(t.authorId),
    // One answer per question.
    uniqueIndex("lesson_comments_one_answer").on(t.parentId).where(isTrue("is_answer")),
  ],
);

// A member told the moderators about a comment (issue 46); cleared when a moderator acts on it.
export const lessonCommentReports = table(
  "lesson_comment_reports",
  {
    commentId: int("comment_id")
      .notNull()
      .references(() => lessonComments.id, { onDelete: "cascade" }),
    reporterId: int("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.reporterId] }), index("lesson_comment_reports_reporter").on(t.reporterId)],
);

// Where a student stopped in an uploaded video, and time spent, per section.
export const sectionProgress = table(
  "section_progress",
  {
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sectionId: int("section_id")
      .notNull()
      .references(() => contentSections.id, { onDelete: "cascade" }),
    positionSeconds: real("position_seconds").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sectionId] })],
);

// Measured study time: seconds active on a lesson page, per member, lesson and day
// (academy time zone), credited by heartbeats (app/models/learning/learning-time.server.ts).
// course_id is kept beside the lesson for the per-course figures.
export const learningTime = table(
  "learning_time",
  {
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: int("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    courseId: int("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    day: text("day").notNull(), // YYYY-MM-DD (academy time zone)
    seconds: int("seconds").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId, t.day] }),
    index("learning_time_day").on(t.day),
    index("learning_time_user_course").on(t.userId, t.courseId),
  ],
);

// Where each member's heartbeat clock stands: credited time never overlaps, across tabs and lessons.
export const learningHeartbeats = table("learning_heartbeats", {
  userId: int("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  creditedUntil: timestamp("credited_until").notNull(),
});

// One star rating (1–5) per student per course; allowed once the course is started.
export const courseRatings = table(
  "course_ratings",
  {
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: int("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    rating: int("rating").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("course_ratings_course").on(t.courseId),
    check("course_ratings_range", sql`rating between 1 and 5`),
  ],
);

export const certificates = table(
  "certificates",
  {
    id: id(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: int("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    certificateNumber: text("certificate_number").notNull(),
    // Name and course title as they were when issued, so later edits do not rewrite history.
    recipientName: text("recipient_name").notNull(),
    courseTitle: text("course_title").notNull(),
    issuedAt: timestamp("issued_at").notNull(),
    isVerified: flag("is_verified", true),
    shareToken: text("share_token"),
    // For a course with quizzes: the member's average best score when it was issued (null: not assessed).
    averageScore: int("average_score"),
    // Set when the member changed their certificate name after it was issued (issue 47): the
    // number stays, the name is rewritten, and the certificate says when.
    reissuedAt: timestamp("reissued_at"),
  },
  (t) => [
    uniqueIndex("certificates_number").on(t.certificateNumber),
    uniqueIndex("certificates_user_course").on(t.userId, t.courseId),
    uniqueIndex("certificates_share").on(t.shareToken),
  ],
);

// The course's instructors when a certificate was issued: they sign it beside the founder (issue 29).
// The name is kept as it was, like the course title; the id lets deleting an account find every
// certificate that names the member, whatever they are called now or teach (issue 39).
export const certificateSignatories = table(
  "certificate_signatories",
  {
    certificateId: int("certificate_id")
      .notNull()
      .references(() => certificates.id, { onDelete: "cascade" }),
    // The order they sign in: the course's instructors' order at issue.
    position: int("position").notNull(),
    // Null once the member's account is gone (the name then says "Former instructor"), or for a
    // certificate issued before ids were kept whose name matched no one (migration 0021).
    instructorId: int("instructor_id").references(() => users.id, { onDelete: "set null" }),
    instructorName: text("instructor_name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.certificateId, t.position] }), index("certificate_signatories_instructor").on(t.instructorId)],
);

export const subscriptions = table(
  "subscriptions",
  {
    id: id(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: PLANS }).notNull().default("basic"),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    monthlyFeeCents: int("monthly_fee_cents").notNull().default(0),
    // Granted by an admin without payment: never counted as revenue.
    isComped: flag("is_comped", false),
    cancelAtPeriodEnd: flag("cancel_at_period_end", false),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    startDate: timestamp("start_date").notNull(),
    currentPeriodEnd: timestamp("current_period_end"),
    // Stripe's free trial (STRIPE_TRIAL_DAYS, issue 29): when it ends, while it runs.
    trialEndsAt: timestamp("trial_ends_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_user").on(t.userId),
    uniqueIndex("subscriptions_stripe").on(t.stripeSubscriptionId),
    index("subscriptions_plan_status").on(t.plan, t.status),
    check("subscriptions_plan", inList("plan", PLANS)),
    check("subscriptions_status", inList("status", SUBSCRIPTION_STATUSES)),
  ],
);

// Stripe webhook events already applied, so a redelivery changes nothing.
export const stripeEvents = table("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});

export const calculatorRecords = table("calculator_records", {
  userId: int("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  personalSales: real("personal_sales").notNull().default(0),
  storeSales: real("store_sales").notNull().default(0),
  referredAdvisors: real("referred_advisors").notNull().default(0),
  referredAdvisorSales: real("referred_advisor_sales").notNull().default(0),
  referredClients: real("referred_clients").notNull().default(0),
  referredClientPurchases: real("referred_client_purchases").notNull().default(0),
  updatedAt: updatedAt(),
});

export const forumCategories = table(
  "forum_categories",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    permission: text("permission", { enum: FORUM_PERMISSIONS }).notNull().default("base"),
    color: text("color").notNull().default("8B5CF6"),
    /** Its topics, kept by triggers (migration 0012) so listings count nothing per request. */
    topicCount: int("topic_count").notNull().default(0),
    createdAt: createdAt(),
  },
  () => [
    check("forum_categories_permission", inList("permission", FORUM_PERMISSIONS)),
    check("forum_categories_color", inList("color", FORUM_COLORS)),
  ],
);

export const forumTopics = table(
  "forum_topics",
  {
    id: id(),
    categoryId: int("category_id")
      .notNull()
      .references(() => forumCategories.id, { onDelete: "cascade" }),
    // Null once the author deleted their account: the post stays, by "Former member".
    authorId: int("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    isPinned: flag("is_pinned", false),
    isLocked: flag("is_locked", false),
    // Kept in step with forum_replies inside the same transaction, so lists need no COUNT.
    replyCount: int("reply_count").notNull().default(0),
    lastActivityAt: timestamp("last_activity_at").notNull(),
    // Set when the author changes the title or body; shown as "edited".
    editedAt: timestamp("edited_at"),
    // Set when the author deleted a topic others had replied to: it stays as a stub.
    deletedAt: timestamp("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("topics_category_listing").on(t.categoryId, t.isPinned, t.lastActivityAt),
    // The community home's latest topics across categories (issue 47), read newest first.
    index("topics_latest").on(t.lastActivityAt, t.id),
    index("topics_author").on(t.authorId),
  ],
);

export const forumReplies = table(
  "forum_replies",
  {
    id: id(),
    topicId: int("topic_id")
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    // Null once the author deleted their account (see forum_topics).
    authorId: int("author_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    editedAt: timestamp("edited_at"),
    createdAt: createdAt(),
  },
  (t) => [index("replies_topic").on(t.topicId, t.id), index("replies_author").on(t.authorId)],
);

export const knowledgeBaseArticles = table(
  "knowledge_base_articles",
  {
    id: id(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    summary: text("summary").notNull(),
    category: text("category", { enum: KB_CATEGORIES }).notNull(),
    // JSON-encoded list of strings, as the spec stores it.
    tags: text("tags").notNull().default("[]"),
    isPublished: flag("is_published", false),
    authorId: int("author_id").references(() => users.id, { onDelete: "set null" }),
    viewCount: int("view_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("kb_published").on(t.isPublished, t.createdAt),
    // The categories in use are read on every knowledge-base page: from this index, not the whole table.
    index("kb_published_category").on(t.isPublished, t.category),
    check("kb_category", inList("category", KB_CATEGORIES)),
  ],
);

/**
 * How many articles each (published, category) pair has, kept by triggers on
 * knowledge_base_articles (migration 0011), so a listing's page links need no
 * count over every article (issue 15). Rows stay at n = 0 when emptied.
 */
export const knowledgeBaseArticleCounts = table(
  "kb_article_counts",
  {
    isPublished: bool("is_published").notNull(),
    category: text("category", { enum: KB_CATEGORIES }).notNull(),
    n: int("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.isPublished, t.category] })],
);

export const conferences = table(
  "conferences",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    scheduledAt: timestamp("scheduled_at").notNull(),
    duration: int("duration").notNull().default(60),
    maxParticipants: int("max_participants").notNull().default(100),
    isRecorded: flag("is_recorded", true),
    isLive: flag("is_live", false),
    isPremiumOnly: flag("is_premium_only", false),
    isRecording: flag("is_recording", false),
    /** When the current recording began; its duration is measured from here. */
    recordingStartedAt: timestamp("recording_started_at"),
    startedAt: timestamp("started_at"),
    endedAt: timestamp("ended_at"),
    // When members were reminded (15 minutes before): set once, so a restart never reminds twice.
    remindedAt: timestamp("reminded_at"),
    createdBy: int("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("conferences_schedule").on(t.isLive, t.endedAt, t.scheduledAt),
    // One live session at a time, kept by the database even if two admins press Start together.
    uniqueIndex("conferences_one_live").on(t.isLive).where(isTrue("is_live")),
    check("conferences_duration", sql`duration >= 1`),
    check("conferences_participants", sql`max_participants >= 1`),
  ],
);

export const RECORDING_STATUSES = ["recording", "ready", "failed"] as const;

export const recordings = table(
  "recordings",
  {
    id: id(),
    conferenceId: int("conference_id").references(() => conferences.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    duration: int("duration").notNull().default(0),
    /** The spec's file name (conference-{id}-{time}.webm); the file lives under UPLOADS_DIR/recordings. */
    recordingUrl: text("recording_url"),
    sizeBytes: bigInt("size_bytes").notNull().default(0),
    mimeType: text("mime_type").notNull().default("video/webm"),
    /** "recording" while chunks arrive, "ready" once finalised, "failed" if finalising could not finish. */
    status: text("status", { enum: RECORDING_STATUSES }).notNull().default("ready"),
    /** Copied from the conference, so the rule survives the conference being deleted. */
    isPremiumOnly: flag("is_premium_only", false),
    createdAt: createdAt(),
  },
  (t) => [index("recordings_created").on(t.createdAt), index("recordings_conference").on(t.conferenceId)],
);

/**
 * Captions of an uploaded lesson video (a video section) or of a session
 * recording (issue 38): one WebVTT text per language, already checked and
 * with cue markup stripped (app/utils/captions.ts), so serving it is safe.
 * A section's captions follow its video when the lesson is saved again
 * (updateLesson rebuilds the sections), see app/models/learning/caption-store.server.ts.
 */
export const captions = table(
  "captions",
  {
    id: id(),
    sectionId: int("section_id").references(() => contentSections.id, { onDelete: "cascade" }),
    recordingId: int("recording_id").references(() => recordings.id, { onDelete: "cascade" }),
    /** A BCP 47 tag in its canonical case (en, pt-BR). */
    language: text("language").notNull(),
    label: text("label").notNull(),
    vtt: text("vtt").notNull(),
    /** Made by the speech-to-text provider and not yet saved by an author. */
    generated: flag("generated", false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("captions_section_language").on(t.sectionId, t.language),
    uniqueIndex("captions_recording_language").on(t.recordingId, t.language),
    check("captions_one_owner", sql`(section_id is null) <> (recording_id is null)`),
  ],
);

/** Live chat of a conference; kept after the session so the host can read it back. */
export const conferenceMessages = table(
  "conference_messages",
  {
    id: id(),
    conferenceId: int("conference_id")
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    userId: int("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The name shown when the message was sent, so it survives the account. */
    authorName: text("author_name").notNull(),
    isHost: flag("is_host", false),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("conference_messages_room").on(t.conferenceId, t.id)],
);

/**
 * Questions members ask a live session (issue 28), upvoted by others and
 * marked answered or hidden by the host; kept with the session, shown beside
 * its recording afterwards.
 */
export const conferenceQuestions = table(
  "conference_questions",
  {
    id: id(),
    conferenceId: int("conference_id")
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    /** Null once the author deleted their account: the question stays, by "Former member". */
    userId: int("user_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    answeredAt: timestamp("answered_at"),
    hiddenAt: timestamp("hidden_at"),
    createdAt: createdAt(),
  },
  (t) => [index("conference_questions_room").on(t.conferenceId, t.id)],
);

/** One upvote per member and question. */
export const conferenceQuestionVotes = table(
  "conference_question_votes",
  {
    questionId: int("question_id")
      .notNull()
      .references(() => conferenceQuestions.id, { onDelete: "cascade" }),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] }), index("conference_question_votes_user").on(t.userId)],
);

/** A member's secret calendar-feed address; deleting the row revokes it. */
export const calendarFeeds = table("calendar_feeds", {
  userId: int("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A single-use password-reset link: only a SHA-256 hash of its token is kept,
 * so a copy of the database cannot be used to take over accounts.
 */
export const passwordResets = table(
  "password_resets",
  {
    id: id(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    /** The admin who made the link to pass on by hand; null when it was emailed. */
    createdByAdmin: int("created_by_admin").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user").on(t.userId)],
);

export const toolTemplates = table(
  "tool_templates",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category", { enum: TEMPLATE_CATEGORIES }).notNull(),
    fileUrl: text("file_url").notNull(),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull().default("application/octet-stream"),
    isPremiumOnly: flag("is_premium_only", false),
    isActive: flag("is_active", true),
    downloadCount: int("download_count").notNull().default(0),
    uploadedBy: int("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("templates_listing").on(t.isActive, t.category),
    check("templates_category", inList("category", TEMPLATE_CATEGORIES)),
  ],
);

export const chatMessages = table(
  "chat_messages",
  {
    id: id(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: CHAT_ROLES }).notNull(),
    content: text("content").notNull(),
    courseTitle: text("course_title"),
    lessonTitle: text("lesson_title"),
    // The answer's sources as JSON (assistant messages), so a reopened conversation keeps its citations.
    sources: text("sources").notNull().default("[]"),
    createdAt: createdAt(),
  },
  (t) => [index("chat_user_time").on(t.userId, t.createdAt), check("chat_role", inList("role", CHAT_ROLES))],
);

export const COMPANION_SOURCE_KINDS = ["lesson", "article", "template"] as const;

/**
 * The study companion's library: lesson sections, knowledge-base articles and
 * tools & templates cut into passages of a few hundred words, searched through companion_fts
 * (db/migrations). Who may read a passage is decided when it is read, from
 * the live lesson, course and article rows (app/models/companion/companion-library.server.ts).
 */
export const companionChunks = table(
  "companion_chunks",
  {
    id: id(),
    kind: text("kind", { enum: COMPANION_SOURCE_KINDS }).notNull(),
    courseId: int("course_id").references(() => courses.id, { onDelete: "cascade" }),
    lessonId: int("lesson_id").references(() => lessons.id, { onDelete: "cascade" }),
    sectionId: int("section_id").references(() => contentSections.id, { onDelete: "cascade" }),
    // 1-based place of the section in its lesson: the player's ?section=.
    sectionNumber: int("section_number"),
    articleId: int("article_id").references(() => knowledgeBaseArticles.id, { onDelete: "cascade" }),
    // A tool or template of the Resources area: its description and, for a text file, its contents.
    templateId: int("template_id").references(() => toolTemplates.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    heading: text("heading"),
    body: text("body").notNull(),
    // A passage of a video's transcript (issue 38): the second its first cue starts, cited as ?t=.
    startSeconds: int("start_seconds"),
  },
  (t) => [
    index("companion_chunks_lesson").on(t.lessonId),
    index("companion_chunks_article").on(t.articleId),
    index("companion_chunks_template").on(t.templateId),
    check("companion_chunks_kind", inList("kind", COMPANION_SOURCE_KINDS)),
  ],
);

/**
 * One embedding per library passage and model (issue 40): the provider's
 * vector as little-endian float32s, with the model that made it and a hash of
 * the text it was made from, so a changed passage or model is embedded again
 * (app/models/companion/companion-embeddings.server.ts).
 */
export const companionEmbeddings = table(
  "companion_embeddings",
  {
    chunkId: int("chunk_id")
      .notNull()
      .references(() => companionChunks.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    textHash: text("text_hash").notNull(),
    dimensions: int("dimensions").notNull(),
    vector: bytes("vector").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chunkId, t.model] }), index("companion_embeddings_model").on(t.model)],
);

export const COMPANION_MODES = ["provider", "offline"] as const;
export const COMPANION_OUTCOMES = ["answered", "no_answer", "refused", "fallback", "stopped", "error"] as const;

/** One row per question asked: what it cost and what it cited. The question text only when the admin opts in. */
export const companionUsage = table(
  "companion_usage",
  {
    id: id(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: COMPANION_MODES }).notNull(),
    model: text("model"),
    promptTokens: int("prompt_tokens").notNull().default(0),
    completionTokens: int("completion_tokens").notNull().default(0),
    latencyMs: int("latency_ms").notNull().default(0),
    outcome: text("outcome", { enum: COMPANION_OUTCOMES }).notNull(),
    citedChunkIds: text("cited_chunk_ids").notNull().default("[]"),
    question: text("question"),
    createdAt: createdAt(),
  },
  (t) => [
    index("companion_usage_user_time").on(t.userId, t.createdAt),
    index("companion_usage_time").on(t.createdAt),
    check("companion_usage_mode", inList("mode", COMPANION_MODES)),
    check("companion_usage_outcome", inList("outcome", COMPANION_OUTCOMES)),
  ],
);

export const PREMIUM_REQUEST_OUTCOMES = ["granted", "dismissed"] as const;

/** A free member asks for Premium while online payments are off; an admin grants or dismisses it. */
export const premiumRequests = table(
  "premium_requests",
  {
    id: id(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message"),
    createdAt: createdAt(),
    handledAt: timestamp("handled_at"),
    handledBy: int("handled_by").references(() => users.id, { onDelete: "set null" }),
    outcome: text("outcome", { enum: PREMIUM_REQUEST_OUTCOMES }),
  },
  (t) => [
    // One open request per member: the database keeps the rule even if two requests race.
    uniqueIndex("premium_requests_one_open").on(t.userId).where(sql`handled_at is null`),
    index("premium_requests_open_time").on(t.handledAt, t.createdAt),
    check("premium_requests_outcome", sql`outcome is null or outcome in ('granted', 'dismissed')`),
  ],
);

/** Small academy-wide settings an admin edits (the contact address), one row per key. */
export const academySettings = table("academy_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

// What happened, for the admin's Recent Activity and the analytics charts.
export const activityEvents = table(
  "activity_events",
  {
    id: id(),
    userId: int("user_id").references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ACTIVITY_TYPES }).notNull(),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("activity_time").on(t.createdAt), index("activity_type_time").on(t.type, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Course = typeof courses.$inferSelect;
export type Lesson = typeof lessons.$inferSelect;
export type ContentSection = typeof contentSections.$inferSelect;

// Notifications (issue 25): a row per recipient and event, read in the app
// (the bell, /notifications) and sent by email per the member's preference.
export const NOTIFICATION_TYPES = [
  "forum_reply",
  "mention",
  "live_session",
  "course_new",
  "certificate",
  "premium",
  "moderation",
  "lesson_released",
  "assignment_submitted",
  "assignment_reviewed",
  "lesson_question",
  "lesson_reply",
] as const;
export const notifications = table(
  "notifications",
  {
    id: id(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    title: text("title").notNull(),
    body: text("body"),
    url: text("url").notNull(),
    // One unread row per key (a topic's replies, a session's reminder): later events update it.
    groupKey: text("group_key"),
    // How many events the row stands for (new replies in a topic).
    count: int("count").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readAt: timestamp("read_at"),
  },
  (t) => [
    // A member's page of notifications, newest first, read from the index (no sort): all of them,
    // or the unread ones (read_at is null), whose count the bell also reads from the second.
    index("notifications_user_recent").on(t.userId, t.updatedAt, t.id),
    index("notifications_user_unread").on(t.userId, t.readAt, t.updatedAt, t.id),
    // The rows one event just created (their instant emails are queued by this).
    index("notifications_created").on(t.createdAt),
    uniqueIndex("notifications_unread_group").on(t.userId, t.groupKey).where(sql`read_at is null and group_key is not null`),
    check("notifications_type", inList("type", NOTIFICATION_TYPES)),
  ],
);

// A member was told that a scheduled lesson opened for them (issue 29): once per member and lesson.
export const lessonReleaseNotices = table(
  "lesson_release_notices",
  {
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: int("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index("lesson_release_notices_lesson").on(t.lessonId)],
);

export const EMAIL_FREQUENCIES = ["instant", "daily", "weekly", "off"] as const;
export const notificationPreferences = table(
  "notification_preferences",
  {
    userId: int("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    forumReplies: text("forum_replies", { enum: EMAIL_FREQUENCIES }).notNull().default("instant"),
    mentions: text("mentions", { enum: EMAIL_FREQUENCIES }).notNull().default("instant"),
    liveSessions: text("live_sessions", { enum: EMAIL_FREQUENCIES }).notNull().default("instant"),
    newCourses: text("new_courses", { enum: EMAIL_FREQUENCIES }).notNull().default("weekly"),
    // Assignments (issue 45): submissions to review, and reviews of one's own work.
    assignments: text("assignments", { enum: EMAIL_FREQUENCIES }).notNull().default("instant"),
    // Unsubscribe links carry a signature over this key: a new key revokes every link sent before.
    unsubscribeKey: text("unsubscribe_key").notNull(),
    // The digest slots already covered (a slot is the DIGEST_HOUR of a day, or of a Monday).
    lastDailyDigestAt: timestamp("last_daily_digest_at"),
    lastWeeklyDigestAt: timestamp("last_weekly_digest_at"),
  },
);

// The durable outbox: an email is a row first; the worker writes it (a
// notification's email is written when it is sent, from the notification),
// sends it, retries with backoff, and never sends a row marked sent again.
export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export const OUTBOX_KINDS = ["notification", "digest", "test"] as const;
export const emailOutbox = table(
  "email_outbox",
  {
    id: id(),
    kind: text("kind", { enum: OUTBOX_KINDS }).notNull(),
    userId: int("user_id").references(() => users.id, { onDelete: "cascade" }),
    notificationId: int("notification_id").references(() => notifications.id, { onDelete: "set null" }),
    // One email per purpose ("notification:12", "digest:3:2026-11-26T08:00:00.000Z", "test:…").
    dedupeKey: text("dedupe_key").notNull(),
    to: text("to_address").notNull(),
    // Written when queued (digests, test emails) or when sent (notifications).
    subject: text("subject"),
    text: text("text_body"),
    html: text("html_body"),
    unsubscribeUrl: text("unsubscribe_url"),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("queued"),
    attempts: int("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at").notNull(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at"),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe").on(t.dedupeKey),
    index("email_outbox_due").on(t.status, t.nextAttemptAt),
    check("email_outbox_status", inList("status", OUTBOX_STATUSES)),
    check("email_outbox_kind", inList("kind", OUTBOX_KINDS)),
  ],
);

// --- Shared by every academy process (issue 41) --------------------------------

// The limits' counters (rate-limiter-flexible's RateLimiterSQLite reads and writes
// this table itself), so a limit holds across all the academy's processes.
export const rateLimits = table("rate_limits", {
  key: text("key").primaryKey(),
  points: int("points").notNull().default(0),
  // Unix milliseconds; null: never expires.
  expire: bigInt("expire"),
});

// Who has a hand up and who may speak in a live session (issue 28): any
// process's API call changes it, the process holding the room reads it.
export const STAGE_ROLES = ["hand", "speaker"] as const;
export const liveStage = table(
  "live_stage",
  {
    conferenceId: int("conference_id")
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: STAGE_ROLES }).notNull(),
    name: text("name").notNull(),
    at: timestamp("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.conferenceId, t.userId] }), check("live_stage_role", inList("role", STAGE_ROLES))],
);

// A named piece of work one process at a time may do (a recording's file being
// written, start-up sweeps): held until released or until it expires, so a
// process killed while holding one blocks nobody for long.
export const leases = table("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
});

// Bus messages too large for a PostgreSQL NOTIFY (issue 44): the notification
// carries only the row's id, every academy process reads the row, and rows are
// removed a few minutes later. Unused on SQLite, where the bus is node:cluster IPC.
export const busMessages = table("bus_messages", {
  id: id(),
  channel: text("channel").notNull(),
  payload: text("payload").notNull(),
  createdAt: timestamp("created_at").notNull().default(NOW),
}, (t) => [index("bus_messages_created_at_idx").on(t.createdAt)]);

// Who is in each live room now, written by the process holding the room (its
// owner, issue 41) before the member is welcomed, so the admission rule reads
// the same headcount in every process. Emptied at start (an instance's own rows,
// and those of instances gone), and per worker when that worker starts again.
export const liveRoomMembers = table(
  "live_room_members",
  {
    participantId: text("participant_id").primaryKey(),
    conferenceId: int("conference_id")
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    worker: int("worker").notNull(),
    // Which academy instance holds the room (issue 44: several servers on one
    // PostgreSQL database); each instance forgets only its own rows at start.
    instance: text("instance").notNull().default(""),
  },
  (t) => [index("live_room_members_conference").on(t.conferenceId, t.userId)],
);

// The catalogue's version (issue 43): one row whose number triggers raise on
// every write to the catalogue's tables (courses, lessons, content sections,
// quizzes and their questions, assignments, course ratings), by the academy or
// anything else that writes to the database. Every page view reads it with its
// session, so the catalogue kept in each process's memory
// (app/models/learning/catalogue-cache.server.ts) knows when to read again.
export const catalogueVersion = table("catalogue_version", {
  id: int("id").primaryKey(),
  version: int("version").notNull().default(0),
});
