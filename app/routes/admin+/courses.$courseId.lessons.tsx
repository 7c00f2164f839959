import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { ArrowDown, ArrowUp, BookOpen, CalendarClock, Captions, CheckCircle2, Clock, FileQuestion, Layers, Pencil } from "~/components/ui/icons";
import type { AdminFormReply } from "~/components/admin/admin-form";
import { AdminCrudPage, EmptyState, RecordActions, useUrlDialogs } from "~/components/admin/crud-page";
import { GENERATED_NOTICE, LessonForm, sectionRows } from "~/components/admin/lesson-form";
import { buttonClasses } from "~/components/ui/button";
import { findCourseForViewer, findLessonForViewer, listLessonsForViewer } from "~/models/learning/access.server";
import { generateLessonContent } from "~/models/learning/lesson-generation.server";
import {
  countSections,
  createLesson,
  deleteLesson,
  moveLesson,
  updateLesson,
} from "~/models/learning/lesson.server";
import { quizQuestionCounts } from "~/models/assessment/quiz.server";
import { courseAssignments } from "~/models/assessment/assignment.server";
import { lessonCaptionGaps } from "~/models/learning/captions.server";
import { LessonFormSchema } from "~/schemas/admin-forms";
import { AppLink } from "~/components/ui/app-link";
import type { User } from "#db/schema";
import { requireCourseManager } from "~/services/auth.server";
import { cn, invariantResponse, parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { PageErrorBoundary } from "~/components/error-boundary";
import { StatCard } from "~/components/ui/stat-card";
import { readForm } from "~/utils/form-data.server";
import { formatDayInZone, wallTimeToInstant } from "~/utils/time-zone";
import { viewerTimeZone } from "~/utils/time-zone.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Lessons of ${data.course.title} — Mystic Academy` : "Course Not Found — Mystic Academy" },
];


async function requireCourse(id: string | undefined, admin: User) {
  const courseId = parseRouteId(id);
  const course = courseId === null ? undefined : await findCourseForViewer(courseId, admin);
  invariantResponse(course, "Course Not Found", { status: 404 });
  return course;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireCourseManager(request, context, parseRouteId(params.courseId));
  const course = await requireCourse(params.courseId, admin);
  const lessons = await listLessonsForViewer(course, admin);
  return json({
    course: { id: course.id, title: course.title, isActive: course.isActive },
    lessons,
    // "Release on" is a day on the editor's wall clock: the form shows and reads it in this zone.
    timeZone: viewerTimeZone(request),
    quizQuestions: await quizQuestionCounts(course.id),
    // Lessons that carry an assignment (issue 45), with their criteria count.
    assignmentCriteria: Object.fromEntries((await courseAssignments(course.id)).map((row) => [row.lessonId, row.rubric.length])),
    // Uploaded videos per lesson and how many still lack captions (issue 38).
    captionGaps: Object.fromEntries(await lessonCaptionGaps(course.id)),
    stats: {
      totalLessons: lessons.length,
      contentSections: await countSections(course.id),
      activeLessons: lessons.filter((lesson) => lesson.isActive).length,
    },
  });
}

// Opening or closing a form only changes ?new, ?edit or ?delete.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireCourseManager(request, context, parseRouteId(params.courseId));
  const course = await requireCourse(params.courseId, admin);
  const lessonsPath = `/admin/courses/${course.id}/lessons`;
  const formData = await readForm(request);
  const intent = formData.get("intent");

  // A lesson id from the form must belong to this course.
  const lessonId = parseRouteId(formData.get("lessonId"));
  const lesson = lessonId === null ? undefined : (await findLessonForViewer(lessonId, admin, course.id))?.lesson;
  if (lessonId !== null && lesson?.courseId !== course.id) {
    return await redirectWithToast(lessonsPath, { type: "error", title: "Lesson not found" });
  }

  if (intent === "delete" || intent === "move") {
    if (!lesson) return await redirectWithToast(lessonsPath, { type: "error", title: "Lesson not found" });
    if (intent === "delete") {
      await deleteLesson(lesson.id);
      return await redirectWithToast(lessonsPath, { type: "success", title: "Lesson deleted" });
    }
    const direction = formData.get("direction");
    if (direction === "up" || direction === "down") await moveLesson(lesson.id, direction);
    return redirect(lessonsPath);
  }

  // Save, "Generate", and without JavaScript the section builder's add,
  // remove and move buttons (conform intents, which never save).
  const submission = parseWithZod(formData, { schema: LessonFormSchema });
  if (intent === "generate") {
    const reply = submission.reply();
    const title = typeof submission.payload.title === "string" ? submission.payload.title.trim() : "";
    if (!title) {
      return json<AdminFormReply>(
        { result: { ...reply, status: "error", error: { title: ["Please enter a lesson title first"] } }, notice: null },
        { status: 400 },
      );
    }
    const description = typeof submission.payload.description === "string" ? submission.payload.description : "";
    const draft = await generateLessonContent({ title, description, courseTitle: course.title, courseId: course.id }, admin, request.signal);
    const rows = sectionRows(draft.contentSections);
    return json<AdminFormReply>({
      result: { ...reply, status: undefined, intent: undefined, error: {}, initialValue: { ...reply.initialValue, contentSections: rows } },
      notice: draft.generated ? { type: "success", title: "Content Generated!" } : GENERATED_NOTICE,
    });
  }
  if (submission.status !== "success") {
    return json<AdminFormReply>({ result: submission.reply(), notice: null }, { status: submission.status === "error" ? 400 : 200 });
  }

  // "Release on" is the start of that day in the editor's time zone.
  const { releaseOn, ...fields } = submission.value;
  const input = { ...fields, releaseAt: releaseOn ? wallTimeToInstant(`${releaseOn}T00:00`, viewerTimeZone(request)) : null };
  if (lesson) {
    await updateLesson(lesson.id, input);
    return await redirectWithToast(lessonsPath, { type: "success", title: "Lesson updated" });
  }
  await createLesson(course.id, input);
  return await redirectWithToast(lessonsPath, { type: "success", title: "Lesson created" });
}

