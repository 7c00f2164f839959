import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { reviewQueue } from "~/models/assessment/assignment.server";
import { ReviewQueueQuerySchema } from "~/schemas/assignment";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { requireStaff } from "~/services/auth.server";

// The reviewer's queue (issue 45): submissions of the courses they review,
// oldest first; `status` (default "submitted") and `courseId` narrow it.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context);
  const query = ReviewQueueQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiError(400, query.error.issues[0]?.message ?? "Invalid query");
  return json(await reviewQueue(user, query.data));
}

export const action = () => methodNotAllowed(["GET"]);
