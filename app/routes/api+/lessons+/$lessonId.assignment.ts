import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { findLessonForViewer } from "~/models/learning/access.server";
import { AssignmentRefusal, ASSIGNMENT_TEXTS, deleteAssignment, getAssignmentForLesson, saveAssignment, toApiAssignment } from "~/models/assessment/assignment.server";
import { AssignmentSchema } from "~/schemas/assignment";
import { answerRefusals, apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireLessonManager, requireUser } from "~/services/auth.server";

// A lesson's assignment (issue 45). Anyone who may open the lesson reads it
// (instructions and rubric: nobody's work); admins and the course's
// instructors write it.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const found = await findLessonForViewer(idParam(params.lessonId, "Lesson"), user);
  if (!found) return apiError(404, "Lesson not found");
  const assignment = await getAssignmentForLesson(found.lesson.id);
  if (!assignment) return apiError(404, ASSIGNMENT_TEXTS.notFound);
  return json({ assignment: toApiAssignment(assignment) });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  const lessonId = idParam(params.lessonId, "Lesson");
  const manager = await requireLessonManager(request, context, lessonId);
  if (!await findLessonForViewer(lessonId, manager)) return apiError(404, "Lesson not found");
  if (request.method === "DELETE") {
    return await answerRefusals(AssignmentRefusal, async () =>
      await deleteAssignment(lessonId) ? new Response(null, { status: 204 }) : apiError(404, ASSIGNMENT_TEXTS.notFound));
  }
  const input = await readJson(request, AssignmentSchema, { paths: "full" });
  return json({ assignment: toApiAssignment(await saveAssignment(lessonId, input)) });
}
