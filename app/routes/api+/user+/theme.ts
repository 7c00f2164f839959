import { json, type ActionFunctionArgs } from "@remix-run/node";
import { UpdateThemeSchema } from "~/schemas/theme";
import { requireUser } from "~/services/auth.server";
import { apiError, methodNotAllowed, readJson } from "~/utils/api.server";
import { toPublicUser, updateUserTheme } from "~/models/accounts/user.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const user = await requireUser(request, context);
  const input = await readJson(request, UpdateThemeSchema);
  const updated = await updateUserTheme(user.id, input.moodTheme, input.themeSettings);
  if (!updated) return apiError(404, "User not found");
  const { moodTheme, themeSettings } = toPublicUser(updated);
  return json({ moodTheme, themeSettings });
}

export const loader = () => methodNotAllowed(["PUT"]);
