import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { findLessonForViewer } from "~/models/learning/access.server";
import { suggestedQuestions } from "~/models/companion/companion.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

/** Three questions to start with, from the headings of a lesson the member may open. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const lessonId = idParam(new URL(request.url).searchParams.get("lessonId") ?? undefined, "Lesson");
  const found = await findLessonForViewer(lessonId, user);
  if (!found) return apiError(404, "Lesson not found");
  return json({ questions: suggestedQuestions(found.lesson) });
}

export const action = () => methodNotAllowed(["GET"]);
