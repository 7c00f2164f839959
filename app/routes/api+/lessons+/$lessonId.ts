import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { findLessonForViewer } from "~/models/learning/access.server";
import { deleteLesson, updateLesson } from "~/models/learning/lesson.server";
import { LessonSchema } from "~/schemas/lesson";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireLessonManager, requireUser } from "~/services/auth.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const found = await findLessonForViewer(idParam(params.lessonId, "Lesson"), user);
  if (!found) return apiError(404, "Lesson not found");
  return json(found.lesson);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  const id = idParam(params.lessonId, "Lesson");
  await requireLessonManager(request, context, id);
  if (request.method === "DELETE") {
    return await deleteLesson(id) ? json({ success: true }) : apiError(404, "Lesson not found");
  }
  const input = await readJson(request, LessonSchema);
  const lesson = await updateLesson(id, input);
  return lesson ? json(lesson) : apiError(404, "Lesson not found");
}
