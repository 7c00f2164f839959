import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listProgressForUser, toApiProgress } from "~/models/learning/progress.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json((await listProgressForUser(user.id)).map((record) => ({ ...toApiProgress(record), courseTitle: record.courseTitle })));
}

export const action = () => methodNotAllowed(["GET"]);
