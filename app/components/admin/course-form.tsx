import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormNotice, type Notice } from "~/components/admin/notice";
import { uploadFile, type UploadOutcome } from "~/components/admin/upload";
import { showToast } from "~/components/toaster";
import { buttonClasses } from "~/components/ui/button";
import { ErrorList, Field, FormErrors, inputClasses, labelClasses, TextareaField } from "~/components/ui/field";
import type { CourseSummary } from "~/models/course.server";
import { cn } from "~/utils/misc";
import { CourseFormSchema, IMAGE_ACCEPT, MAX_IMAGE_BYTES, type CourseFormInput } from "~/schemas/admin-forms";
import type { CourseInput } from "~/schemas/course";

export const COURSE_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

export type EditableCourse = Pick<
  CourseSummary,
  "id" | "title" | "description" | "imageUrl" | "level" | "rating" | "lessons" | "duration" | "isActive" | "isPremium"
>;

/** Checks a chosen image in the browser before it is sent; the server checks the bytes. */
function describeImageProblem(file: File): string | null {
  if (!IMAGE_ACCEPT.split(",").includes(file.type)) return "Please select a valid image file";
  if (file.size > MAX_IMAGE_BYTES) return "Image must be smaller than 5MB";
  return null;
}

/**
 * Creates or edits a course. It posts multipart/form-data to the page's own
 * action, image file included, so it works without JavaScript; with it, a
 * chosen image is uploaded at once and its address fills "Image URL".
 */
export function CourseForm({
  course,
  lastResult,
  notice,
  closeTo,
}: {
  course: EditableCourse | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  notice: Notice | null | undefined;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm<CourseFormInput, CourseInput>({
    id: course ? `course-form-${course.id}` : "course-form-new",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: course
      ? {
          title: course.title,
          description: course.description,
          imageUrl: course.imageUrl ?? "",
          level: course.level,
          rating: course.rating,
          lessons: String(Math.max(1, course.lessons)),
          duration: course.duration,
          isActive: course.isActive,
          isPremium: course.isPremium,
        }
      : { level: "Beginner", rating: "4.5", lessons: "1", isActive: true, isPremium: false },
    // Checked when sent, then as the admin types: errors appearing on blur would
    // move the buttons under the pointer and swallow the click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CourseFormSchema }),
  });

  async function uploadChosenImage(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = describeImageProblem(file);
    let outcome: UploadOutcome;
    if (problem) {
      outcome = { ok: false, message: problem };
    } else {
      setUploading(true);
      outcome = await uploadFile("image", file);
      setUploading(false);
    }
    // The file has been dealt with either way; do not send it again with the form.
    input.value = "";
    if (outcome.ok) {
      form.update({ name: fields.imageUrl.name, value: outcome.url });
      showToast({ type: "success", title: "Image uploaded successfully!" });
    } else {
      showToast({ type: "error", title: "Failed to upload image", description: outcome.message });
    }
  }

  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const imageUrl = fields.imageUrl.value;
  const preview = imageUrl && (imageUrl.startsWith("/") || imageUrl.startsWith("https://")) ? imageUrl : null;

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <FormNotice notice={notice} />
      {course ? <input type="hidden" name="courseId" value={course.id} /> : null}
      <FormErrors errors={form.errors} />

      <Field label="Title" errors={fields.title.errors} inputProps={getInputProps(fields.title, { type: "text" })} />

      <TextareaField
        label="Description"
        errors={fields.description.errors}
        errorId={fields.description.errorId}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
      />

      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <div className="space-y-3">
          <div>
            <label htmlFor={fields.image.id} className={labelClasses}>
              Image
            </label>
            <input
              {...getInputProps(fields.image, { type: "file" })}
              accept={IMAGE_ACCEPT}
              disabled={uploading}
              onChange={hydrated ? uploadChosenImage : undefined}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:text-on-primary disabled:opacity-60"
            />
            {uploading ? (
              <p role="status" className="mt-1 text-sm text-accent">
                Uploading...
              </p>
            ) : (
              <p className="mt-1 text-xs opacity-70">JPG, PNG or WebP, up to 5MB. A chosen file wins over the address below.</p>
            )}
            <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
          </div>
          <Field
            label="Image URL"
            errors={fields.imageUrl.errors}
            inputProps={{ ...getInputProps(fields.imageUrl, { type: "text" }), placeholder: "https://… or /uploads/images/…" }}
          />
        </div>
        {preview ? <img src={preview} alt="Course image preview" className="h-28 w-44 rounded-md object-cover" /> : null}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.level.id} className={labelClasses}>
            Level
          </label>
          <select {...getSelectProps(fields.level)} className={inputClasses}>
            {COURSE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
          <ErrorList id={fields.level.errorId} errors={fields.level.errors} />
        </div>
        <Field label="Rating" errors={fields.rating.errors} inputProps={{ ...getInputProps(fields.rating, { type: "text" }), inputMode: "decimal" }} />
        <div>
          <label htmlFor={fields.lessons.id} className={labelClasses}>
            Lessons
          </label>
          <input
            {...getInputProps(fields.lessons, { type: "number" })}
            min={1}
            readOnly
            aria-describedby={`${fields.lessons.id}-hint`}
            className={cn(inputClasses, "opacity-70")}
          />
          <p id={`${fields.lessons.id}-hint`} className="mt-1 text-xs opacity-70">
            Counted from the lessons you add
          </p>
          <ErrorList errors={fields.lessons.errors} />
        </div>
        <Field
          label="Duration"
          errors={fields.duration.errors}
          inputProps={{ ...getInputProps(fields.duration, { type: "text" }), placeholder: "e.g. 4 weeks" }}
        />
      </div>

      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2">
          <input {...getInputProps(fields.isActive, { type: "checkbox" })} className="h-4 w-4" />
          <span>Active</span>
        </label>
        <label className="flex items-center gap-2">
          <input {...getInputProps(fields.isPremium, { type: "checkbox" })} className="h-4 w-4" />
          <span>Premium only</span>
        </label>
      </div>

      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClasses("ghost")}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="save" className={buttonClasses("primary")} disabled={saving || uploading}>
          {saving ? "Saving..." : course ? "Update Course" : "Create Course"}
        </button>
      </div>
    </Form>
  );
}
