import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createCourse, listActiveCourses, listAllCourses } from "~/models/course.server";
import { CourseSchema } from "~/schemas/course";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { PUBLIC_ANSWER } from "~/utils/page-cache";
import { getOptionalUser, requireAdmin } from "~/services/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Admins also see archived courses; everyone else the active catalogue.
  const viewer = request.headers.has("Cookie") ? await getOptionalUser(request, context) : null;
  if (viewer?.role === "admin") return json(listAllCourses());
  // Everyone else's answer is the same: kept a few seconds for anonymous callers (server/page-cache.ts).
  return json(listActiveCourses(), { headers: viewer ? undefined : PUBLIC_ANSWER });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireAdmin(request, context);
  const input = await readJson(request, CourseSchema);
  return json(createCourse(input), { status: 201 });
}
