import { getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { FileQuestion, Plus, Sparkles, Trash2 } from "~/components/ui/icons";
import { useHydrated } from "remix-utils/use-hydrated";
import { LessonBuilderHeader } from "~/components/admin/lesson-builder-header";
import { AdminForm, useAdminForm, useSubmittingIntent, type AdminFormReply } from "~/components/admin/admin-form";
import { ListRowControls, smallListButton } from "~/components/admin/list-row-controls";
import { PageErrorBoundary } from "~/components/error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { BoundCheckbox, BoundInput, BoundSelect, ErrorList, inputClasses, labelClasses } from "~/components/ui/field";
import { deleteQuiz, getQuizForLesson, saveQuiz, toAdminQuiz } from "~/models/assessment/quiz.server";
import { draftQuizQuestions } from "~/models/assessment/quiz-drafter.server";
import { EMPTY_QUESTION, QuizFormSchema, quizQuestionRows } from "~/schemas/admin-forms";
import type { Notice } from "~/schemas/notice";
import { QUESTION_TYPE_LABELS, QUESTION_TYPES } from "~/schemas/quiz";
import { requireManagedLesson } from "~/services/lesson-builder.server";
import { cn } from "~/utils/misc";
import { readForm } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

// The quiz builder of one lesson (issue 24): pass mark, attempts, shuffle and
// the questions. Add, remove and move are conform intent buttons (without
// JavaScript they post the form and come back changed, nothing saved), as is
// "Draft questions from this lesson", which appends drafted questions with the
// lesson sentence each one tests. Saving replaces the quiz; attempts already
// made keep their scores.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Quiz: ${data.lesson.title} — Mystic Academy` : "Lesson not found — Mystic Academy" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { course, lesson } = await requireManagedLesson(request, context, params);
  const quiz = await getQuizForLesson(lesson.id);
  return json({
    course: { id: course.id, title: course.title },
    lesson: { id: lesson.id, title: lesson.title },
    quiz: quiz ? toAdminQuiz(quiz) : null,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { course, lesson } = await requireManagedLesson(request, context, params);
  const lessonsPath = `/admin/courses/${course.id}/lessons`;
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "delete-quiz") {
    const removed = await deleteQuiz(lesson.id);
    return await redirectWithToast(lessonsPath, removed ? { type: "success", title: "Quiz deleted" } : { type: "error", title: "This lesson has no quiz" });
  }

  const submission = parseWithZod(formData, { schema: QuizFormSchema });
  if (intent === "draft") {
    const reply = submission.reply();
    const draft = await draftQuizQuestions(lesson, request.signal);
    const current = reply.initialValue?.questions;
    // Rows the admin left empty are replaced; anything they wrote stays, and the drafts follow.
    const kept = (Array.isArray(current) ? current : []).filter((row) => typeof row === "object" && row !== null && !Array.isArray(row) && String(row.prompt ?? "").trim() !== "");
    return json<AdminFormReply>({
      result: { ...reply, status: undefined, intent: undefined, error: {}, initialValue: { ...reply.initialValue, questions: [...kept, ...quizQuestionRows(draft.questions)] } },
      notice: {
        type: "success",
        title: `${draft.questions.length} questions drafted`,
        description: `${draft.notice ?? "Written by the AI provider from the lesson's text."} ${NOT_SAVED}`,
      },
    });
  }
  if (submission.status !== "success") {
    return json<AdminFormReply>({ result: submission.reply(), notice: null }, { status: submission.status === "error" ? 400 : 200 });
  }
  await saveQuiz(lesson.id, submission.value);
  return await redirectWithToast(lessonsPath, { type: "success", title: "Quiz saved", description: `${lesson.title}: ${submission.value.questions.length} questions.` });
}

const NOT_SAVED = "Nothing is saved until you save the quiz.";

type QuizForm = FormMetadata<ReturnType<typeof useQuizForm>[0] extends FormMetadata<infer S> ? S : never>;

function useQuizForm(quiz: ReturnType<typeof useLoaderData<typeof loader>>["quiz"], reply: AdminFormReply | undefined) {
  return useAdminForm({
    id: "quiz-form",
    schema: QuizFormSchema,
    reply,
    defaultValue: quiz
      ? { passingScore: quiz.passingScore, maxAttempts: quiz.maxAttempts, shuffle: quiz.shuffle, questions: quizQuestionRows(quiz.questions) }
      : { passingScore: 70, maxAttempts: 0, shuffle: false, questions: [EMPTY_QUESTION] },
  });
}

const DraftAnswer = z.object({
  questions: z.array(
    z.object({
      type: z.enum(QUESTION_TYPES),
      prompt: z.string(),
      options: z.array(z.string()).optional(),
      correct: z.array(z.number()).optional(),
      accepted: z.array(z.string()).optional(),
      explanation: z.string().optional(),
      source: z.string().optional(),
    }),
  ),
  notice: z.string().optional(),
});

export default function QuizBuilder() {
  const { course, lesson, quiz } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [draftNotice, setDraftNotice] = useState<Notice | null>(null);
  const [draftingInBrowser, setDraftingInBrowser] = useState(false);
  const reply = draftNotice ? { result: actionData?.result ?? {}, notice: draftNotice } : actionData;
  const [form, fields] = useQuizForm(quiz, actionData);
  const hydrated = useHydrated();
  const drafting = useSubmittingIntent("draft") || draftingInBrowser;

  // With JavaScript the draft comes from the JSON API and lands in the builder without a page post.
  async function draftInBrowser() {
    setDraftingInBrowser(true);
    try {
      const response = await fetch(`/api/lessons/${lesson.id}/quiz/draft`, { method: "POST", headers: { Accept: "application/json" } });
      const draft = DraftAnswer.parse(await response.json());
      const current = fields.questions.value;
      const kept = (Array.isArray(current) ? current : []).filter((row) => (row?.prompt ?? "").trim() !== "");
      form.update({ name: fields.questions.name, value: [...kept, ...quizQuestionRows(draft.questions)] });
      setDraftNotice({ type: "success", title: `${draft.questions.length} questions drafted`, description: `${draft.notice ?? "Written by the AI provider from the lesson's text."} ${NOT_SAVED}` });
    } catch {
      setDraftNotice({ type: "error", title: "No questions drafted", description: "The draft could not be made. Please try again." });
    } finally {
      setDraftingInBrowser(false);
    }
  }
  const lessonsPath = `/admin/courses/${course.id}/lessons`;
  const questions = fields.questions.getFieldList();

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <LessonBuilderHeader
        backTo={lessonsPath}
        icon={<FileQuestion className="h-7 w-7" aria-hidden />}
        title="Lesson quiz"
        lesson={lesson.title}
        course={course.title}
        testId="quiz-lesson-title"
      >
        Members complete this lesson by passing its quiz. Members who already took it keep their scores when you change it.
      </LessonBuilderHeader>

      <div className="card mt-6">
        <AdminForm form={form} reply={reply} closeTo={lessonsPath} submit={{ label: quiz ? "Save quiz" : "Create quiz" }} divided>
          <div className="flex flex-wrap items-end gap-6">
            <BoundInput label="Pass mark (%)" className="w-36" meta={fields.passingScore} type="number" min={0} max={100} />
            <BoundInput label="Attempts (0 = unlimited)" className="w-48" meta={fields.maxAttempts} type="number" min={0} max={100} />
            <BoundCheckbox label="Shuffle questions and options for each attempt" meta={fields.shuffle} className="pb-2" />
          </div>

          <section aria-labelledby="quiz-questions" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="quiz-questions" className="font-display text-xl">
                Questions
              </h2>
              <button
                type="submit"
                name="intent"
                value="draft"
                formNoValidate
                className={buttonClasses("outline", undefined, "sm")}
                disabled={drafting}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  void draftInBrowser();
                }}
              >
                <Sparkles className="h-4 w-4" aria-hidden /> {drafting ? "Drafting..." : "Draft questions from this lesson"}
              </button>
            </div>
            <ErrorList id={fields.questions.errorId} errors={fields.questions.errors} />
            {questions.length === 0 ? <p className="text-sm opacity-75">No questions yet. Add one, or draft them from the lesson.</p> : null}
            <ol className="space-y-3">
              {questions.map((question, index) => (
                <li key={question.key}>
                  <QuestionRow form={form} list={fields.questions} question={question} index={index} count={questions.length} />
                </li>
              ))}
            </ol>
            <button {...form.insert.getButtonProps({ name: fields.questions.name, defaultValue: EMPTY_QUESTION })} className={smallListButton()}>
              <Plus className="h-4 w-4" aria-hidden /> Add question
            </button>
          </section>
        </AdminForm>
      </div>

      {quiz ? (
        <Form method="post" className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-400/40 p-4">
          <p className="text-sm">Deleting the quiz also deletes its attempts; the lesson is then completed like any other.</p>
          <button
            type="submit"
            name="intent"
            value="delete-quiz"
            className={buttonClasses("destructive", undefined, "sm")}
            onClick={(event) => {
              if (!window.confirm("Delete this quiz and its attempts?")) event.preventDefault();
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete quiz
          </button>
        </Form>
      ) : null}
    </div>
  );
}

