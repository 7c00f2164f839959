import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { generateLessonContent } from "~/models/learning/lesson-generation.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireCourseManager, requireStaff } from "~/services/auth.server";

const TITLE_FIRST = "Please enter a lesson title first";

const GenerateSchema = z.object({
  title: z.string({ required_error: TITLE_FIRST, invalid_type_error: TITLE_FIRST }).trim().min(1, TITLE_FIRST).max(200),
  description: z.string().max(2000).optional().default(""),
  courseTitle: z.string().max(200).optional().default(""),
  courseId: z.coerce.number().int().positive().optional(),
});

// Drafts a lesson's sections for the admin's section builder: structured
// output from the AI provider, or a labelled outline scaffold without one.
// Nothing is saved here.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const staff = await requireStaff(request, context);
  const input = await readJson(request, GenerateSchema);
  // A course id must be one the caller manages (403 otherwise, whether or not it exists).
  if (input.courseId !== undefined) await requireCourseManager(request, context, input.courseId);
  return json(await generateLessonContent(input, staff, request.signal));
}

export const loader = () => methodNotAllowed(["POST"]);
