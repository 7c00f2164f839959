import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getCourseForViewer } from "~/models/learning/course.server";
import { courseGradebook, gradebookCsv } from "~/models/assessment/gradebook.server";
import { apiError, idParam } from "~/utils/api.server";
import { requireCourseManager } from "~/services/auth.server";

// A course's gradebook (issue 24): per member and quiz lesson, best score,
// passed and attempts; `?format=csv` downloads the same table.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const courseId = idParam(params.courseId, "Course");
  const manager = await requireCourseManager(request, context, courseId);
  const course = await getCourseForViewer(courseId, manager);
  if (!course) return apiError(404, "Course not found");
  // Members' addresses are for admins; a course's instructors get the rest.
  const withEmail = manager.role === "admin";
  const gradebook = await courseGradebook(course.id, { withEmail });
  const format = new URL(request.url).searchParams.get("format");
  if (format === "csv") {
    const fileName = `gradebook-course-${course.id}.csv`;
    return new Response(gradebookCsv(gradebook, { withEmail }), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"` },
    });
  }
  if (format !== null && format !== "json") return apiError(400, "format is csv or json");
  return json({ courseId: course.id, courseTitle: course.title, ...gradebook });
}
