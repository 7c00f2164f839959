import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArrowLeft, Download, FileQuestion } from "~/components/ui/icons";
import { EmptyState } from "~/components/admin/crud-page";
import { PageErrorBoundary } from "~/components/error-boundary";
import { AppLink } from "~/components/ui/app-link";
import { buttonClasses } from "~/components/ui/button";
import { findCourseForViewer } from "~/models/learning/access.server";
import { courseGradebook } from "~/models/assessment/gradebook.server";
import { SUBMISSION_STATUS_LABELS } from "~/schemas/assignment";
import { requireCourseManager } from "~/services/auth.server";
import { invariantResponse, parseRouteId } from "~/utils/misc";

// A course's gradebook (issues 24, 45): members × quiz lessons, best score, passed
// and attempts; the same table downloads as CSV from the JSON API.
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Gradebook: ${data.course.title} — Mystic Academy` : "Course Not Found — Mystic Academy" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const courseId = parseRouteId(params.courseId);
  invariantResponse(courseId !== null, "Course Not Found", { status: 404 });
  const manager = await requireCourseManager(request, context, courseId);
  const course = await findCourseForViewer(courseId, manager);
  invariantResponse(course, "Course Not Found", { status: 404 });
  return json({ course: { id: course.id, title: course.title }, ...await courseGradebook(course.id, { withEmail: false }) });
}

export default function Gradebook() {
  const { course, lessons, assignments, rows } = useLoaderData<typeof loader>();
  const hasGrades = lessons.length + assignments.length > 0;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AppLink to={`/admin/courses/${course.id}/lessons`} className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Lessons
      </AppLink>
      <header className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Gradebook</h1>
          <p className="mt-1 opacity-80">{course.title}: each member&apos;s best score and attempts per quiz, and where each assignment stands.</p>
        </div>
        {hasGrades ? (
          <a href={`/api/admin/courses/${course.id}/gradebook?format=csv`} download className={buttonClasses("outline")}>
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </a>
        ) : null}
      </header>
      {!hasGrades ? (
        <EmptyState icon={FileQuestion} title="No quizzes or assignments in this course" message="Add a quiz or an assignment to a lesson from the lesson list; scores appear here." />
      ) : rows.length === 0 ? (
        <EmptyState icon={FileQuestion} title="No learners yet" message="Members who start this course or take a quiz appear here." />
      ) : (
        <div className="card mt-8 overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Best score, passed and attempts per member and quiz; status and points per assignment</caption>
            <thead className="border-b border-primary/30">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Member
                </th>
                {lessons.map((lesson) => (
                  <th key={lesson.lessonId} scope="col" className="px-4 py-3 font-semibold">
                    {lesson.title}
                    <span className="block text-xs font-normal opacity-70">{`pass mark ${lesson.passingScore}%`}</span>
                  </th>
                ))}
                {assignments.map((assignment) => (
                  <th key={`a${assignment.lessonId}`} scope="col" className="px-4 py-3 font-semibold">
                    {assignment.title}
                    <span className="block text-xs font-normal opacity-70">{`assignment · pass ${assignment.passPoints}/${assignment.totalPoints} points`}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.userId} className="border-b border-primary/10 last:border-0">
                  <th scope="row" className="px-4 py-3 font-medium">
                    {row.username}
                    {row.name ? <span className="block text-xs font-normal opacity-75">{row.name}</span> : null}
                    {row.completedAt ? <span className="block text-xs font-normal text-emerald-300">{`completed ${row.completedAt.slice(0, 10)}`}</span> : null}
                  </th>
                  {row.lessons.map((cell) => (
                    <td key={cell.lessonId} className="px-4 py-3">
                      {cell.attempts === 0 ? (
                        <span className="opacity-60">not taken</span>
                      ) : (
                        <>
                          <span className={cell.passed ? "font-semibold text-emerald-300" : "font-semibold text-amber-300"}>{`${cell.bestScore}%`}</span>
                          <span className="ml-2 text-xs opacity-75">
                            {cell.passed ? "passed" : "not passed"} · {cell.attempts} {cell.attempts === 1 ? "attempt" : "attempts"}
                          </span>
                        </>
                      )}
                    </td>
                  ))}
                  {row.assignments.map((grade) => (
                    <td key={`a${grade.lessonId}`} className="px-4 py-3">
                      {grade.status === "none" ? (
                        <span className="opacity-60">not handed in</span>
                      ) : (
                        <>
                          <span className={grade.status === "passed" ? "font-semibold text-emerald-300" : "font-semibold text-amber-300"}>{SUBMISSION_STATUS_LABELS[grade.status]}</span>
                          <span className="ml-2 text-xs opacity-75">
                            {grade.points === null ? `version ${grade.version}` : `${grade.points} points · version ${grade.version}`}
                          </span>
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/admin/courses" backLabel="Back to Courses" message="Please go back to the courses and try again." />;
}
