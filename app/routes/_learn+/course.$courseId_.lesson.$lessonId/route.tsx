import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { ArrowLeft, CalendarClock, CheckCircle2, ChevronLeft, ChevronRight, Crown, FileQuestion, Pencil } from "~/components/ui/icons";
import { LessonNeighbours, LessonOverview, SectionList } from "./lesson-sidebar";
import { GeneralErrorBoundary, StatusPanel } from "~/components/error-boundary";
import { ProgressBar } from "~/components/learning/progress-bar";
import { parseRouteId, parseSectionNumber } from "~/components/learning/route-params";
import { SectionContent } from "./section-content";
import { useLearningHeartbeat } from "./use-learning-heartbeat";
import { StudyHelpPanel } from "./study-help";
import { DiscussionPanel } from "./discussion-panel";
import { discussionAction, isDiscussionIntent } from "./discussion-forms.server";
import { discussionCounts, listDiscussion } from "~/models/community/lesson-discussion.server";
import { DISCUSSION_PARAM } from "~/schemas/lesson-discussion";
import type { User } from "#db/schema";
import { buttonClasses } from "~/components/ui/button";
import { captionsOfOpenSections } from "~/models/learning/captions.server";
import { findCompletableLesson, findLessonOrLockForViewer, listOutlineForViewer } from "~/models/learning/access.server";
import { releaseLabel } from "~/models/learning/lesson-release";
import { ASSIGNMENT_REQUIRED, completeLesson, CompletionRefusal, getVideoPositions, listCompletedLessonIds } from "~/models/learning/progress.server";
import { AssignmentRefusal, getAssignmentForLesson } from "~/models/assessment/assignment.server";
import { handInFromRequest } from "~/services/assignment-submission.server";
import { getCertificateNumberForCourse } from "~/models/learning/certificate.server";
import { AssignmentPanel } from "./assignment-panel";
import { assignmentPanelData } from "./assignment-panel.server";
import { getQuizForLesson, QuizRefusal, quizStanding, submitAttempt, toMemberQuiz, type StoredQuiz } from "~/models/assessment/quiz.server";
import { AttemptSchema } from "~/schemas/quiz";
import { QuizPanel, type QuizPanelData } from "./quiz-panel";
import { quizQuestionsHtml } from "./quiz-form-html.server";
import { HEARTBEAT_INTERVAL_SECONDS } from "~/schemas/learning-time";
import { requireUser } from "~/services/auth.server";
import { renderMarkdown } from "~/utils/markdown.server";
import { invariantResponse } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";
import { AppLink } from "~/components/ui/app-link";
import { viewerTimeZone } from "~/utils/time-zone.server";

