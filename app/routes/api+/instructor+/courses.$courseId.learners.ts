import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getCourseForViewer } from "~/models/learning/course.server";
import { listCourseLearners } from "~/models/learning/course-learners.server";
import { apiError, idParam } from "~/utils/api.server";
import { requireCourseManager } from "~/services/auth.server";

// A course's learners for its instructors (issue 29): each member's progress
// and, per quiz lesson, best score, passed and attempts. Admins may ask too.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const courseId = idParam(params.courseId, "Course");
  const manager = await requireCourseManager(request, context, courseId);
  const course = await getCourseForViewer(courseId, manager);
  if (!course) return apiError(404, "Course not found");
  return json({ courseId: course.id, courseTitle: course.title, ...await listCourseLearners(course.id) });
}
