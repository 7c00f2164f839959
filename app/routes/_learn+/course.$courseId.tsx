import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { BookOpen, CalendarClock, CheckCircle2, Circle, Clock, Crown, GraduationCap, LogIn, MessageCircleQuestion, Sparkles } from "~/components/ui/icons";
import { levelBadgeClasses } from "~/components/course-card";
import { CourseImage } from "~/components/course-image";
import { RatingBadge } from "~/components/course-rating";
import { CourseRatingForm } from "~/components/learning/course-rating-form";
import { CourseDetailSkeleton, useLoadingCoursePage } from "~/components/learning/course-skeleton";
import { GeneralErrorBoundary, StatusPanel } from "~/components/error-boundary";
import { ProgressBar } from "~/components/learning/progress-bar";
import { parseRouteId } from "~/components/learning/route-params";
import { PremiumOffer } from "~/components/premium/premium-offer";
import { PaymentsOffNotice, UpgradeDialogLink } from "~/components/premium/upgrade-dialog";
import { buttonClasses } from "~/components/ui/button";
import { findCourseForViewer, isCourseLocked, listOutlineForViewer } from "~/models/learning/access.server";
import { canManageCourse, listCourseInstructors } from "~/models/learning/course-staff.server";
import { latestOpenQuestions, listReportedComments, openQuestionCounts } from "~/models/community/lesson-discussion.server";
import { PAYMENTS_OFF_MESSAGE, paymentsEnabled } from "~/models/billing/billing.server";
import { ratingDetail, shownRating } from "~/models/learning/course-rating";
import { getMemberRating, rateCourse, RatingRefusal } from "~/models/learning/course-rating.server";
import { releaseLabel } from "~/models/learning/lesson-release";
import { getCertificateNumberForCourse } from "~/models/learning/certificate.server";
import { findResumeLesson, getProgress, listCompletedLessonIds, startCourse } from "~/models/learning/progress.server";
import { CourseRatingSchema, RATE_INTENT } from "~/schemas/course-rating";
import { getOptionalUser, requireUser } from "~/services/auth.server";
import { initials, invariantResponse } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";
import { publicPageHeaders } from "~/utils/page-cache";
import { AppLink } from "~/components/ui/app-link";
import { viewerTimeZone } from "~/utils/time-zone.server";
import { discussionHref } from "~/schemas/lesson-discussion";

const NOT_FOUND = "Course Not Found";

