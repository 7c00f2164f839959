import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { saveVideoPosition } from "~/models/learning/progress.server";
import { getSectionCourseId } from "~/models/learning/lesson.server";
import { findCourseForViewer, requireCourseUnlocked } from "~/models/learning/access.server";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

const PositionSchema = z.object({ seconds: z.number().min(0).max(24 * 60 * 60) });

// Where a student stopped in an uploaded video, so the player resumes there.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "POST") return methodNotAllowed(["PUT"]);
  const user = await requireUser(request, context);
  const sectionId = idParam(params.sectionId, "Section");
  const courseId = await getSectionCourseId(sectionId);
  const course = courseId === undefined ? undefined : await findCourseForViewer(courseId, user);
  if (!course) return apiError(404, "Section not found");
  await requireCourseUnlocked(course, user);
  const { seconds } = await readJson(request, PositionSchema);
  await saveVideoPosition(user.id, sectionId, seconds);
  return json({ seconds });
}

export const loader = () => methodNotAllowed(["PUT"]);
