import { json, type ActionFunctionArgs } from "@remix-run/node";
import { createTopic, refusalResponse } from "~/models/community/forum.server";
import { TopicSchema } from "~/schemas/forum";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  // Only title, content and categoryId are read: the author is whoever is signed in.
  const input = await readJson(request, TopicSchema);
  const outcome = await createTopic(user, input);
  if (!outcome.ok) return refusalResponse(outcome);
  return json({ ...outcome.value, message: "Topic Created" }, { status: 201 });
}
