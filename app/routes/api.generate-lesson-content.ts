import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { sampleLessonSections } from "~/models/lesson-samples";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

const GenerateSchema = z.object({
  title: z.string().trim().min(1, "Please enter a lesson title first").max(200),
  description: z.string().max(2000).optional().default(""),
  courseTitle: z.string().max(200).optional().default(""),
});

// Until the AI study companion lands, this answers with a structured outline
// built from the title (the spec's fallback), marked as a sample.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdmin(request);
  const input = await readJson(request, GenerateSchema);
  return json({ contentSections: sampleLessonSections(input), generated: false });
}

export const loader = () => methodNotAllowed(["POST"]);
