import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getJourney } from "~/models/learning/journey.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

/** The portal's "Continue Your Journey", whole: courses to continue or start, upsells, and how many are finished. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(await getJourney(user));
}

export const action = () => methodNotAllowed(["GET"]);
