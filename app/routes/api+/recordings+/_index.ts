import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listRecordings, recordingForApi } from "~/models/live/conference.server";
import { RecordingSearchSchema } from "~/schemas/conference";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// Spec §7: the recordings library, `?q=` searching title and description.
// Students see only the recordings of sessions they could attend (the model's rule).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const q = RecordingSearchSchema.parse(new URL(request.url).searchParams.get("q") ?? "");
  return json((await listRecordings({ viewer, q })).map(recordingForApi));
}

export const action = () => methodNotAllowed(["GET"]);
