import { z } from "zod";
import { CourseSchema } from "~/schemas/course";
import { LessonSchema } from "~/schemas/lesson";

// The HTML forms of the admin course and lesson pages. They read what a browser
// posts (text, "on" for a ticked checkbox, a File in the browser) and give back
// the JSON shapes of CourseSchema and LessonSchema that the models take.

/** What the course image input accepts; the server checks the bytes again. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";
const IMAGE_TYPES: readonly string[] = IMAGE_ACCEPT.split(",");
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

// A ticked checkbox sends "on" (conform turns it into true); an unticked one
// sends nothing at all, which on a form means false, not the JSON default.
const checkbox = z.boolean().default(false);

function isChosenFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File && value.size > 0;
}

export const CourseFormSchema = CourseSchema.omit({ imageUrl: true, isActive: true, isPremium: true })
  .extend({
    // In the browser the chosen File; on the server the stored upload's URL,
    // which receiveUpload puts in its place.
    image: z.unknown().optional(),
    imageUrl: z.string().trim().max(2048, "Image URL is too long").optional(),
    isActive: checkbox,
    isPremium: checkbox,
  })
  .superRefine(({ image }, ctx) => {
    // Instant feedback in the browser only; the server decides by content.
    if (!isChosenFile(image)) return;
    if (!IMAGE_TYPES.includes(image.type)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["image"], message: "Please select a valid image file" });
    } else if (image.size > MAX_IMAGE_BYTES) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["image"], message: "Image must be smaller than 5MB" });
    }
  })
  // A chosen (and stored) file wins over the typed address.
  .transform(({ image, imageUrl, ...course }) => ({
    ...course,
    imageUrl: typeof image === "string" && image !== "" ? image : imageUrl,
  }))
  .pipe(CourseSchema);

export type CourseFormInput = z.input<typeof CourseFormSchema>;

export const LessonFormSchema = LessonSchema.extend({ isActive: checkbox });

/** The row a new section starts from, in the section builder and the "Add section" button. */
export const EMPTY_SECTION = { type: "text", title: "", content: "", url: "" } as const;
export type LessonFormInput = z.input<typeof LessonFormSchema>;