type QuestionsField = QuizForm extends FormMetadata<infer S> ? FieldMetadata<S["questions"]> : never;

function QuestionRow({
  form,
  list,
  question,
  index,
  count,
}: {
  form: QuizForm;
  list: QuestionsField;
  question: ReturnType<QuestionsField["getFieldList"]>[number];
  index: number;
  count: number;
}) {
  const hydrated = useHydrated();
  const row = question.getFieldset();
  const type = row.type.value ?? "single";
  const number = index + 1;
  // Options and correct answers are checked together: their messages go under the options.
  const correctErrors = (row as unknown as Record<string, { errors?: string[] }>).correct?.errors;
  const shows = (wanted: string[]) => !hydrated || wanted.includes(type);
  return (
    <fieldset className="rounded-lg border border-primary/30 bg-black/20 p-4">
      <legend className="px-1 text-sm font-semibold">Question {number}</legend>
      <div className="grid gap-3 sm:grid-cols-[14rem_1fr]">
        <BoundSelect label="Type" meta={row.type} options={QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] }))} />
        <div>
          <label htmlFor={row.prompt.id} className={labelClasses}>
            Question
          </label>
          <textarea {...getTextareaProps(row.prompt)} rows={2} className={inputClasses} />
          <ErrorList id={row.prompt.errorId} errors={row.prompt.errors} />
        </div>
      </div>
      <div className={cn("mt-3", !shows(["single", "multiple"]) && "hidden")}>
        <label htmlFor={row.options.id} className={labelClasses}>
          Options{hydrated ? "" : " (one and several correct answers)"}
        </label>
        <textarea {...getTextareaProps(row.options)} rows={4} className={inputClasses} placeholder={"One option per line\n* Start the correct ones with a star"} />
        <p className="mt-1 text-xs opacity-75">One option per line; start the correct ones with *.</p>
        <ErrorList id={row.options.errorId} errors={[...(row.options.errors ?? []), ...(correctErrors ?? [])]} />
      </div>
      <div className={cn("mt-3 w-48", !shows(["true_false"]) && "hidden")}>
        <BoundSelect
          label={hydrated ? "The statement is" : "The statement is (true or false questions)"}
          meta={row.truth}
          options={[
            { value: "true", label: "True" },
            { value: "false", label: "False" },
          ]}
        />
        {type === "true_false" ? <ErrorList errors={correctErrors} /> : null}
      </div>
      <div className={cn("mt-3", !shows(["short"]) && "hidden")}>
        <label htmlFor={row.accepted.id} className={labelClasses}>
          Accepted answers{hydrated ? "" : " (short-answer questions)"}
        </label>
        <textarea {...getTextareaProps(row.accepted)} rows={2} className={inputClasses} placeholder="One accepted answer per line" />
        <p className="mt-1 text-xs opacity-75">Case, and spaces around and between words, are ignored when answers are compared.</p>
        <ErrorList id={row.accepted.errorId} errors={row.accepted.errors} />
      </div>
      <div className="mt-3">
        <BoundInput label="Explanation (shown after an attempt)" meta={row.explanation} />
      </div>
      <input type="hidden" name={row.source.name} value={row.source.value ?? ""} />
      {row.source.value ? (
        <p className="mt-3 rounded-md border border-accent/40 bg-accent/10 p-2 text-sm" data-testid="draft-source">
          <span className="font-semibold">Tests this sentence of the lesson:</span> “{row.source.value}”
        </p>
      ) : null}
      <ErrorList id={question.errorId} errors={question.errors} />
      <ListRowControls form={form} listName={list.name} index={index} count={count} noun="question" />
    </fieldset>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/admin/courses" backLabel="Back to Courses" message="Please go back to the course's lessons and try again." />;
}