// The lesson player, /course/:courseId/lesson/:lessonId. The folder's `$courseId_`
// (trailing underscore) keeps it out of the course page's layout: flat routes
// nest a route in the one whose name it extends.
const NOT_FOUND = "Lesson not found";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.lesson.title} — ${data.course.title} — Mystic Academy` : `${NOT_FOUND} — Mystic Academy` },
];

/** What the 403 of a lesson that is not open yet carries to the error boundary. */
const LockedLessonData = z.object({ locked: z.literal(true), title: z.string(), opens: z.string(), courseId: z.number() });

/**
 * The lesson a signed-in viewer may open at this URL; a 404, or a 403 saying
 * when it opens (in the viewer's time zone) when it is not released for them yet.
 */
async function findRequestedLesson(request: Request, params: LoaderFunctionArgs["params"], viewer: { id: number; role: "student" | "instructor" | "admin" }) {
  const courseId = parseRouteId(params.courseId);
  const lessonId = parseRouteId(params.lessonId);
  const found = courseId === null || lessonId === null ? undefined : await findLessonOrLockForViewer(lessonId, viewer, courseId);
  invariantResponse(found, NOT_FOUND, { status: 404 });
  if (found.locked) {
    const data: z.infer<typeof LockedLessonData> = {
      locked: true,
      title: found.lesson.title,
      opens: releaseLabel(found.locked, viewerTimeZone(request)) ?? "",
      courseId: found.course.id,
    };
    throw json(data, { status: 403 });
  }
  return found;
}

/**
 * ?heartbeat=N (2–30) shortens the heartbeat interval, for the browser tests. It
 * changes only how often the page reports; the server's cap decides what counts.
 */
/** ?t= as a whole second within a day, or null. */
const StartSecond = z.coerce.number().int().min(0).max(24 * 60 * 60).nullable().catch(null);
const parseStartSecond = (value: string | null) => (value === null || value === "" ? null : StartSecond.parse(value));

const HeartbeatInterval = z.coerce.number().int().min(2).max(HEARTBEAT_INTERVAL_SECONDS).catch(HEARTBEAT_INTERVAL_SECONDS);
const parseHeartbeatInterval = (value: string | null) => HeartbeatInterval.parse(value ?? undefined);

/**
 * The quiz as this member sees it: prompts and options in this attempt's
 * order, their standing, and (with ?attempt=N, where the form sends them
 * after submitting) that attempt's results with the explanations.
 */
async function quizPanelData(quiz: StoredQuiz, user: Pick<User, "id">, attemptParam: string | null): Promise<QuizPanelData> {
  const standing = await quizStanding(quiz, user.id);
  const asked = attemptParam === null ? undefined : standing.attempts.find((attempt) => String(attempt.attemptNumber) === attemptParam);
  const prompts = new Map(quiz.questions.map((question) => [question.id, question.prompt]));
  return {
    passingScore: quiz.passingScore,
    questionCount: quiz.questions.length,
    // Only when the form is shown (not beside an attempt's results).
    formHtml: asked ? "" : quizQuestionsHtml(toMemberQuiz(quiz, { userId: user.id, attemptNumber: standing.nextAttemptNumber }).questions),
    bestScore: standing.bestScore,
    passed: standing.passed,
    attemptsUsed: standing.attempts.length,
    attemptsLeft: standing.attemptsLeft,
    result: asked
      ? {
          attemptNumber: asked.attemptNumber,
          score: asked.score,
          passed: asked.passed,
          results: asked.results.map((result) => ({ ...result, prompt: prompts.get(result.questionId) ?? null })),
        }
      : null,
  };
}

/** The quiz form's fields (`q-<questionId>`: option numbers, or the typed answer) as an attempt. */
function answersFromForm(quiz: StoredQuiz, formData: FormData) {
  const answers = quiz.questions.map((question) => {
    const values = formData.getAll(`q-${question.id}`).filter((value): value is string => typeof value === "string");
    if (question.type === "short") return { questionId: question.id, text: (values[0] ?? "").slice(0, 500) };
    const choices = values.filter((value) => /^\d{1,2}$/.test(value)).map(Number);
    return { questionId: question.id, choices };
  });
  return AttemptSchema.parse({ answers }).answers;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { lesson, course } = await findRequestedLesson(request, params, user);
  const sections = lesson.contentSections;
  const search = new URL(request.url).searchParams;
  // ?t=SECONDS starts the video there (the transcript's links and the companion's citations, issue 38);
  // without ?section= it means the lesson's first uploaded video.
  const startAt = parseStartSecond(search.get("t"));
  const firstVideo = sections.findIndex((section) => section.type === "video" && section.url?.startsWith("/uploads/videos/"));
  const n = search.get("section") === null && startAt !== null && firstVideo >= 0 ? firstVideo + 1 : parseSectionNumber(search.get("section"), sections.length);
  const current = sections[n - 1];
  const currentCaptions = current?.type === "video" ? ((await captionsOfOpenSections([current.id])).get(current.id) ?? []) : [];
  // Only a video resumes where the member left it: other sections need no read.
  const positions = current?.type === "video" ? await getVideoPositions(user.id, [current.id]) : {};

  // Neighbours in catalogue order; an admin may be previewing an inactive lesson that is not in the outline.
  const timeZone = viewerTimeZone(request);
  const outline = (await listOutlineForViewer(course, user)).map(({ id, title, order, release }) => ({ id, title, order, opens: releaseLabel(release, timeZone) }));
  const isBefore = (other: { order: number; id: number }) => other.order < lesson.order || (other.order === lesson.order && other.id < lesson.id);
  const others = outline.filter((other) => other.id !== lesson.id);
  const previous = others.filter(isBefore).at(-1) ?? null;
  const next = others.find((other) => !isBefore(other)) ?? null;

  const quiz = await getQuizForLesson(lesson.id);
  const assignment = await getAssignmentForLesson(lesson.id);
  const completed = (await listCompletedLessonIds(user.id, course.id)).includes(lesson.id);
  const assignmentPanel = assignment ? await assignmentPanelData(assignment, user.id, timeZone) : null;
  // The moment a course is finished leads to its certificate (issue 47).
  const certificateNumber = completed ? await getCertificateNumberForCourse(user.id, course.id) : null;
  // Only reached for a lesson the member may open (findRequestedLesson throws for a locked one).
  // The full discussion only when asked for (DISCUSSION_PARAM): otherwise its counts, and the panel loads it when it comes near.
  const showDiscussion = new URL(request.url).searchParams.get(DISCUSSION_PARAM) === "all";
  const counts = await discussionCounts(course.id);
  const openLessonIds = new Set(outline.filter((entry) => entry.opens === null).map((entry) => entry.id));
  return json({
    certificateNumber,
    discussion: showDiscussion
      ? await listDiscussion({ lesson, course }, user)
      : { comments: null, openQuestions: counts[lesson.id]?.open ?? 0, standing: counts[lesson.id]?.standing ?? 0 },
    openQuestions: Object.fromEntries(Object.entries(counts).filter(([id, { open }]) => open > 0 && openLessonIds.has(Number(id))).map(([id, { open }]) => [id, open])),
    quiz: quiz ? await quizPanelData(quiz, user, new URL(request.url).searchParams.get("attempt")) : null,
    assignment: assignmentPanel,
    // The sentence the completion API answers with (409) while a required assignment has not passed.
    assignmentGate: assignmentPanel?.required && assignmentPanel.standing !== "passed" && !completed ? ASSIGNMENT_REQUIRED : null,
    heartbeatSeconds: parseHeartbeatInterval(new URL(request.url).searchParams.get("heartbeat")),
    course: { id: course.id, title: course.title },
    lesson: {
      id: lesson.id,
      title: lesson.title,
      description: lesson.description,
      order: lesson.order,
      estimatedMinutes: lesson.estimatedMinutes,
      completed,
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
          resumeAt: startAt ?? positions[current.id] ?? 0,
          captions: currentCaptions,
        }
      : null,
    previous: previous ? { id: previous.id, title: previous.title, opens: previous.opens } : null,
    next: next ? { id: next.id, title: next.title, opens: next.opens } : null,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  // The assignment's hand-in is the page's one multipart form: its body is a file stream, read once by the upload.
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return await handInAssignmentForm(request, params, user);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  invariantResponse(intent === "complete" || intent === "quiz" || isDiscussionIntent(intent), "Unknown action", { status: 400 });
  // A lesson not open yet answers the same 403 as the page (before any form is read as an answer).
  const requested = await findRequestedLesson(request, params, user);
  if (isDiscussionIntent(intent)) {
    // Back to the page with its discussion shown, whatever the form was posted from.
    const search = new URL(request.url).searchParams;
    search.set(DISCUSSION_PARAM, "all");
    return await discussionAction(user, requested, intent, formData, `/course/${requested.course.id}/lesson/${requested.lesson.id}?${search}`);
  }
  // Same rule as POST /api/lessons/{id}/complete: an admin previewing hidden content records nothing.
  const found = await findCompletableLesson(parseRouteId(params.lessonId) ?? 0, user, parseRouteId(params.courseId) ?? 0);
  invariantResponse(found, NOT_FOUND, { status: 404 });
  const { lesson, course } = found;
  const here = `/course/${course.id}/lesson/${lesson.id}${new URL(request.url).search}`;

  if (intent === "quiz") return await submitQuizForm(user, lesson, formData, `/course/${course.id}/lesson/${lesson.id}`, here);
  let result;
  try {
    result = await completeLesson(user, lesson);
  } catch (error) {
    if (!(error instanceof CompletionRefusal)) throw error;
    if (error.message === ASSIGNMENT_REQUIRED) {
      return await redirectWithToast(`${here}#assignment`, { type: "error", title: "Assignment not passed yet", description: error.message }, { status: 303 });
    }
    return await redirectWithToast(`${here}#quiz`, { type: "error", title: "Quiz not passed yet", description: error.message }, { status: 303 });
  }
  // The next lesson may not be open for this member yet: then back to the outline, which says when it opens.
  const nextIsOpen = result.nextLessonId !== null && (await listOutlineForViewer(course, user)).some((other) => other.id === result.nextLessonId && other.release.status === "open");
  if (result.nextLessonId !== null && nextIsOpen) {
    return await redirectWithToast(`/course/${course.id}/lesson/${result.nextLessonId}`, {
      type: "success",
      title: "Lesson Completed!",
      chime: "lesson",
      description: `Course progress: ${result.progress.progressPercentage}%. On to the next lesson.`,
    });
  }
  if (result.certificate) {
    // One toast rides in the cookie, so the certificate news carries the completion too.
    return await redirectWithToast(`/course/${course.id}`, {
      type: "success",
      title: "Certificate earned!",
      chime: "certificate",
      description: `Lesson Completed! Your certificate number is ${result.certificate.certificateNumber}.`,
    });
  }
  return await redirectWithToast(`/course/${course.id}`, {
    type: "success",
    title: "Lesson Completed!",
    chime: "lesson",
    description: `Course progress: ${result.progress.progressPercentage}%.`,
  });
}

