import { getInputProps } from "@conform-to/react";
import { useState, type ChangeEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AdminForm, useAdminForm, type AdminFormProps } from "~/components/admin/admin-form";
import { uploadFile, type UploadOutcome } from "~/components/admin/upload";
import { showToast } from "~/components/toaster";
import { BoundCheckbox, BoundFileInput, BoundInput, BoundSelect, BoundTextarea, ErrorList, inputClasses, labelClasses } from "~/components/ui/field";
import type { CourseSummary } from "~/models/learning/course.server";
import { cn } from "~/utils/misc";
import { CourseFormSchema, IMAGE_ACCEPT, MAX_IMAGE_BYTES } from "~/schemas/admin-forms";

export const COURSE_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

export type EditableCourse = Pick<
  CourseSummary,
  "id" | "title" | "description" | "imageUrl" | "level" | "rating" | "lessons" | "duration" | "isActive" | "isPremium"
> & { instructorIds?: number[] };

/** A member with the instructor role, as the admin's course form lists them. */
export interface InstructorChoice {
  id: number;
  name: string;
}

/** A course setting the viewer may see but not change. */
function ReadOnlyCheckbox({ label, checked }: { label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 opacity-70">
      <input type="checkbox" checked={checked} disabled readOnly className="h-4 w-4" />
      <span>{label}</span>
    </label>
  );
}

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
  reply,
  closeTo,
  instructors,
  mayPublish,
}: AdminFormProps & {
  course: EditableCourse | null;
  /** Admins only: who may be named; null hides the list. */
  instructors: InstructorChoice[] | null;
  /** Admins only: "Active" and "Premium only" can be changed; instructors see them read-only (issue 39). */
  mayPublish: boolean;
}) {
  const hydrated = useHydrated();
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useAdminForm({
    id: course ? `course-form-${course.id}` : "course-form-new",
    schema: CourseFormSchema,
    reply,
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
      // A new course starts unpublished: publishing (members are then told of it) is a deliberate step.
      : { level: "Beginner", rating: "4.5", lessons: "1", isActive: false, isPremium: false },
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

  const imageUrl = fields.imageUrl.value;
  const preview = imageUrl && (imageUrl.startsWith("/") || imageUrl.startsWith("https://")) ? imageUrl : null;

  return (
    <AdminForm
      form={form}
      reply={reply}
      record={course ? { name: "courseId", id: course.id } : null}
      multipart
      closeTo={closeTo}
      submit={{ label: course ? "Update Course" : "Create Course", busy: uploading }}
    >
      <BoundInput label="Title" meta={fields.title} />

      <BoundTextarea label="Description" meta={fields.description} rows={4} />

      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <div className="space-y-3">
          <BoundFileInput
            label="Image"
            meta={fields.image}
            accept={IMAGE_ACCEPT}
            disabled={uploading}
            onChange={hydrated ? uploadChosenImage : undefined}
            note={
              uploading ? (
                <p role="status" className="mt-1 text-sm text-accent">
                  Uploading...
                </p>
              ) : (
                <p className="mt-1 text-xs opacity-70">JPG, PNG or WebP, up to 5MB. A chosen file wins over the address below.</p>
              )
            }
          />
          <BoundInput label="Image URL" meta={fields.imageUrl} placeholder="https://… or /uploads/images/…" />
        </div>
        {preview ? <img src={preview} alt="Course image preview" className="h-28 w-44 rounded-md object-cover" /> : null}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <BoundSelect label="Level" meta={fields.level} options={COURSE_LEVELS} />
        <BoundInput label="Rating" meta={fields.rating} inputMode="decimal" />
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
        <BoundInput label="Duration" meta={fields.duration} placeholder="e.g. 4 weeks" />
      </div>

      {mayPublish ? (
        <div className="flex flex-wrap gap-6">
          <input type="hidden" name="publishingShown" value="1" />
          <BoundCheckbox label="Active" meta={fields.isActive} />
          <BoundCheckbox label="Premium only" meta={fields.isPremium} />
        </div>
      ) : (
        <fieldset aria-describedby="course-publishing-note">
          <legend className="sr-only">Publishing</legend>
          {/* Disabled boxes are not sent: the server keeps the course's values. */}
          <div className="flex flex-wrap gap-6">
            <ReadOnlyCheckbox label="Active" checked={course?.isActive ?? false} />
            <ReadOnlyCheckbox label="Premium only" checked={course?.isPremium ?? false} />
          </div>
          <p id="course-publishing-note" className="mt-1 text-xs opacity-70">
            {course
              ? "An administrator decides whether this course is published and whether it is Premium."
              : "A new course stays hidden until an administrator publishes it and decides whether it is Premium."}
          </p>
        </fieldset>
      )}

      {instructors ? (
        <fieldset>
          <legend className={labelClasses}>Instructors</legend>
          <input type="hidden" name="instructorsShown" value="1" />
          {instructors.length === 0 ? (
            <p className="text-sm opacity-70">No instructors yet: give a member the instructor role in Student Management.</p>
          ) : (
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {instructors.map((instructor) => (
                <label key={instructor.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={fields.instructorIds.name}
                    value={instructor.id}
                    defaultChecked={course?.instructorIds?.includes(instructor.id) ?? false}
                    className="h-4 w-4 accent-primary"
                  />
                  {instructor.name}
                </label>
              ))}
            </div>
          )}
          <ErrorList errors={fields.instructorIds.errors} />
        </fieldset>
      ) : null}
    </AdminForm>
  );
}
