import type { FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LessonBuilderHeader } from "~/components/admin/lesson-builder-header";
import { AdminForm, useAdminForm, type AdminFormReply } from "~/components/admin/admin-form";
import { ListRowControls, smallListButton } from "~/components/admin/list-row-controls";
import { PageErrorBoundary } from "~/components/error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { BoundCheckbox, BoundInput, BoundTextarea, ErrorList } from "~/components/ui/field";
import { Pencil, Plus, Trash2 } from "~/components/ui/icons";
import { AssignmentRefusal, deleteAssignment, getAssignmentForLesson, saveAssignment } from "~/models/assessment/assignment.server";
import { AssignmentFormSchema, EMPTY_CRITERION } from "~/schemas/assignment-forms";
import { DEFAULT_MAX_FILE_MB, MAX_CRITERIA, MAX_FILE_MB_LIMIT, rubricTotal } from "~/schemas/assignment";
import { requireManagedLesson } from "~/services/lesson-builder.server";
import { readForm } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

// The assignment builder of one lesson (issue 45): instructions, what members
// hand in, the file size limit, the rubric, the points to pass and whether
// passing completes the lesson. Adding, removing and moving criteria are
// conform intent buttons, as in the quiz builder: without JavaScript they post
// the form and it comes back changed, nothing saved. Saving replaces the
// assignment; submissions and their reviews stay.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Assignment: ${data.lesson.title} — Mystic Academy` : "Lesson not found — Mystic Academy" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { course, lesson } = await requireManagedLesson(request, context, params);
  const assignment = await getAssignmentForLesson(lesson.id);
  return json({
    course: { id: course.id, title: course.title },
    lesson: { id: lesson.id, title: lesson.title },
    assignment: assignment
      ? {
          instructions: assignment.instructions,
          kinds: assignment.kinds,
          maxFileMb: assignment.maxFileMb,
          rubric: assignment.rubric,
          passPoints: assignment.passPoints,
          required: assignment.required,
        }
      : null,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { course, lesson } = await requireManagedLesson(request, context, params);
  const lessonsPath = `/admin/courses/${course.id}/lessons`;
  const formData = await readForm(request);

  if (formData.get("intent") === "delete-assignment") {
    try {
      const removed = await deleteAssignment(lesson.id);
      return await redirectWithToast(lessonsPath, removed ? { type: "success", title: "Assignment removed", description: lesson.title } : { type: "error", title: "This lesson has no assignment" });
    } catch (error) {
      if (!(error instanceof AssignmentRefusal)) throw error;
      return await redirectWithToast(`${lessonsPath}/${lesson.id}/assignment`, { type: "error", title: "Assignment not removed", description: error.message }, { status: 303 });
    }
  }

  const submission = parseWithZod(formData, { schema: AssignmentFormSchema });
  if (submission.status !== "success") {
    return json<AdminFormReply>({ result: submission.reply(), notice: null }, { status: submission.status === "error" ? 400 : 200 });
  }
  const saved = await saveAssignment(lesson.id, submission.value);
  return await redirectWithToast(lessonsPath, {
    type: "success",
    title: "Assignment saved",
    description: `${lesson.title}: ${saved.rubric.length} ${saved.rubric.length === 1 ? "criterion" : "criteria"}, pass with ${saved.passPoints} of ${rubricTotal(saved.rubric)} points.`,
  });
}

type LoadedAssignment = ReturnType<typeof useLoaderData<typeof loader>>["assignment"];

function useAssignmentForm(assignment: LoadedAssignment, reply: AdminFormReply | undefined) {
  return useAdminForm({
    id: "assignment-form",
    schema: AssignmentFormSchema,
    reply,
    defaultValue: assignment
      ? {
          instructions: assignment.instructions,
          kinds: assignment.kinds,
          maxFileMb: assignment.maxFileMb,
          rubric: assignment.rubric.map((row) => ({ criterion: row.criterion, description: row.description, points: row.points })),
          passPoints: assignment.passPoints,
          required: assignment.required,
        }
      : { instructions: "", kinds: ["text", "file"], maxFileMb: DEFAULT_MAX_FILE_MB, rubric: [EMPTY_CRITERION], passPoints: undefined, required: true },
  });
}

type BuilderForm = ReturnType<typeof useAssignmentForm>[0];
type BuilderFields = ReturnType<typeof useAssignmentForm>[1];

const KIND_LABELS = { text: "Text written on the page", file: "A file (document, image or audio recording)" } as const;

/** The two kinds as checkboxes of one field: conform reads the ticked values as a list. */
function KindCheckboxes({ meta }: { meta: FieldMetadata<string[] | undefined> }) {
  const chosen = new Set(Array.isArray(meta.initialValue) ? meta.initialValue : meta.initialValue ? [meta.initialValue] : []);
  return (
    <fieldset aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Members hand in</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(["text", "file"] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-2">
            <input type="checkbox" name={meta.name} value={kind} defaultChecked={chosen.has(kind)} className="h-4 w-4" />
            <span>{KIND_LABELS[kind]}</span>
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

type CriterionField = ReturnType<BuilderFields["rubric"]["getFieldList"]>[number];

function CriterionRow({ form, listName, row, index, count }: { form: BuilderForm; listName: string; row: CriterionField; index: number; count: number }) {
  const parts = row.getFieldset();
  return (
    <fieldset className="rounded-lg border border-primary/30 bg-black/20 p-4">
      <legend className="px-1 text-sm font-semibold">Criterion {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <BoundInput label="Criterion" meta={parts.criterion} maxLength={200} />
        <BoundInput label="Points" meta={parts.points} type="number" min={1} max={100} />
      </div>
      <div className="mt-3">
        <BoundTextarea label="What a reviewer looks for (optional)" meta={parts.description} rows={2} />
      </div>
      <ErrorList id={row.errorId} errors={row.errors} />
      <ListRowControls form={form} listName={listName} index={index} count={count} noun="criterion" />
    </fieldset>
  );
}

export default function AssignmentBuilder() {
  const { course, lesson, assignment } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useAssignmentForm(assignment, actionData);
  const lessonsPath = `/admin/courses/${course.id}/lessons`;
  const criteria = fields.rubric.getFieldList();
  const total = criteria.reduce((sum, row) => sum + (Number(row.getFieldset().points.value) || 0), 0);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <LessonBuilderHeader
        backTo={lessonsPath}
        icon={<Pencil className="h-7 w-7" aria-hidden />}
        title="Lesson assignment"
        lesson={lesson.title}
        course={course.title}
        testId="assignment-lesson-title"
      >
        Members hand in practice work; the course&apos;s instructors and admins review it against the rubric. Work already handed in, and its reviews, stay when you change the assignment.
      </LessonBuilderHeader>

      <div className="card mt-6">
        <AdminForm form={form} reply={actionData} closeTo={lessonsPath} submit={{ label: assignment ? "Save assignment" : "Create assignment" }} divided>
          <BoundTextarea label="Instructions" meta={fields.instructions} rows={8} hint="Markdown: **bold**, lists, links. Members see it above the rubric." />
          <KindCheckboxes meta={fields.kinds} />
          <div className="flex flex-wrap items-end gap-6">
            <BoundInput label="File size limit (MB)" className="w-44" meta={fields.maxFileMb} type="number" min={1} max={MAX_FILE_MB_LIMIT} />
            <BoundInput label="Points to pass" className="w-36" meta={fields.passPoints} type="number" min={1} />
            <BoundCheckbox label="Passing review is required to complete the lesson" meta={fields.required} className="pb-2" />
          </div>

          <section aria-labelledby="rubric-title" className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="rubric-title" className="font-display text-xl">
                Rubric
              </h2>
              <p className="text-sm opacity-80" data-testid="rubric-total">
                Total: {total} {total === 1 ? "point" : "points"}
              </p>
            </div>
            <ErrorList id={fields.rubric.errorId} errors={fields.rubric.errors} />
            {criteria.length === 0 ? <p className="text-sm opacity-75">No criteria yet. Add at least one.</p> : null}
            <ol className="space-y-3">
              {criteria.map((row, index) => (
                <li key={row.key}>
                  <CriterionRow form={form} listName={fields.rubric.name} row={row} index={index} count={criteria.length} />
                </li>
              ))}
            </ol>
            {criteria.length < MAX_CRITERIA ? (
              <button {...form.insert.getButtonProps({ name: fields.rubric.name, defaultValue: EMPTY_CRITERION })} className={smallListButton()}>
                <Plus className="h-4 w-4" aria-hidden /> Add criterion
              </button>
            ) : null}
          </section>
        </AdminForm>
      </div>

      {assignment ? (
        <Form method="post" className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-400/40 p-4">
          <p className="text-sm">Removing the assignment also removes every version members handed in and its review. Not possible while work waits for review.</p>
          <button
            type="submit"
            name="intent"
            value="delete-assignment"
            className={buttonClasses("destructive", undefined, "sm")}
            onClick={(event) => {
              if (!window.confirm("Remove this assignment and all work handed in for it?")) event.preventDefault();
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Remove assignment
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/admin/courses" backLabel="Back to Courses" message="Please go back to the course's lessons and try again." />;
}
