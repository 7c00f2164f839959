import { getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Plus, Sparkles } from "~/components/ui/icons";
import { useState, type ChangeEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { AdminForm, useAdminForm, useSubmittingIntent, type AdminFormProps } from "~/components/admin/admin-form";
import { ListRowControls, smallListButton } from "~/components/admin/list-row-controls";
import type { Notice } from "~/schemas/notice";
import { uploadFile } from "~/components/admin/upload";
import { showToast } from "~/components/toaster";
import { buttonClasses } from "~/components/ui/button";
import { BoundCheckbox, BoundInput, BoundSelect, BoundTextarea, ErrorList, inputClasses, labelClasses } from "~/components/ui/field";
import type { LessonView } from "~/models/learning/lesson.server";
import { sampleLessonSections } from "~/models/learning/lesson-samples";
import { EMPTY_SECTION, LessonFormSchema } from "~/schemas/admin-forms";
import type { SectionInput } from "~/schemas/lesson";
import { cn } from "~/utils/misc";
import { instantToWallTime } from "~/utils/time-zone";

export type EditableLesson = Pick<LessonView, "id" | "title" | "description" | "isActive" | "estimatedMinutes" | "releaseAfterDays"> & {
  /** ISO instant, as the loader's JSON carries it. */
  releaseAt: string | null;
  contentSections: Array<Pick<LessonView["contentSections"][number], "type" | "title" | "content" | "url">>;
};

export const SECTION_TYPES = ["text", "image", "video"] as const;
const SECTION_TYPE_LABELS: Record<(typeof SECTION_TYPES)[number], string> = { text: "Text", image: "Image", video: "Video" };

export const GENERATED_NOTICE: Notice = {
  type: "success",
  title: "Sample Content Added",
  description: "Generated sample lesson structure. You can edit or replace these sections.",
};

/** The builder's rows as form values: every field a string, as a browser would post it. */
export function sectionRows(sections: ReadonlyArray<Pick<SectionInput, "type" | "title" | "content"> & { url?: string | null }>) {
  return sections.map((s) => ({ type: s.type, title: s.title, content: s.content ?? "", url: s.url ?? "" }));
}

const GeneratedAnswer = z.object({
  contentSections: z.array(
    z.object({ type: z.enum(SECTION_TYPES), title: z.string(), content: z.string().optional(), url: z.string().optional() }),
  ),
  generated: z.boolean().optional(),
});

type LessonForm = FormMetadata<z.input<typeof LessonFormSchema>>;
type SectionField = FieldMetadata<z.input<typeof LessonFormSchema>["contentSections"]>;

/**
 * Creates or edits a lesson with its content sections. Add, remove and move
 * are conform intent buttons: with JavaScript they act at once in the
 * browser; without, they post the form and the page comes back with the rows
 * changed and nothing saved. "Generate" works the same way.
 */
export function LessonForm({
  lesson,
  courseId,
  courseTitle,
  timeZone,
  reply,
  closeTo,
  captionsHref = null,
}: AdminFormProps & {
  lesson: EditableLesson | null;
  courseId: number;
  courseTitle: string;
  timeZone: string;
  /** The saved lesson's captions page (issue 38); null for a new lesson. */
  captionsHref?: string | null;
}) {
  const [generating, setGenerating] = useState(false);
  const [form, fields] = useAdminForm({
    id: lesson ? `lesson-form-${lesson.id}` : "lesson-form-new",
    schema: LessonFormSchema,
    reply,
    defaultValue: lesson
      ? {
          title: lesson.title,
          description: lesson.description,
          estimatedMinutes: lesson.estimatedMinutes,
          isActive: lesson.isActive,
          releaseAfterDays: lesson.releaseAfterDays ?? undefined,
          // The day on the editor's wall clock: the form posts it back as that day's midnight there.
          releaseOn: lesson.releaseAt ? instantToWallTime(lesson.releaseAt, timeZone).slice(0, 10) : undefined,
          contentSections: sectionRows(lesson.contentSections),
        }
      : { estimatedMinutes: 20, isActive: true, contentSections: [EMPTY_SECTION] },
  });

  async function generateInBrowser() {
    const title = fields.title.value?.trim() ?? "";
    if (!title) {
      showToast({ type: "error", title: "Please enter a lesson title first" });
      return;
    }
    const input = { title, description: fields.description.value ?? "", courseTitle, courseId };
    setGenerating(true);
    let sections: Parameters<typeof sectionRows>[0];
    let generated = false;
    try {
      const response = await fetch("/api/generate-lesson-content", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(input),
      });
      const answer = GeneratedAnswer.parse(await response.json());
      sections = answer.contentSections.map((s) => ({ ...s, content: s.content ?? "" }));
      generated = answer.generated ?? false;
    } catch {
      // Spec: when generation fails, three sample sections are filled in here.
      sections = sampleLessonSections(input);
    } finally {
      setGenerating(false);
    }
    form.update({ name: fields.contentSections.name, value: sectionRows(sections) });
    showToast(generated ? { type: "success", title: "Content Generated!" } : GENERATED_NOTICE);
  }

  const hydrated = useHydrated();
  const submittingGenerate = useSubmittingIntent("generate");
  const sections = fields.contentSections.getFieldList();

  return (
    <AdminForm
      form={form}
      reply={reply}
      record={lesson ? { name: "lessonId", id: lesson.id } : null}
      closeTo={closeTo}
      submit={{ label: lesson ? "Update Lesson" : "Create Lesson" }}
      divided
    >
      <BoundInput label="Title" meta={fields.title} />
      <BoundTextarea label="Description" meta={fields.description} rows={2} />
      <div className="flex flex-wrap items-end gap-6">
        <BoundInput label="Estimated minutes" className="w-40" meta={fields.estimatedMinutes} type="number" min={1} max={1440} />
        <BoundCheckbox label="Active" meta={fields.isActive} className="pb-2" />
      </div>

      <fieldset className="space-y-3" aria-describedby={`${form.id}-release-hint`}>
        <legend className="font-display text-xl">Scheduled release</legend>
        <p id={`${form.id}-release-hint`} className="text-sm opacity-75">
          Leave both empty to open the lesson from the start. With both, it opens at the later of the two. Dates are at midnight,{" "}
          {timeZone}.
        </p>
        <div className="flex flex-wrap items-start gap-6">
          <BoundInput label="Release after (days)" className="w-48" meta={fields.releaseAfterDays} type="number" min={0} max={3650} />
          <BoundInput label="Release on (date)" className="w-48" meta={fields.releaseOn} type="date" min="2000-01-01" max="2100-12-31" />
        </div>
      </fieldset>

      <section aria-labelledby={`${form.id}-sections`} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${form.id}-sections`} className="font-display text-xl">
            Content sections
          </h3>
          <button
            type="submit"
            name="intent"
            value="generate"
            formNoValidate
            className={buttonClasses("outline", undefined, "sm")}
            disabled={generating || submittingGenerate}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              void generateInBrowser();
            }}
          >
            <Sparkles className="h-4 w-4" aria-hidden />
            {generating || submittingGenerate ? "Generating..." : "Generate with AI"}
          </button>
        </div>
        <ErrorList id={fields.contentSections.errorId} errors={fields.contentSections.errors} />
        {sections.length === 0 ? <p className="text-sm opacity-75">No sections yet. Add one, or generate a starting structure.</p> : null}
        <ol className="space-y-3">
          {sections.map((section, index) => (
            <li key={section.key}>
              <SectionRow form={form} list={fields.contentSections} section={section} index={index} count={sections.length} captionsHref={captionsHref} />
            </li>
          ))}
        </ol>
        <button
          {...form.insert.getButtonProps({ name: fields.contentSections.name, defaultValue: EMPTY_SECTION })}
          className={smallListButton()}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add section
        </button>
      </section>
    </AdminForm>
  );
}

function SectionRow({
  form,
  list,
  section,
  index,
  count,
  captionsHref,
}: {
  form: LessonForm;
  list: SectionField;
  section: ReturnType<SectionField["getFieldList"]>[number];
  index: number;
  count: number;
  captionsHref: string | null;
}) {
  const hydrated = useHydrated();
  const [uploading, setUploading] = useState(false);
  const row = section.getFieldset();
  const type = row.type.value ?? "text";
  const number = index + 1;
  const uploadKind = type === "video" ? "video" : "image";

  async function uploadForRow(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploading(true);
    const outcome = await uploadFile(uploadKind, file);
    setUploading(false);
    input.value = "";
    const noun = uploadKind === "video" ? "Video" : "Image";
    if (outcome.ok) {
      form.update({ name: row.url.name, value: outcome.url });
      showToast({ type: "success", title: `${noun} uploaded successfully!` });
    } else {
      showToast({ type: "error", title: `Failed to upload ${uploadKind}`, description: outcome.message });
    }
  }

  return (
    <fieldset className="rounded-lg border border-primary/30 bg-black/20 p-4">
      <legend className="px-1 text-sm font-semibold">Section {number}</legend>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <BoundSelect label="Section type" meta={row.type} options={SECTION_TYPES.map((type) => ({ value: type, label: SECTION_TYPE_LABELS[type] }))} />
        <BoundInput label="Section title" meta={row.title} />
      </div>
      <div className="mt-3">
        <label htmlFor={row.content.id} className={labelClasses}>
          Section content
        </label>
        <textarea {...getTextareaProps(row.content)} rows={4} className={inputClasses} placeholder="Markdown is welcome" />
        <ErrorList id={row.content.errorId} errors={row.content.errors} />
      </div>
      {/* Hidden, not removed, for text rows: the typed address survives a change of type. */}
      <div className={cn("mt-3 grid gap-3 sm:grid-cols-[1fr_auto]", hydrated && type === "text" && "hidden")}>
        <BoundInput
          label={hydrated ? "Section URL" : "Section URL (image and video sections)"}
          meta={row.url}
          placeholder="https://… or /uploads/…"
        />
        {hydrated ? (
          <div>
            <label htmlFor={`${row.url.id}-file`} className={labelClasses}>
              Upload a file for this section
            </label>
            <input
              id={`${row.url.id}-file`}
              type="file"
              accept={uploadKind === "video" ? "video/mp4,video/webm" : "image/jpeg,image/png,image/webp"}
              disabled={uploading}
              onChange={uploadForRow}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:text-on-primary"
            />
            {uploading ? (
              <p role="status" className="mt-1 text-sm text-accent">
                Uploading...
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      {type === "video" ? (
        <p className="mt-3 text-sm opacity-80" data-testid="section-captions-hint">
          Captions and transcript for an uploaded video:{" "}
          {captionsHref ? (
            <a href={captionsHref} className="text-accent underline">
              add, replace or delete them on the lesson&apos;s Captions page
            </a>
          ) : (
            "save the lesson first, then open its Captions page"
          )}{" "}
          (.vtt or .srt; saving this form keeps them with their video).
        </p>
      ) : null}
      <ErrorList id={section.errorId} errors={section.errors} />
      <ListRowControls form={form} listName={list.name} index={index} count={count} noun="section" />
    </fieldset>
  );
}
