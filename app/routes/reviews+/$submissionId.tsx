import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ReviewView, SubmissionStatus, SubmissionWork } from "~/components/assignments/submission-view";
import { PageErrorBoundary } from "~/components/error-boundary";
import { AppLink } from "~/components/ui/app-link";
import { buttonClasses } from "~/components/ui/button";
import { ErrorList, FormErrors, inputClasses, labelClasses } from "~/components/ui/field";
import { ArrowLeft, CheckCircle2, RotateCcw } from "~/components/ui/icons";
import {
  AssignmentRefusal,
  findSubmissionForViewer,
  getSubmissionContext,
  listOwnSubmissions,
  reviewSubmission,
  toApiSubmission,
} from "~/models/assessment/assignment.server";
import { rubricTotal, MAX_FEEDBACK } from "~/schemas/assignment";
import { reviewFormSchema } from "~/schemas/assignment-forms";
import { requireStaff } from "~/services/auth.server";
import { readForm } from "~/utils/form-data.server";
import { renderMarkdown } from "~/utils/markdown.server";
import { invariantResponse, parseRouteId } from "~/utils/misc";
import { formatDateTime } from "~/utils/time-zone";
import { viewerTimeZone } from "~/utils/time-zone.server";
import { redirectWithToast } from "~/utils/toast.server";

// One submission beside its rubric (issue 45): the reviewer gives points per
// criterion, writes feedback and presses "Pass" or "Ask for revision" (the
// button is the decision). A plain POST, so it works without JavaScript; the
// rules (points within the rubric, the decision agreeing with them, one
// review only) are the model's, and their messages come back on the form.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Review: ${data.member.name}, ${data.lesson.title} — Mystic Academy` : "Submission not found — Mystic Academy" },
];

// The model's words for it (ASSIGNMENT_TEXTS.submissionNotFound); the boundary runs in the browser too.
const NOT_FOUND = "Submission not found";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const reviewer = await requireStaff(request, context);
  const id = parseRouteId(params.submissionId);
  const found = id === null ? undefined : await findSubmissionForViewer(id, reviewer);
  // Another course's work is not there for this reviewer, as for anyone else.
  invariantResponse(found?.asReviewer, NOT_FOUND, { status: 404 });
  const { submission, assignment, lesson, course, member } = found;
  const timeZone = viewerTimeZone(request);
  const view = (row: typeof submission) => {
    const shown = toApiSubmission(row);
    return { ...shown, createdLabel: formatDateTime(shown.createdAt, timeZone), reviewedLabel: shown.review ? formatDateTime(shown.review.reviewedAt, timeZone) : null };
  };
  const earlier = (await listOwnSubmissions(assignment.id, member.id)).filter((row) => row.version < submission.version);
  return json({
    submission: view(submission),
    earlier: earlier.map(view),
    assignment: { instructionsHtml: renderMarkdown(assignment.instructions), rubric: assignment.rubric, passPoints: assignment.passPoints, totalPoints: rubricTotal(assignment.rubric) },
    lesson: { id: lesson.id, title: lesson.title },
    course: { id: course.id, title: course.title },
    member: { name: member.name?.trim() || member.username, username: member.username },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const reviewer = await requireStaff(request, context);
  const id = parseRouteId(params.submissionId);
  const found = id === null ? undefined : await getSubmissionContext(id);
  invariantResponse(id !== null && found, NOT_FOUND, { status: 404 });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: reviewFormSchema(found.assignment.rubric.map((criterion) => criterion.points)) });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  }
  try {
    const { submission: reviewed, completion } = await reviewSubmission(reviewer, id, submission.value);
    const who = found.member.name?.trim() || found.member.username;
    return await redirectWithToast("/reviews", {
      type: "success",
      title: reviewed.status === "passed" ? "Passed" : "Revision requested",
      description:
        reviewed.status === "passed"
          ? `${who}'s “${found.lesson.title}”: ${reviewed.totalPoints ?? 0} points.${completion?.certificate ? " The course is complete and the certificate was issued." : ""}`
          : `${who} is asked to hand in a new version of “${found.lesson.title}”.`,
    });
  } catch (error) {
    if (!(error instanceof AssignmentRefusal)) throw error;
    // Not a reviewer of this course: the same 404 as the page.
    invariantResponse(error.status !== 404 && error.status !== 403, NOT_FOUND, { status: 404 });
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
}

