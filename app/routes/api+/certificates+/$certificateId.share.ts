import { json, type ActionFunctionArgs } from "@remix-run/node";
import { getCertificateForOwner } from "~/models/learning/certificate.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { publicOrigin } from "~/utils/misc.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const certificate = await getCertificateForOwner(idParam(params.certificateId, "Certificate"), user.id);
  if (!certificate) return apiError(404, "Certificate not found");
  return json({ shareUrl: `${publicOrigin(request)}/certificates/${certificate.certificateNumber}` });
}

export const loader = () => methodNotAllowed(["POST"]);