/**
 * A member hands in a version of the lesson's assignment from the page's form
 * (the same service as POST /api/lessons/{id}/assignment/submissions), then
 * goes back to the assignment with a toast saying what happened.
 */
async function handInAssignmentForm(request: Request, params: ActionFunctionArgs["params"], user: User) {
  // The same access checks as the page: a locked or Premium lesson never takes work.
  const found = await findRequestedLesson(request, params, user);
  const assignment = await getAssignmentForLesson(found.lesson.id);
  invariantResponse(assignment, "This lesson has no assignment", { status: 404 });
  const back = `/course/${found.course.id}/lesson/${found.lesson.id}${new URL(request.url).search}#assignment`;
  try {
    const submission = await handInFromRequest(request, user, found, assignment);
    return await redirectWithToast(back, {
      type: "success",
      title: "Assignment handed in",
      description: `Version ${submission.version} is waiting for review. You will be notified when it has been reviewed.`,
    });
  } catch (error) {
    if (!(error instanceof AssignmentRefusal)) throw error;
    return await redirectWithToast(back, { type: "error", title: "Not handed in", description: error.message }, { status: 303 });
  }
}

async function submitQuizForm(user: User, lesson: { id: number; courseId: number; order: number }, formData: FormData, lessonPath: string, here: string) {
  const quiz = await getQuizForLesson(lesson.id);
  invariantResponse(quiz, "This lesson has no quiz", { status: 404 });
  const section = new URL(here, "http://x").searchParams.get("section");
  let outcome;
  try {
    outcome = await submitAttempt(user, lesson, answersFromForm(quiz, formData));
  } catch (error) {
    if (!(error instanceof QuizRefusal)) throw error;
    return await redirectWithToast(`${here}#quiz`, { type: "error", title: "No attempts left", description: error.message }, { status: 303 });
  }
  const { attempt, completion } = outcome;
  const resultPath = `${lessonPath}?${section ? `section=${encodeURIComponent(section)}&` : ""}attempt=${attempt.attemptNumber}#quiz`;
  if (completion?.certificate) {
    return await redirectWithToast(resultPath, {
      type: "success",
      title: "Certificate earned!",
      chime: "certificate",
      description: `Quiz passed with ${attempt.score}%. Your certificate number is ${completion.certificate.certificateNumber}.`,
    });
  }
  return await redirectWithToast(
    resultPath,
    attempt.passed
      ? { type: "success", title: "Quiz passed!", chime: "lesson", description: `You scored ${attempt.score}%. Lesson completed.` }
      : { type: "error", title: "Not passed yet", description: `You scored ${attempt.score}%; the pass mark is ${quiz.passingScore}%.` },
  );
}

