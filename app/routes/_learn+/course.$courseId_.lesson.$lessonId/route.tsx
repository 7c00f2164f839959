import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { ArrowLeft, CheckCircle2, ChevronLeft, ChevronRight, Crown, FileQuestion } from "~/components/ui/icons";
import { LessonNeighbours, LessonOverview, SectionList } from "./lesson-sidebar";
import { GeneralErrorBoundary, StatusPanel } from "~/components/error-boundary";
import { ProgressBar } from "~/components/learning/progress-bar";
import { parseRouteId, parseSectionNumber } from "~/components/learning/route-params";
import { SectionContent } from "./section-content";
import { useLearningHeartbeat } from "./use-learning-heartbeat";
import { StudyHelpPanel } from "./study-help";
import { buttonClasses } from "~/components/ui/button";
import { findCompletableLesson, findLessonForViewer } from "~/models/access.server";
import { listLessonOutline } from "~/models/lesson.server";
import { completeLesson, getVideoPositions, listCompletedLessonIds } from "~/models/progress.server";
import { HEARTBEAT_INTERVAL_SECONDS } from "~/schemas/learning-time";
import { requireUser } from "~/services/auth.server";
import { renderMarkdown } from "~/utils/markdown.server";
import { invariantResponse } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";
import { AppLink } from "~/components/ui/app-link";