// The same for every visitor: kept a few seconds for anonymous requests (server/page-cache.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.course.title} — Mystic Academy` : `${NOT_FOUND} — Mystic Academy` },
  ...(data ? [{ name: "description", content: data.course.description }] : []),
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const courseId = parseRouteId(params.courseId);
  const found = courseId === null ? undefined : await findCourseForViewer(courseId, user);
  invariantResponse(found, NOT_FOUND, { status: 404 });
  const course = { ...found, instructors: await listCourseInstructors(found.id) };
  // A Premium course is shown to everyone, but only members with Premium (and admins) may take it.
  const locked = await isCourseLocked(course, user);
  const paymentsOffMessage = paymentsEnabled() ? null : PAYMENTS_OFF_MESSAGE;
  if (!user || locked) return json({ course, locked, signedIn: Boolean(user), paymentsOffMessage, learner: null, discussions: null });
  const completed = new Set(await listCompletedLessonIds(user.id, course.id));
  const progress = await getProgress(user.id, course.id);
  const openQuestions = await openQuestionCounts(course.id);
  // The course's instructors and admins see what waits for them in its lesson discussions (issue 46).
  const moderating = await canManageCourse(user, course.id);
  return json({
    course,
    locked,
    signedIn: true,
    paymentsOffMessage,
    learner: {
      enrolled: Boolean(progress),
      // Only a student who has started the course may rate it (course-rating.server.ts).
      yourRating: progress ? await getMemberRating(user.id, course.id) : null,
      percentage: progress?.progressPercentage ?? 0,
      // A finished course leads to its certificate (issue 47).
      certificateNumber: progress?.isCompleted ? await getCertificateNumberForCourse(user.id, course.id) : null,
      // A lesson not released for this member says when it opens, in their time zone.
      lessons: (await listOutlineForViewer(course, user)).map(({ id, title, release }) => ({
        id,
        title,
        done: completed.has(id),
        opens: releaseLabel(release, viewerTimeZone(request)),
        // A lesson not open for this member keeps its discussion to itself, its size too.
        openQuestions: release.status === "open" ? (openQuestions[id] ?? 0) : 0,
      })),
    },
    discussions: moderating ? { unanswered: await latestOpenQuestions(course.id), reported: await listReportedComments(course.id) } : null,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const courseId = parseRouteId(params.courseId);
  const found = courseId === null ? undefined : await findCourseForViewer(courseId, user);
  invariantResponse(found, NOT_FOUND, { status: 404 });
  const course = { ...found, instructors: await listCourseInstructors(found.id) };
  const formData = await readForm(request);
  if (formData.get("intent") === RATE_INTENT) return await rateFromForm(formData, user, course.id);
  invariantResponse(formData.get("intent") === "start", "Unknown action", { status: 400 });
  if (await isCourseLocked(course, user)) {
    return await redirectWithToast("/upgrade", { type: "error", title: "Premium course", description: "This course is part of Premium. Upgrade to start it." });
  }

  const returning = Boolean(await getProgress(user.id, course.id));
  await startCourse(user.id, course.id);
  const resumeAt = await findResumeLesson(user, course.id);
  if (!resumeAt && course.lessons > 0) {
    // Every lesson is scheduled for later (issue 29): the outline says when each opens.
    return await redirectWithToast(`/course/${course.id}`, {
      type: "message",
      title: "No lesson is open yet",
      description: "Your lessons open on the dates shown in the course outline.",
    });
  }
  if (!resumeAt) {
    return await redirectWithToast(`/course/${course.id}`, {
      type: "error",
      title: "No lessons yet",
      description: "This course has no lessons yet. Please check back soon.",
    });
  }
  const lessonPath = `/course/${course.id}/lesson/${resumeAt.id}`;
  if (returning) return redirect(lessonPath);
  return await redirectWithToast(lessonPath, { type: "success", title: "Course started", description: `Welcome to ${course.title}.` });
}

/** The rating form's post: the same rule as PUT /api/courses/{id}/rating. */
async function rateFromForm(formData: FormData, user: { id: number }, courseId: number) {
  const submission = parseWithZod(formData, { schema: CourseRatingSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await rateCourse(user.id, courseId, submission.value.rating);
  } catch (error) {
    if (!(error instanceof RatingRefusal)) throw error;
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
  const stars = submission.value.rating;
  return await redirectWithToast(`/course/${courseId}`, {
    type: "success",
    title: "Thank you for rating",
    description: `You rated this course ${stars} ${stars === 1 ? "star" : "stars"}.`,
  });
}

const LEARNING_OUTCOMES = [
  "The core ideas and vocabulary of the subject, explained step by step",
  "Practical exercises you can bring into your own readings and sessions",
  "How to share insights with clients clearly, kindly and responsibly",
  "Habits that build trust, confidence and a sustainable practice",
];

type LoaderData = SerializeFrom<typeof loader>;

/** In place of Start Learning when the course needs Premium the viewer does not have. */
function PremiumCoursePanel({ course, paymentsOffMessage, signedIn }: Pick<LoaderData, "course" | "paymentsOffMessage"> & { signedIn: boolean }) {
  return (
    <section className="card space-y-4 border-accent/50" aria-labelledby="premium-course-title" data-testid="premium-course-panel">
      <h2 id="premium-course-title" className="flex items-center gap-2 font-display text-xl">
        <Crown className="h-5 w-5 text-accent" aria-hidden /> Premium Course
      </h2>
      {signedIn ? (
        <>
          <p className="opacity-85">This course is part of Premium. Upgrade to start it.</p>
          <PremiumOffer />
          {paymentsOffMessage ? (
            <PaymentsOffNotice message={paymentsOffMessage} />
          ) : (
            <UpgradeDialogLink paymentsOffMessage={null} className={buttonClasses("primary", "w-full")}>
              <Crown className="h-4 w-4" aria-hidden /> Upgrade to Premium
            </UpgradeDialogLink>
          )}
        </>
      ) : (
        <>
          <p className="opacity-85">This course is part of Premium. Please log in first, then upgrade to Premium to start it.</p>
          <AppLink to={`/login?redirect=/course/${course.id}`} className={buttonClasses("primary", "w-full")}>
            <LogIn className="h-4 w-4" aria-hidden /> Log In to Continue
          </AppLink>
        </>
      )}
    </section>
  );
}

function StartLearningPanel({ course, learner }: LoaderData) {
  const navigation = useNavigation();
  const starting = navigation.state !== "idle" && navigation.formData?.get("intent") === "start";
  return (
    <section className="card space-y-4" aria-labelledby="start-learning-title">
      <h2 id="start-learning-title" className="font-display text-xl">
        Start Learning
      </h2>
      {learner ? (
        <>
          <div>
            <div className="mb-1 flex justify-between text-sm">
              <span>Your progress</span>
              <span data-testid="course-progress">{learner.percentage}%</span>
            </div>
            <ProgressBar value={learner.percentage} label="Course progress" />
          </div>
          {learner.lessons.length > 0 ? (
            <ol className="space-y-1" aria-label="Lessons">
              {learner.lessons.map((lesson, index) => (
                <li key={lesson.id}>
                  {lesson.opens ? (
                    <p className="flex items-start gap-2 rounded-md px-2 py-1.5 text-sm" data-testid="locked-lesson">
                      <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 opacity-60" aria-hidden />
                      <span className="flex-1">
                        <span className="opacity-75">
                          {index + 1}. {lesson.title}
                        </span>
                        <span className="block text-xs text-accent">{lesson.opens}</span>
                      </span>
                    </p>
                  ) : (
                  <AppLink
                    to={`/course/${course.id}/lesson/${lesson.id}`}
                    className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-primary/15"
                  >
                    {lesson.done ? (
                      <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-300" aria-label="Done" />
                    ) : (
                      <Circle className="h-4 w-4 shrink-0 opacity-50" aria-hidden />
                    )}
                    <span className="flex-1">
                      {index + 1}. {lesson.title}
                    </span>
                    {lesson.openQuestions > 0 ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-accent/15 px-2 py-0.5 text-xs" data-testid="open-questions">
                        <MessageCircleQuestion className="h-3.5 w-3.5" aria-hidden />
                        {lesson.openQuestions}
                        <span className="sr-only">{lesson.openQuestions === 1 ? " open question" : " open questions"}</span>
                      </span>
                    ) : null}
                    {lesson.done ? <span aria-hidden>✓</span> : null}
                  </AppLink>
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm opacity-75">Lessons for this course are being prepared.</p>
          )}
          {learner.certificateNumber ? (
            <AppLink to={`/certificates/${learner.certificateNumber}`} className={buttonClasses("primary", "w-full")} data-testid="course-certificate">
              <GraduationCap className="h-4 w-4" aria-hidden /> Completed — view certificate
            </AppLink>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="start" />
              <button type="submit" className={buttonClasses("primary", "w-full")} disabled={starting}>
                {starting ? "Opening..." : learner.enrolled ? "Continue Learning" : "Start Course"}
              </button>
            </Form>
          )}
        </>
      ) : (
        <>
          <p className="opacity-80">Please log in to start this course</p>
          <AppLink to={`/login?redirect=/course/${course.id}`} className={buttonClasses("primary", "w-full")}>
            <LogIn className="h-4 w-4" aria-hidden /> Log In to Enroll
          </AppLink>
        </>
      )}
    </section>
  );
}

/** For the course's instructors and admins: the latest unanswered questions and reported comments under its lessons. */
function DiscussionsToTend({ courseId, discussions }: { courseId: number; discussions: NonNullable<LoaderData["discussions"]> }) {
  return (
    <section aria-labelledby="tend-title" className="card space-y-4">
      <h2 id="tend-title" className="font-display text-2xl">
        Questions from learners
      </h2>
      {discussions.unanswered.length === 0 ? (
        <p className="opacity-80">No question waits for an answer.</p>
      ) : (
        <ul className="space-y-3" aria-label="Latest unanswered questions">
          {discussions.unanswered.map((question) => (
            <li key={question.id}>
              <AppLink to={discussionHref(courseId, question.lessonId, question.id)} className="block rounded-md p-2 hover:bg-primary/15">
                <span className="block text-sm font-semibold">{question.lessonTitle}</span>
                <span className="block text-sm opacity-90">{question.excerpt}</span>
                <span className="block text-xs opacity-70">{question.author}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      {discussions.reported.length > 0 ? (
        <div>
          <h3 className="mb-2 font-semibold">Reported comments</h3>
          <ul className="space-y-2" aria-label="Reported comments">
            {discussions.reported.map((report) => (
              <li key={report.commentId}>
                <AppLink to={discussionHref(courseId, report.lessonId, report.commentId)} className="block rounded-md p-2 text-sm hover:bg-primary/15">
                  <span className="font-semibold">{report.lessonTitle}</span>: {report.content.length > 120 ? `${report.content.slice(0, 117)}…` : report.content}
                  <span className="block text-xs opacity-75">{`${report.reports} ${report.reports === 1 ? "report" : "reports"} · “${report.latestReason}”`}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function CourseDetailsPanel({ course }: Pick<LoaderData, "course">) {
  const rows = [
    { label: "Level", value: course.level },
    { label: "Duration", value: course.duration },
    { label: "Lessons", value: String(course.lessons) },
    { label: "Rating", value: ratingDetail(shownRating(course)) },
    { label: "Access", value: course.isPremium ? "Premium" : "Included with membership" },
  ];
  return (
    <section className="card" aria-labelledby="course-details-title">
      <h2 id="course-details-title" className="mb-3 font-display text-xl">
        Course details
      </h2>
      <dl className="space-y-2 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4 border-b border-primary/15 pb-2 last:border-0">
            <dt className="opacity-75">{row.label}</dt>
            <dd className="text-right font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function CourseDetail() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const loadingCourse = useLoadingCoursePage();
  if (loadingCourse) return <CourseDetailSkeleton />;
  const { course } = data;
  const overview = [
    { icon: BookOpen, label: "Lessons", value: String(course.lessons) },
    { icon: Clock, label: "Duration", value: course.duration },
    { icon: GraduationCap, label: "Level", value: course.level },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <CourseImage course={course} className="aspect-video w-full rounded-xl border border-primary/25" size="page" />
          <div>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span className={`rounded-full border px-2 py-0.5 text-xs ${levelBadgeClasses[course.level]}`}>{course.level}</span>
              <RatingBadge course={course} className="text-sm" />
              {course.isPremium ? (
                <span
                  className="flex items-center gap-1 rounded-full border border-accent/60 bg-accent/15 px-2 py-0.5 text-xs font-medium text-accent"
                  data-testid="premium-course-badge"
                >
                  <Crown className="h-3.5 w-3.5" aria-hidden /> Premium
                </span>
              ) : null}
            </div>
            <h1 className="mt-3 font-display text-4xl">{course.title}</h1>
            <p className="mt-4 text-lg opacity-85">{course.description}</p>
          </div>

          {course.instructors.length > 0 ? (
            <section aria-labelledby="instructors-title">
              <h2 id="instructors-title" className="mb-3 font-display text-2xl">
                {course.instructors.length === 1 ? "Your instructor" : "Your instructors"}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2">
                {course.instructors.map((instructor) => (
                  <li key={instructor.id} className="card flex gap-3 p-4" data-testid="course-instructor">
                    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/40 text-sm font-semibold" aria-hidden>
                      {initials(instructor.name)}
                    </span>
                    <div className="min-w-0">
                      <p className="font-semibold">{instructor.name}</p>
                      {instructor.bio ? <p className="mt-1 text-sm opacity-80">{instructor.bio}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="overview-title">
            <h2 id="overview-title" className="mb-3 font-display text-2xl">
              Course overview
            </h2>
            <dl className="grid gap-4 sm:grid-cols-3">
              {overview.map((item) => (
                // A dl's groups may hold only dt and dd, so the icon sits inside the term.
                <div key={item.label} className="card p-4">
                  <dt className="flex items-center gap-2 text-xs uppercase tracking-wide opacity-70">
                    <item.icon className="h-5 w-5 shrink-0 text-accent" aria-hidden />
                    {item.label}
                  </dt>
                  <dd className="mt-1 pl-7 font-semibold">{item.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="outcomes-title" className="card">
            <h2 id="outcomes-title" className="mb-3 font-display text-2xl">
              What You&apos;ll Learn
            </h2>
            <ul className="space-y-2">
              {LEARNING_OUTCOMES.map((outcome) => (
                <li key={outcome} className="flex items-start gap-2">
                  <Sparkles className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden />
                  {outcome}
                </li>
              ))}
            </ul>
          </section>

          {data.discussions ? <DiscussionsToTend courseId={course.id} discussions={data.discussions} /> : null}
        </div>

        <aside className="space-y-6">
          {data.locked ? (
            <PremiumCoursePanel course={course} paymentsOffMessage={data.paymentsOffMessage} signedIn={data.signedIn} />
          ) : (
            <StartLearningPanel {...data} />
          )}
          {data.learner?.enrolled ? <CourseRatingForm yourRating={data.learner.yourRating} lastResult={actionData?.result} /> : null}
          <CourseDetailsPanel course={course} />
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const notFound = () => <StatusPanel icon={BookOpen} title={NOT_FOUND} message="This course does not exist or is no longer offered." />;
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound }} />;
}
