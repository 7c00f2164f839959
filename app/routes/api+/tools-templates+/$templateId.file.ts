import { createReadableStreamFromReadable, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { attachmentHeader, redeemDownloadLink } from "~/models/community/templates.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { fileStore } from "~/utils/file-store.server";

// Where a download link leads: the stored file as an attachment, or a redirect
// to an external one, for the user the link was issued to only. (Every
// response already carries X-Content-Type-Options: nosniff; server/security.ts.)
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const token = new URL(request.url).searchParams.get("token");
  const outcome = await redeemDownloadLink(idParam(params.templateId, "Template"), token, user, { count: request.method === "GET" });
  if (!outcome.ok) return apiError(outcome.status, outcome.message, undefined, { headers: { "Cache-Control": "no-store" } });
  const { delivery } = outcome;
  if (delivery.kind === "external") return redirect(delivery.url, { status: 302, headers: { "Cache-Control": "no-store" } });
  // Streamed through the academy after the checks above (docs/decisions/034).
  const body = await fileStore.read(delivery.key);
  if (!body) return apiError(404, "The file of this template is missing", undefined, { headers: { "Cache-Control": "no-store" } });
  return new Response(createReadableStreamFromReadable(body), {
    headers: {
      "Content-Type": delivery.contentType,
      "Content-Length": String(delivery.size),
      "Content-Disposition": attachmentHeader(delivery.fileName),
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = () => methodNotAllowed(["GET"]);
