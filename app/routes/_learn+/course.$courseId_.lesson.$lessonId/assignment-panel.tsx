import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { CriterionTable } from "~/components/assignments/criterion-table";
import { ReviewView, SubmissionStatus, SubmissionWork, type SubmissionView } from "~/components/assignments/submission-view";
import { buttonClasses } from "~/components/ui/button";
import { ErrorList, inputClasses, labelClasses } from "~/components/ui/field";
import { Pencil, Send } from "~/components/ui/icons";
import type { ApiAssignment } from "~/models/assessment/assignment.server";
import { handInFormSchema } from "~/schemas/assignment-forms";
import { MAX_SUBMISSION_TEXT } from "~/schemas/assignment";

// The lesson's assignment (issue 45): instructions, rubric, the hand-in form
// and the member's versions with their reviews. The form posts multipart to
// the lesson page's action, so a file goes in without JavaScript too; with it,
// conform checks that there is something to send and that the file fits.

export type AssignmentPanelData = Omit<ApiAssignment, "instructions"> & {
  standing: "none" | SubmissionView["status"];
  versions: SubmissionView[];
  /** For the file input's accept attribute, and said in words under it. */
  fileTypes: { accept: string; names: string };
};

export const HAND_IN_INTENT = "submit-assignment";

function HandInForm({ assignment }: { assignment: AssignmentPanelData }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === HAND_IN_INTENT;
  const schema = handInFormSchema(assignment);
  const [form, fields] = useForm({
    id: "assignment-form",
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const takesText = assignment.kinds.includes("text");
  const takesFile = assignment.kinds.includes("file");
  const fileHintId = `${fields.file.id}-hint`;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4" data-testid="assignment-form">
      <input type="hidden" name="intent" value={HAND_IN_INTENT} />
      {takesText ? (
        <div>
          <label htmlFor={fields.text.id} className={labelClasses}>
            Your answer{takesFile ? " (or attach a file, or both)" : ""}
          </label>
          <textarea {...getTextareaProps(fields.text)} rows={8} maxLength={MAX_SUBMISSION_TEXT} className={inputClasses} />
          <ErrorList id={fields.text.errorId} errors={fields.text.errors} />
        </div>
      ) : null}
      {takesFile ? (
        <div>
          <label htmlFor={fields.file.id} className={labelClasses}>
            Your file
          </label>
          <input
            {...getInputProps(fields.file, { type: "file" })}
            aria-describedby={[fileHintId, fields.file.errors ? fields.file.errorId : null].filter(Boolean).join(" ")}
            accept={assignment.fileTypes.accept}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:text-on-primary"
          />
          <p id={fileHintId} className="mt-1 text-xs opacity-80" data-testid="assignment-file-hint">
            One file, up to {assignment.maxFileMb} MB: {assignment.fileTypes.names}.
          </p>
          <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
        </div>
      ) : null}
      <button type="submit" className={buttonClasses("primary")} disabled={sending}>
        <Send className="h-4 w-4" aria-hidden /> {sending ? "Handing in..." : assignment.versions.length > 0 ? "Hand in a new version" : "Hand in"}
      </button>
    </Form>
  );
}

function standingNote(assignment: AssignmentPanelData): string | null {
  const latest = assignment.versions[0];
  if (assignment.standing === "submitted" && latest) {
    return `Version ${latest.version} is waiting for review. You can hand in a new version once a reviewer has looked at it.`;
  }
  if (assignment.standing === "passed") return "Your assignment passed review. There is nothing more to hand in.";
  if (assignment.standing === "revise") return "Your reviewer asked for a revision: read the feedback below and hand in a new version.";
  return null;
}

export function AssignmentPanel({ assignment }: { assignment: AssignmentPanelData }) {
  const note = standingNote(assignment);
  const formShown = assignment.standing === "none" || assignment.standing === "revise";
  return (
    <section id="assignment" className="card space-y-5" aria-labelledby="assignment-title">
      <header className="space-y-1">
        <h2 id="assignment-title" className="flex items-center gap-2 font-display text-2xl">
          <Pencil className="h-6 w-6" aria-hidden /> Assignment
        </h2>
        <p className="text-sm opacity-85" data-testid="assignment-summary">
          Pass with {assignment.passPoints} of {assignment.totalPoints} points ·{" "}
          {assignment.required ? "required to complete this lesson" : "optional practice"}
        </p>
      </header>

      <div className="prose-academy" data-testid="assignment-instructions" dangerouslySetInnerHTML={{ __html: assignment.instructionsHtml }} />

      <div>
        <h3 className="mb-2 font-display text-lg">Rubric</h3>
        <CriterionTable
          caption="How your work is scored"
          testId="assignment-rubric"
          rows={assignment.rubric.map(({ criterion, description, points }) => ({ criterion, description, points }))}
          total={{ label: `Total (pass with ${assignment.passPoints})`, points: assignment.totalPoints }}
        />
      </div>

      {note ? (
        <p className="rounded-lg border border-primary/30 bg-primary/10 p-3 text-sm" data-testid="assignment-standing">
          {note}
        </p>
      ) : null}
      {formShown ? <HandInForm assignment={assignment} /> : null}

      {assignment.versions.length > 0 ? (
        <div className="space-y-3">
          <h3 className="font-display text-lg">Your versions</h3>
          <ol className="space-y-4" aria-label="Your versions, newest first">
            {assignment.versions.map((version) => (
              <li key={version.id} className="space-y-3 rounded-lg border border-primary/25 p-4" data-testid="assignment-version">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">
                    Version {version.version} <span className="text-sm font-normal opacity-80">· handed in {version.createdLabel}</span>
                  </p>
                  <SubmissionStatus status={version.status} />
                </div>
                <SubmissionWork submission={version} />
                {version.review ? <ReviewView review={version.review} passPoints={assignment.passPoints} reviewedLabel={version.reviewedLabel} /> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
