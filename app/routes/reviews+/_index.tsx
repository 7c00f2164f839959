import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SubmissionStatus } from "~/components/assignments/submission-view";
import { PageErrorBoundary } from "~/components/error-boundary";
import { AppLink } from "~/components/ui/app-link";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses, labelClasses } from "~/components/ui/field";
import { BadgeCheck } from "~/components/ui/icons";
import { Pagination } from "~/components/ui/pagination";
import { reviewQueue } from "~/models/assessment/assignment.server";
import { listAllCourses } from "~/models/learning/course.server";
import { managedCourseIds } from "~/models/learning/course-staff.server";
import { ReviewQueueQuerySchema } from "~/schemas/assignment";
import { requireStaff } from "~/services/auth.server";
import { formatDateTime } from "~/utils/time-zone";
import { viewerTimeZone } from "~/utils/time-zone.server";

// The reviewers' queue (issue 45): work handed in for the courses this admin
// or instructor reviews, the longest waiting first. A GET form filters by
// course and status, so the filters and paging work without JavaScript and a
// filtered queue is a link one can share.

export const meta: MetaFunction = () => [{ title: "Review queue — Mystic Academy" }];

const STATUS_OPTIONS = [
  { value: "submitted", label: "Waiting for review" },
  { value: "revise", label: "Needs revision" },
  { value: "passed", label: "Passed" },
  { value: "all", label: "All" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const reviewer = await requireStaff(request, context);
  const search = new URL(request.url).searchParams;
  // What a hand-edited URL gets wrong falls back to the default rather than an error page.
  const query = ReviewQueueQuerySchema.safeParse({
    status: search.get("status") || undefined,
    courseId: search.get("courseId") || undefined,
    page: search.get("page") || undefined,
  });
  const filter = query.success ? query.data : ReviewQueueQuerySchema.parse({});
  const own = await managedCourseIds(reviewer);
  const courses = (await listAllCourses()).filter((course) => own === null || own.includes(course.id)).map((course) => ({ id: course.id, title: course.title }));
  const queue = await reviewQueue(reviewer, filter);
  const timeZone = viewerTimeZone(request);
  return json({
    filter: { status: filter.status, courseId: filter.courseId ?? null },
    courses,
    total: queue.total,
    page: queue.page,
    pageCount: Math.max(1, Math.ceil(queue.total / queue.pageSize)),
    items: queue.items.map((item) => ({
      id: item.id,
      version: item.version,
      status: item.status,
      member: item.member.name,
      lesson: item.lesson.title,
      course: item.course.title,
      hasFile: item.file !== null,
      handedIn: formatDateTime(item.createdAt, timeZone),
    })),
  });
}

export default function ReviewQueue() {
  const { filter, courses, total, page, pageCount, items } = useLoaderData<typeof loader>();
  const statusLabel = STATUS_OPTIONS.find((option) => option.value === filter.status)?.label ?? "All";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <header className="space-y-1">
        <h1 className="flex items-center gap-2 font-display text-3xl">
          <BadgeCheck className="h-7 w-7" aria-hidden /> Review queue
        </h1>
        <p className="opacity-80">Assignments handed in for the courses you review, the longest waiting first.</p>
      </header>

      <Form method="get" className="card mt-6 flex flex-wrap items-end gap-4" aria-label="Filter the queue">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="queue-course" className={labelClasses}>
            Course
          </label>
          <select id="queue-course" name="courseId" defaultValue={filter.courseId ?? ""} className={inputClasses}>
            <option value="">All your courses</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </select>
        </div>
        <div className="basis-48">
          <label htmlFor="queue-status" className={labelClasses}>
            Status
          </label>
          <select id="queue-status" name="status" defaultValue={filter.status} className={inputClasses}>
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses("outline")}>
          Show
        </button>
      </Form>

      <p className="mt-6 text-sm opacity-85" role="status" data-testid="queue-count">
        {total === 0 ? "Nothing here" : `${total} ${total === 1 ? "submission" : "submissions"}`} · {statusLabel}
      </p>
      {items.length === 0 ? (
        <p className="card mt-3 text-center" data-testid="queue-empty">
          {filter.status === "submitted" ? "No work is waiting for review. Well done." : "No submissions match these filters."}
        </p>
      ) : (
        <ol className="mt-3 space-y-3" aria-label="Submissions">
          {items.map((item) => (
            <li key={item.id}>
              <article className="card flex flex-wrap items-center justify-between gap-3 p-4" aria-labelledby={`submission-${item.id}`}>
                <div className="min-w-0 flex-1 basis-72 space-y-1">
                  <h2 id={`submission-${item.id}`} className="font-semibold">
                    <AppLink to={`/reviews/${item.id}`} className="hover:underline">
                      {item.member} · {item.lesson}
                    </AppLink>
                  </h2>
                  <p className="text-sm opacity-80">
                    {item.course} · version {item.version} · handed in {item.handedIn}
                    {item.hasFile ? " · with a file" : ""}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <SubmissionStatus status={item.status} />
                  <AppLink to={`/reviews/${item.id}`} className={buttonClasses(item.status === "submitted" ? "primary" : "outline", undefined, "sm")} aria-label={`${item.status === "submitted" ? "Review" : "Open"} ${item.member}'s ${item.lesson}`}>
                    {item.status === "submitted" ? "Review" : "Open"}
                  </AppLink>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} label="Queue pages" />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/" backLabel="Back to the Academy" />;
}
