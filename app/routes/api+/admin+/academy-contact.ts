import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getContactAddress, setContactAddress } from "~/models/platform/academy-settings.server";
import { AcademyContactApiSchema } from "~/schemas/academy-contact";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

/** The address shown wherever the site says "contact the academy" (null when none is set). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json({ contact: await getContactAddress() });
}

/** `{ contact }`: an email address or an https URL; empty or null removes it. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  await requireAdmin(request, context);
  const { contact } = await readJson(request, AcademyContactApiSchema);
  return json({ contact: await setContactAddress(contact) });
}
