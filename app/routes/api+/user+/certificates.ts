import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listCertificatesForUser, toApiCertificate } from "~/models/learning/certificate.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(await Promise.all((await listCertificatesForUser(user.id)).map(toApiCertificate)));
}

export const action = () => methodNotAllowed(["GET"]);
