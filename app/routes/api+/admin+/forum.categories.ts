import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createCategory, listCategoriesWithCounts } from "~/models/community/forum.server";
import { CategorySchema } from "~/schemas/forum";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await listCategoriesWithCounts());
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireAdmin(request, context);
  const input = await readJson(request, CategorySchema);
  return json(await createCategory(input), { status: 201 });
}