function SectionNavigation({
  sectionNumber,
  total,
  hrefFor,
  quizToPass,
  assignmentGate,
  completed,
  certificateNumber,
}: {
  sectionNumber: number;
  total: number;
  hrefFor: (n: number) => string;
  quizToPass: boolean;
  /** Why the lesson cannot be completed yet: its required assignment has not passed review. */
  assignmentGate: string | null;
  completed: boolean;
  certificateNumber: string | null;
}) {
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
      {isLast && completed ? (
        // Done (by the button, a passed quiz or a passed review): nothing left to press here.
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="lesson-complete">
          <span className="flex items-center gap-2 font-semibold text-emerald-300">
            <CheckCircle2 className="h-4 w-4" aria-hidden /> This lesson is complete
          </span>
          {certificateNumber ? (
            <Link to={`/certificates/${certificateNumber}`} className="text-accent underline">
              Course completed — view your certificate
            </Link>
          ) : null}
        </p>
      ) : isLast && quizToPass ? (
        <a href="#quiz" className="flex items-center gap-2 text-sm text-accent underline">
          <FileQuestion className="h-4 w-4" aria-hidden /> Pass the quiz to complete this lesson
        </a>
      ) : isLast && assignmentGate ? (
        <p className="flex max-w-md items-center gap-2 text-sm" data-testid="assignment-gate">
          <Pencil className="h-4 w-4 shrink-0 text-accent" aria-hidden />
          <span>
            {assignmentGate}. <a href="#assignment" className="text-accent underline">Go to the assignment</a>
          </span>
        </p>
      ) : isLast ? (
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
  const { quiz, assignment, assignmentGate, certificateNumber, heartbeatSeconds, course, lesson, sections, sectionNumber, section, previous, next, discussion, openQuestions } = useLoaderData<typeof loader>();
  useLearningHeartbeat(lesson.id, heartbeatSeconds);
  const total = sections.length;
  const basePath = `/course/${course.id}/lesson/${lesson.id}`;
  const hrefFor = (n: number) => `${basePath}?section=${n}`;
  const retaking = new URLSearchParams(useLocation().search).get("retake") === "1";
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
              <SectionContent key={section.id} section={section} hrefAt={(seconds) => `${hrefFor(sectionNumber)}&t=${seconds}`} />
            ) : (
              <p className="opacity-80">This lesson has no content yet. You can still mark it as complete.</p>
            )}
          </div>

          {quiz && (sectionNumber >= total || quiz.result) ? (
            <QuizPanel quiz={quiz} retaking={retaking} tryAgainHref={`${hrefFor(Math.max(total, 1))}&retake=1#quiz`} nextHref={next ? `/course/${course.id}/lesson/${next.id}` : null} />
          ) : null}

          {/* On every section: a reviewer's notification links to #assignment without naming one. */}
          {assignment ? <AssignmentPanel assignment={assignment} /> : null}

          <SectionNavigation
            sectionNumber={sectionNumber}
            total={total}
            hrefFor={hrefFor}
            quizToPass={Boolean(quiz && !quiz.passed && !lesson.completed)}
            assignmentGate={assignmentGate}
            completed={lesson.completed}
            certificateNumber={certificateNumber}
          />
          <DiscussionPanel lessonId={lesson.id} discussion={discussion} />
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
          <LessonNeighbours courseId={course.id} previous={previous} next={next} openQuestions={openQuestions} />
          <StudyHelpPanel lessonId={lesson.id} courseTitle={course.title} lessonTitle={lesson.title} />
        </aside>
      </div>
    </div>
  );
}

function PremiumRequiredPanel() {
  return (
          <StatusPanel
            icon={Crown}
            title="Premium membership required"
            message="This lesson belongs to a Premium course. Upgrade to Premium to take it."
            link={{ to: "/upgrade", label: "Upgrade to Premium", look: "primary" }}
          />
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
        403: ({ error }) => {
          const locked = LockedLessonData.safeParse(isRouteErrorResponse(error) ? error.data : null);
          if (locked.success) {
            return (
              <StatusPanel
                icon={CalendarClock}
                title={locked.data.title}
                message={`This lesson is not open yet. ${locked.data.opens}.`}
                link={{ to: `/course/${locked.data.courseId}`, label: "Back to Course", look: "primary" }}
              />
            );
          }
          return <PremiumRequiredPanel />;
        },
      }}
    />
  );
}
