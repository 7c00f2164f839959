import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { conferenceForApi, createConference, listConferences } from "~/models/live/conference.server";
import { ConferenceApiSchema, conferenceInputFromApi } from "~/schemas/conference";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin, requireUser } from "~/services/auth.server";

// Spec §7: the conference list (signed-in) and scheduling one (admins).
// 'Go Live' has its own address: POST /api/conferences/go-live.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  // Admins manage the whole history; members see what they could still join.
  // Premium-only sessions are listed to everyone (flagged isPremium): the
  // portal offers the upgrade, and joining is what Premium guards.
  const now = new Date();
  const conferences = await listConferences({ includeEnded: viewer.role === "admin" });
  return json(conferences.map((conference) => conferenceForApi(conference, now)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireAdmin(request, context);
  const input = await readJson(request, ConferenceApiSchema);
  return json(conferenceForApi(await createConference(conferenceInputFromApi(input), admin.id)), { status: 201 });
}
