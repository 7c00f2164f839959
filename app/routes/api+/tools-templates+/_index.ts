import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listTemplates } from "~/models/community/templates.server";
import { isTemplateCategory } from "~/schemas/templates";
import { methodNotAllowed } from "~/utils/api.server";
import { getOptionalUser } from "~/services/auth.server";

// The public list: active templates for everyone, inactive ones too for admins.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const requested = new URL(request.url).searchParams.get("category");
  const viewer = request.headers.has("Cookie") ? await getOptionalUser(request, context) : null;
  return json(await listTemplates({ viewer, category: isTemplateCategory(requested) ? requested : null }));
}

export const action = () => methodNotAllowed(["GET"]);