/** "Opens 3 days after start, not before Mar 4, 2026" for the lesson card. */
function scheduleSummary(lesson: { releaseAfterDays: number | null; releaseAt: string | null }, timeZone: string): string {
  const parts: string[] = [];
  if (lesson.releaseAfterDays !== null) parts.push(`${lesson.releaseAfterDays} ${lesson.releaseAfterDays === 1 ? "day" : "days"} after start`);
  if (lesson.releaseAt) parts.push(`${parts.length ? "not before " : "on "}${formatDayInZone(lesson.releaseAt, timeZone)}`);
  return `Opens ${parts.join(", ")}`;
}

export default function LessonManagementPage() {
  const { course, lessons, quizQuestions, assignmentCriteria, captionGaps, stats, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const dialogs = useUrlDialogs(lessons);
  const lessonsPath = `/admin/courses/${course.id}/lessons`;
  // ?captions=missing lists only the lessons whose uploaded videos still lack captions.
  const [searchParams] = useSearchParams();
  const onlyMissingCaptions = searchParams.get("captions") === "missing";
  const missingCaptions = lessons.filter((lesson) => (captionGaps[lesson.id]?.uncaptioned ?? 0) > 0);
  const shown = onlyMissingCaptions ? missingCaptions : lessons;

  const tiles = [
    { label: "Total Lessons", value: stats.totalLessons, icon: BookOpen },
    { label: "Content Sections", value: stats.contentSections, icon: Layers },
    { label: "Active Lessons", value: stats.activeLessons, icon: CheckCircle2 },
  ];

  return (
    <AdminCrudPage
      noun="Lesson"
      idField="lessonId"
      width="5xl"
      back={{ to: "/admin/courses", label: "Back to Courses" }}
      title="Lesson Management"
      description={
        <>
          <span className="font-semibold" data-testid="course-title">
            {course.title}
          </span>
          {" · "}
          {stats.totalLessons} {stats.totalLessons === 1 ? "lesson" : "lessons"}
          {course.isActive ? null : " · Archived"}
        </>
      }
      create={{ label: "Add Lesson" }}
      actions={
        <AppLink to={`/admin/courses/${course.id}/gradebook`} className={buttonClasses("outline")}>
          <FileQuestion className="h-4 w-4" aria-hidden /> Gradebook
        </AppLink>
      }
      closeTo={lessonsPath}
      dialogs={dialogs}
      formSize="lg"
      formDescription={course.title}
      form={(lesson) => (
        <LessonForm
          lesson={lesson}
          courseId={course.id}
          courseTitle={course.title}
          timeZone={timeZone}
          reply={actionData}
          closeTo={lessonsPath}
          captionsHref={lesson ? `${lessonsPath}/${lesson.id}/captions` : null}
        />
      )}
      confirmDelete={(lesson) => ({
        subject: lesson.title,
        explanation: "Its content sections are deleted with it, and course progress is recounted.",
      })}
    >
      <section className="mt-8 grid gap-4 sm:grid-cols-3" aria-label="Lesson statistics">
        {tiles.map((tile) => (
          <StatCard key={tile.label} {...tile} />
        ))}
      </section>

      {Object.keys(captionGaps).length > 0 ? (
        <nav aria-label="Filter lessons" className="mt-8 flex flex-wrap items-center gap-2 text-sm">
          <AppLink to={lessonsPath} className={buttonClasses(onlyMissingCaptions ? "ghost" : "outline", undefined, "sm")} aria-current={onlyMissingCaptions ? undefined : "page"}>
            All lessons
          </AppLink>
          <AppLink
            to={`${lessonsPath}?captions=missing`}
            className={buttonClasses(onlyMissingCaptions ? "outline" : "ghost", undefined, "sm")}
            aria-current={onlyMissingCaptions ? "page" : undefined}
          >
            <Captions className="h-4 w-4" aria-hidden /> Videos without captions ({missingCaptions.length})
          </AppLink>
        </nav>
      ) : null}

      {lessons.length === 0 ? (
        <EmptyState title="No lessons yet" message='Add the first lesson, or let "Generate with AI" sketch its sections.' />
      ) : shown.length === 0 ? (
        <EmptyState title="Every uploaded video has captions" message="Nothing is missing: each lesson's uploaded videos have captions." />
      ) : (
        <ol className="mt-8 space-y-4" aria-label="Lessons">
          {shown.map((lesson) => {
            const index = lessons.indexOf(lesson);
            const captionGap = captionGaps[lesson.id];
            return (
            <li key={lesson.id}>
              <article className="card flex flex-wrap items-start gap-4" aria-label={lesson.title} data-testid="lesson-card">
                <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/30 font-semibold" aria-hidden>
                  {index + 1}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="font-display text-lg font-semibold">{lesson.title}</h2>
                    <span
                      className={cn(
                        "rounded-full border px-2 py-0.5 text-xs",
                        lesson.isActive
                          ? "border-emerald-400/50 bg-emerald-500/20 text-emerald-100"
                          : "border-amber-400/50 bg-amber-500/20 text-amber-100",
                      )}
                    >
                      {lesson.isActive ? "Active" : "Draft"}
                    </span>
                  </div>
                  {lesson.description ? <p className="mt-1 text-sm opacity-80">{lesson.description}</p> : null}
                  <p className="mt-2 flex flex-wrap gap-4 text-xs opacity-75">
                    <span className="flex items-center gap-1">
                      <Layers className="h-3.5 w-3.5" aria-hidden /> {lesson.contentSections.length}{" "}
                      {lesson.contentSections.length === 1 ? "section" : "sections"}
                    </span>
                    <span className="flex items-center gap-1">
                      <Clock className="h-3.5 w-3.5" aria-hidden /> {lesson.estimatedMinutes} min
                    </span>
                    {captionGap ? (
                      <span className="flex items-center gap-1" data-testid="lesson-captions">
                        <Captions className="h-3.5 w-3.5" aria-hidden />
                        {captionGap.uncaptioned === 0
                          ? `Captions on ${captionGap.videos === 1 ? "its video" : `all ${captionGap.videos} videos`}`
                          : `${captionGap.uncaptioned} of ${captionGap.videos} ${captionGap.videos === 1 ? "video" : "videos"} without captions`}
                      </span>
                    ) : null}
                    {lesson.releaseAfterDays !== null || lesson.releaseAt ? (
                      <span className="flex items-center gap-1" data-testid="lesson-schedule">
                        <CalendarClock className="h-3.5 w-3.5" aria-hidden /> {scheduleSummary(lesson, timeZone)}
                      </span>
                    ) : null}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-1">
                  {captionGap ? (
                    <AppLink to={`${lessonsPath}/${lesson.id}/captions`} className={buttonClasses("outline", undefined, "sm")} aria-label={`Captions of ${lesson.title}`}>
                      <Captions className="h-4 w-4" aria-hidden /> Captions
                    </AppLink>
                  ) : null}
                  <AppLink
                    to={`/admin/courses/${course.id}/lessons/${lesson.id}/quiz`}
                    className={buttonClasses("outline", undefined, "sm")}
                  >
                    <FileQuestion className="h-4 w-4" aria-hidden />
                    {quizQuestions[lesson.id] ? `Quiz (${quizQuestions[lesson.id]})` : "Add quiz"}
                  </AppLink>
                  <AppLink to={`${lessonsPath}/${lesson.id}/assignment`} className={buttonClasses("outline", undefined, "sm")}>
                    <Pencil className="h-4 w-4" aria-hidden />
                    {assignmentCriteria[lesson.id] ? "Assignment" : "Add assignment"}
                  </AppLink>
                  <Form method="post" action={lessonsPath} preventScrollReset className="flex gap-1">
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="lessonId" value={lesson.id} />
                    <button
                      type="submit"
                      name="direction"
                      value="up"
                      disabled={index === 0}
                      aria-label={`Move ${lesson.title} up`}
                      title="Move up"
                      className={buttonClasses("ghost", undefined, "icon")}
                    >
                      <ArrowUp className="h-4 w-4" aria-hidden />
                    </button>
                    <button
                      type="submit"
                      name="direction"
                      value="down"
                      disabled={index === lessons.length - 1}
                      aria-label={`Move ${lesson.title} down`}
                      title="Move down"
                      className={buttonClasses("ghost", undefined, "icon")}
                    >
                      <ArrowDown className="h-4 w-4" aria-hidden />
                    </button>
                  </Form>
                  <RecordActions id={lesson.id} name={lesson.title} idField="lessonId" question="Delete this lesson?" />
                </div>
              </article>
            </li>
            );
          })}
        </ol>
      )}
    </AdminCrudPage>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/admin/courses" backLabel="Back to Courses" notFoundTitle="Course Not Found" />;
}
