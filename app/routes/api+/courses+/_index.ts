import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createCourse, listActiveCourses, listAllCourses } from "~/models/learning/course.server";
import { addCourseInstructor, applyInstructorIds, applyPublishingRights, canCreateCourses, listWithInstructors, STAFF_REFUSALS, StaffError, withInstructors } from "~/models/learning/course-staff.server";
import { CourseSchema } from "~/schemas/course";
import { answerRefusals, apiError, methodNotAllowed, readJson } from "~/utils/api.server";
import { PUBLIC_ANSWER } from "~/utils/page-cache";
import { getOptionalUser, requireStaff } from "~/services/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Admins also see archived courses; everyone else the active catalogue.
  const viewer = request.headers.has("Cookie") ? await getOptionalUser(request, context) : null;
  if (viewer?.role === "admin") return json(await listWithInstructors(await listAllCourses()));
  // Everyone else's answer is the same: kept a few seconds for anonymous callers (server/page-cache.ts).
  return json(await listWithInstructors(await listActiveCourses()), { headers: viewer ? undefined : PUBLIC_ANSWER });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const staff = await requireStaff(request, context);
  if (!canCreateCourses(staff)) return apiError(403, STAFF_REFUSALS.cannotCreate);
  const input = await readJson(request, CourseSchema);
  return await answerRefusals(StaffError, async () => {
    const course = await createCourse({ ...input, ...applyPublishingRights(staff, null, input) });
    // The instructor who creates a course runs it; an admin names whom they like.
    if (staff.role === "instructor") await addCourseInstructor(course.id, staff.id);
    else await applyInstructorIds(staff, course.id, input.instructorIds);
    return json(await withInstructors(course), { status: 201 });
  });
}
