import { json, type ActionFunctionArgs } from "@remix-run/node";
import { findCompletableLesson } from "~/models/learning/access.server";
import { getLearningTimeTotal, recordLearningTime } from "~/models/learning/learning-time.server";
import { LearningTimeHeartbeatSchema } from "~/schemas/learning-time";
import { apiError, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// The lesson page's heartbeat: active seconds on a lesson the member may open
// (Premium enforced by findCompletableLesson), credited under the server's cap.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const heartbeat = await readJson(request, LearningTimeHeartbeatSchema);
  const found = await findCompletableLesson(heartbeat.lessonId, user);
  if (!found) return apiError(404, "Lesson not found");
  const credit = await recordLearningTime(user.id, found.lesson, heartbeat.seconds);
  const total = await getLearningTimeTotal(user.id);
  return json({ lessonId: found.lesson.id, creditedSeconds: credit.seconds, ...total });
}

export const loader = () => methodNotAllowed(["POST"]);
