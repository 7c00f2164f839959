import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getCourseForViewer, removeCourse, updateCourse } from "~/models/learning/course.server";
import { applyInstructorIds, applyPublishingRights, StaffError, withInstructors } from "~/models/learning/course-staff.server";
import { CourseSchema } from "~/schemas/course";
import { answerRefusals, apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { PUBLIC_ANSWER } from "~/utils/page-cache";
import { getOptionalUser, requireAdmin, requireCourseManager } from "~/services/auth.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = idParam(params.courseId, "Course");
  const viewer = request.headers.has("Cookie") ? await getOptionalUser(request, context) : null;
  const course = await getCourseForViewer(id, viewer);
  if (!course) return apiError(404, "Course not found");
  // Anonymous callers all see the same course: kept a few seconds (server/page-cache.ts).
  return json(await withInstructors(course), { headers: viewer ? undefined : PUBLIC_ANSWER });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  const id = idParam(params.courseId, "Course");
  if (request.method === "DELETE") {
    // Deleting or archiving a course is the academy's call, not its instructor's.
    await requireAdmin(request, context);
    const outcome = await removeCourse(id);
    if (outcome === "missing") return apiError(404, "Course not found");
    return json({
      outcome,
      message:
        outcome === "archived"
          ? "Course archived: students have progress, certificates or handed-in assignments in it, so it was hidden instead of deleted."
          : "Course deleted successfully!",
    });
  }
  const manager = await requireCourseManager(request, context, id);
  const input = await readJson(request, CourseSchema);
  return await answerRefusals(StaffError, async () => {
    const current = await getCourseForViewer(id, manager);
    if (!current) return apiError(404, "Course not found");
    const publishing = applyPublishingRights(manager, current, input);
    await applyInstructorIds(manager, id, input.instructorIds);
    const course = await updateCourse(id, { ...input, ...publishing });
    if (!course) return apiError(404, "Course not found");
    return json(await withInstructors(course));
  });
}
