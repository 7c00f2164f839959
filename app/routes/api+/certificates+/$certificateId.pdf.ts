import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderCertificatePdf } from "./certificate-pdf.server";
import { getCertificateForOwner } from "~/models/learning/certificate.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { publicOrigin } from "~/utils/misc.server";

// The certificate PDF, for its owner only; a plain link works without JavaScript.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const certificate = await getCertificateForOwner(idParam(params.certificateId, "Certificate"), user.id);
  if (!certificate) return apiError(404, "Certificate not found");
  const pdf = await renderCertificatePdf(certificate, `${publicOrigin(request)}/certificates/${certificate.certificateNumber}`);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="certificate-${certificate.certificateNumber}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = () => methodNotAllowed(["GET"]);