function ReviewForm({ rubric, passPoints }: { rubric: { criterion: string; description: string; points: number }[]; passPoints: number }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const deciding = navigation.state !== "idle" ? navigation.formData?.get("decision") : null;
  const schema = reviewFormSchema(rubric.map((criterion) => criterion.points));
  const [form, fields] = useForm({
    id: "review-form",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { scores: rubric.map((_, index) => ({ criterion: index })), feedback: "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const alert = useRef<HTMLDivElement>(null);
  // A refusal from the server (the decision against the points, already reviewed) takes the focus, as conform gives it to a wrong field.
  useEffect(() => {
    if (form.errors?.length) alert.current?.focus();
  }, [form.errors]);
  const scores = fields.scores.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5" data-testid="review-form">
      <div ref={alert} tabIndex={-1} className="outline-none">
        <FormErrors errors={form.errors} title="The review was not saved" />
      </div>
      <fieldset className="space-y-4">
        <legend className="mb-1 font-display text-lg">Points per criterion</legend>
        <p className="text-sm opacity-80">Passing needs {passPoints} points in all.</p>
        {scores.map((score, index) => {
          const criterion = rubric[index];
          if (!criterion) return null;
          const parts = score.getFieldset();
          const hintId = `${parts.points.id}-hint`;
          return (
            <div key={score.key} className="rounded-lg border border-primary/25 p-3">
              <input type="hidden" name={parts.criterion.name} value={index} />
              <div className="flex flex-wrap items-end justify-between gap-3">
                <div className="min-w-0 flex-1 basis-48">
                  <label htmlFor={parts.points.id} className={labelClasses}>
                    {criterion.criterion}
                  </label>
                  <p id={hintId} className="text-xs opacity-80">
                    {criterion.description ? `${criterion.description} ` : ""}(0 to {criterion.points} points)
                  </p>
                </div>
                <span className="flex items-center gap-2">
                  <input
                    {...getInputProps(parts.points, { type: "number" })}
                    min={0}
                    max={criterion.points}
                    step={1}
                    inputMode="numeric"
                    aria-describedby={[hintId, parts.points.errors ? parts.points.errorId : null].filter(Boolean).join(" ")}
                    className={`${inputClasses} w-20`}
                  />
                  <span className="text-sm opacity-80" aria-hidden>
                    / {criterion.points}
                  </span>
                </span>
              </div>
              <ErrorList id={parts.points.errorId} errors={parts.points.errors} />
            </div>
          );
        })}
        <ErrorList id={fields.scores.errorId} errors={fields.scores.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.feedback.id} className={labelClasses}>
          Feedback for the member
        </label>
        <textarea {...getTextareaProps(fields.feedback)} rows={7} maxLength={MAX_FEEDBACK} className={inputClasses} aria-describedby={`${fields.feedback.id}-hint`} />
        <p id={`${fields.feedback.id}-hint`} className="mt-1 text-xs opacity-80">
          Markdown. The member reads it on the lesson page with the points.
        </p>
        <ErrorList id={fields.feedback.errorId} errors={fields.feedback.errors} />
      </div>
      <ErrorList id={fields.decision.errorId} errors={fields.decision.errors} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="decision" value="passed" className={buttonClasses("primary")} disabled={Boolean(deciding)}>
          <CheckCircle2 className="h-4 w-4" aria-hidden /> {deciding === "passed" ? "Saving..." : "Pass"}
        </button>
        <button type="submit" name="decision" value="revise" className={buttonClasses("outline")} disabled={Boolean(deciding)}>
          <RotateCcw className="h-4 w-4" aria-hidden /> {deciding === "revise" ? "Saving..." : "Ask for revision"}
        </button>
      </div>
    </Form>
  );
}

export default function ReviewSubmission() {
  const { submission, earlier, assignment, lesson, course, member } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <AppLink to="/reviews" className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Review queue
      </AppLink>
      <header className="mt-4 space-y-2">
        <h1 className="font-display text-3xl">
          {member.name}: {lesson.title}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm opacity-90">
          <span>
            {course.title} · version {submission.version} · handed in {submission.createdLabel}
          </span>
          <SubmissionStatus status={submission.status} />
        </p>
      </header>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <section className="card space-y-4" aria-labelledby="work-title">
          <h2 id="work-title" className="font-display text-2xl">
            The work
          </h2>
          {submission.text || submission.file ? <SubmissionWork submission={submission} mediaInline /> : <p className="opacity-80">Nothing was handed in.</p>}
          <details className="rounded-lg border border-primary/20 p-3">
            <summary className="cursor-pointer font-medium">The assignment&apos;s instructions</summary>
            <div className="prose-academy mt-2 text-sm" dangerouslySetInnerHTML={{ __html: assignment.instructionsHtml }} />
          </details>
          {earlier.length > 0 ? (
            <div className="space-y-3">
              <h3 className="font-display text-lg">Earlier versions</h3>
              <ol className="space-y-3">
                {earlier.map((version) => (
                  <li key={version.id}>
                    <details className="rounded-lg border border-primary/20 p-3">
                      <summary className="cursor-pointer">
                        Version {version.version} · {version.createdLabel}
                      </summary>
                      <div className="mt-3 space-y-3">
                        <SubmissionWork submission={version} />
                        {version.review ? <ReviewView review={version.review} passPoints={assignment.passPoints} reviewedLabel={version.reviewedLabel} /> : null}
                      </div>
                    </details>
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
        </section>

        <section className="card space-y-4" aria-labelledby="rubric-title">
          <h2 id="rubric-title" className="font-display text-2xl">
            Rubric
          </h2>
          {submission.review ? (
            <>
              <p className="text-sm" data-testid="already-reviewed">
                This version has been reviewed: {submission.status === "passed" ? "passed" : "revision requested"}.
              </p>
              <ReviewView review={submission.review} passPoints={assignment.passPoints} reviewedLabel={submission.reviewedLabel} />
            </>
          ) : (
            <ReviewForm rubric={assignment.rubric} passPoints={assignment.passPoints} />
          )}
          <p className="text-sm opacity-80">
            <AppLink to={`/course/${course.id}/lesson/${lesson.id}`} className="text-accent underline">
              Open the lesson
            </AppLink>
          </p>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/reviews" backLabel="Back to the queue" notFoundTitle={NOT_FOUND} />;
}
