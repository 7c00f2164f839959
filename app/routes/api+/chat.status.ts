import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { companionMode, dailyLimitFor, questionsToday } from "~/models/companion/companion.server";
import { providerModel } from "~/models/companion/companion-provider.server";
import type { CompanionStatus } from "~/schemas/companion";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

/** How the companion answers (for its badge) and how much of today's allowance is used. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const mode = companionMode();
  return json({ mode, model: mode === "provider" ? providerModel() : null, usedToday: await questionsToday(user.id), dailyLimit: await dailyLimitFor(user) } satisfies CompanionStatus);
}

export const action = () => methodNotAllowed(["GET"]);
