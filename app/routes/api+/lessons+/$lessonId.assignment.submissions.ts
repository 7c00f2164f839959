import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { findLessonForViewer } from "~/models/learning/access.server";
import { AssignmentRefusal, ASSIGNMENT_TEXTS, getAssignmentForLesson, listOwnSubmissions, toApiSubmission } from "~/models/assessment/assignment.server";
import { handInFromRequest } from "~/services/assignment-submission.server";
import { answerRefusals, apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// A member's own versions of a lesson's assignment (issue 45): GET lists them
// with their reviews, POST hands in a new one (JSON `{text}` or multipart
// `text` + `file`). Only the member's own work, ever.
async function lessonAssignment(request: Request, context: LoaderFunctionArgs["context"], lessonId: string | undefined) {
  const user = await requireUser(request, context);
  const found = await findLessonForViewer(idParam(lessonId, "Lesson"), user);
  if (!found) throw apiError(404, "Lesson not found");
  const assignment = await getAssignmentForLesson(found.lesson.id);
  if (!assignment) throw apiError(404, ASSIGNMENT_TEXTS.notFound);
  return { user, found, assignment };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, assignment } = await lessonAssignment(request, context, params.lessonId);
  return json({ submissions: (await listOwnSubmissions(assignment.id, user.id)).map(toApiSubmission) });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { user, found, assignment } = await lessonAssignment(request, context, params.lessonId);
  return await answerRefusals(AssignmentRefusal, async () =>
    json({ submission: toApiSubmission(await handInFromRequest(request, user, found, assignment)) }, { status: 201 }));
}