// The lesson player, /course/:courseId/lesson/:lessonId. The folder's `$courseId_`
// (trailing underscore) keeps it out of the course page's layout: flat routes
// nest a route in the one whose name it extends.
const NOT_FOUND = "Lesson not found";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.lesson.title} — ${data.course.title} — Mystic Academy` : `${NOT_FOUND} — Mystic Academy` },
];

/** The lesson a signed-in viewer may open at this URL, or a 404. */
function findRequestedLesson(params: LoaderFunctionArgs["params"], viewer: { id: number; role: "student" | "admin" }) {
  const courseId = parseRouteId(params.courseId);
  const lessonId = parseRouteId(params.lessonId);
  const found = courseId === null || lessonId === null ? undefined : findLessonForViewer(lessonId, viewer, courseId);
  invariantResponse(found, NOT_FOUND, { status: 404 });
  return found;
}

/**
 * ?heartbeat=N (2–30) shortens the heartbeat interval, for the browser tests. It
 * changes only how often the page reports; the server's cap decides what counts.
 */
const HeartbeatInterval = z.coerce.number().int().min(2).max(HEARTBEAT_INTERVAL_SECONDS).catch(HEARTBEAT_INTERVAL_SECONDS);
const parseHeartbeatInterval = (value: string | null) => HeartbeatInterval.parse(value ?? undefined);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { lesson, course } = findRequestedLesson(params, user);
  const sections = lesson.contentSections;
  const n = parseSectionNumber(new URL(request.url).searchParams.get("section"), sections.length);
  const current = sections[n - 1];
  const positions = getVideoPositions(
    user.id,
    sections.map((section) => section.id),
  );

  // Neighbours in catalogue order; an admin may be previewing an inactive lesson that is not in the outline.
  const outline = listLessonOutline(course.id);
  const isBefore = (other: { order: number; id: number }) => other.order < lesson.order || (other.order === lesson.order && other.id < lesson.id);
  const others = outline.filter((other) => other.id !== lesson.id);
  const previous = others.filter(isBefore).at(-1) ?? null;
  const next = others.find((other) => !isBefore(other)) ?? null;

  return json({
    heartbeatSeconds: parseHeartbeatInterval(new URL(request.url).searchParams.get("heartbeat")),
    course: { id: course.id, title: course.title },
    lesson: {
      id: lesson.id,
      title: lesson.title,
      description: lesson.description,
      order: lesson.order,
      estimatedMinutes: lesson.estimatedMinutes,
      completed: listCompletedLessonIds(user.id, course.id).includes(lesson.id),
    },
    sections: sections.map(({ id, title, type }) => ({ id, title, type })),
    sectionNumber: n,
    section: current
      ? {
          id: current.id,
          type: current.type,
          title: current.title,
          // Only images need the raw text (as alt text); the rest ships as rendered HTML.
          content: current.type === "image" ? current.content : "",
          url: current.url,
          // Images use their content as alt text; text and video captions are Markdown.
          html: current.type === "image" || !current.content ? "" : renderMarkdown(current.content),
          resumeAt: positions[current.id] ?? 0,
        }
      : null,
    previous: previous ? { id: previous.id, title: previous.title } : null,
    next: next ? { id: next.id, title: next.title } : null,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await readForm(request);
  invariantResponse(formData.get("intent") === "complete", "Unknown action", { status: 400 });
  // Same rule as POST /api/lessons/{id}/complete: an admin previewing hidden content records nothing.
  const found = findCompletableLesson(parseRouteId(params.lessonId) ?? 0, user, parseRouteId(params.courseId) ?? 0);
  invariantResponse(found, NOT_FOUND, { status: 404 });
  const { lesson, course } = found;

  const result = completeLesson(user, lesson);
  if (result.nextLessonId !== null) {
    return redirectWithToast(`/course/${course.id}/lesson/${result.nextLessonId}`, {
      type: "success",
      title: "Lesson Completed!",
      chime: "lesson",
      description: `Course progress: ${result.progress.progressPercentage}%. On to the next lesson.`,
    });
  }
  if (result.certificate) {
    // One toast rides in the cookie, so the certificate news carries the completion too.
    return redirectWithToast(`/course/${course.id}`, {
      type: "success",
      title: "Certificate earned!",
      chime: "certificate",
      description: `Lesson Completed! Your certificate number is ${result.certificate.certificateNumber}.`,
    });
  }
  return redirectWithToast(`/course/${course.id}`, {
    type: "success",
    title: "Lesson Completed!",
    chime: "lesson",
    description: `Course progress: ${result.progress.progressPercentage}%.`,
  });
}

function SectionNavigation({ sectionNumber, total, hrefFor }: { sectionNumber: number; total: number; hrefFor: (n: number) => string }) {
  const navigation = useNavigation();
  const completing = navigation.state !== "idle" && navigation.formData?.get("intent") === "complete";
  const isLast = sectionNumber >= total;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-primary/20 pt-6">
      {sectionNumber > 1 ? (
        <Link to={hrefFor(sectionNumber - 1)} className={buttonClasses("outline")}>
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous Section
        </Link>
      ) : (
        <button type="button" disabled className={buttonClasses("outline")}>
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous Section
        </button>
      )}
      {isLast ? (
        <Form method="post">
          <input type="hidden" name="intent" value="complete" />
          <button type="submit" className={buttonClasses("primary")} disabled={completing}>
            <CheckCircle2 className="h-4 w-4" aria-hidden /> {completing ? "Completing..." : "Complete Lesson"}
          </button>
        </Form>
      ) : (
        <Link to={hrefFor(sectionNumber + 1)} className={buttonClasses("primary")}>
          Next Section <ChevronRight className="h-4 w-4" aria-hidden />
        </Link>
      )}
    </div>
  );
}

export default function LessonPlayer() {
  const { heartbeatSeconds, course, lesson, sections, sectionNumber, section, previous, next } = useLoaderData<typeof loader>();
  useLearningHeartbeat(lesson.id, heartbeatSeconds);
  const total = sections.length;
  const basePath = `/course/${course.id}/lesson/${lesson.id}`;
  const hrefFor = (n: number) => `${basePath}?section=${n}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <AppLink to={`/course/${course.id}`} className="inline-flex items-center gap-1 text-sm opacity-80 hover:opacity-100">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {course.title}
      </AppLink>
      <div className="mt-4 grid gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <header className="space-y-3">
            <p className="text-sm font-medium text-accent" data-testid="lesson-position">
              Lesson {lesson.order} • Section {total === 0 ? 0 : sectionNumber} of {total}
            </p>
            <h1 className="font-display text-3xl">{lesson.title}</h1>
            <ProgressBar value={total === 0 ? 100 : (sectionNumber / total) * 100} label="Lesson progress" />
          </header>

          <div className="card">
            {section ? (
              <SectionContent key={section.id} section={section} />
            ) : (
              <p className="opacity-80">This lesson has no content yet. You can still mark it as complete.</p>
            )}
          </div>

          <SectionNavigation sectionNumber={sectionNumber} total={total} hrefFor={hrefFor} />
        </div>

        <aside className="space-y-6">
          <LessonOverview
            title={lesson.title}
            description={lesson.description}
            estimatedMinutes={lesson.estimatedMinutes}
            completed={lesson.completed}
          />
          <noscript>
            <p className="card text-sm" data-testid="learning-time-unmeasured">
              JavaScript is off, so your time on this page is not measured. Once you complete the lesson it counts at its estimated
              length, marked estimated in your portal.
            </p>
          </noscript>
          <SectionList sections={sections} current={sectionNumber} hrefFor={hrefFor} />
          <LessonNeighbours courseId={course.id} previous={previous} next={next} />
          <StudyHelpPanel lessonId={lesson.id} courseTitle={course.title} lessonTitle={lesson.title} />
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: ({ params }) => (
          <StatusPanel
            icon={FileQuestion}
            title={NOT_FOUND}
            message="This lesson does not exist, belongs to another course, or is not available right now."
            link={{ to: parseRouteId(params.courseId) === null ? "/courses" : `/course/${params.courseId}`, label: "Back to Course", look: "primary" }}
          />
        ),
        403: () => (
          <StatusPanel
            icon={Crown}
            title="Premium membership required"
            message="This lesson belongs to a Premium course. Upgrade to Premium to take it."
            link={{ to: "/upgrade", label: "Upgrade to Premium", look: "primary" }}
          />
        ),
      }}
    />
  );
}
