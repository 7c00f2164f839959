import type { LoaderFunctionArgs } from "@remix-run/node";
import { ASSIGNMENT_TEXTS, findSubmissionForViewer } from "~/models/assessment/assignment.server";
import { attachmentHeader } from "~/models/community/templates.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { storedFileResponse } from "~/utils/byte-range.server";
import { requireUser } from "~/services/auth.server";

// A submission's file (issue 45), for its owner and the course's reviewers
// only; anyone else gets the same 404 as for a submission that does not exist.
// Audio and images open in the browser (a reviewer listens in place, with
// seeking); documents download.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const found = await findSubmissionForViewer(idParam(params.submissionId, "Submission"), user);
  const file = found?.submission;
  if (!file?.fileKey) return apiError(404, file ? "This submission has no file" : ASSIGNMENT_TEXTS.submissionNotFound, undefined, { headers: { "Cache-Control": "no-store" } });
  const stored = file.fileType ?? "application/octet-stream";
  // A text file was checked to be UTF-8 when it was handed in: say so, or a browser may guess another encoding.
  const type = stored === "text/plain" ? "text/plain; charset=utf-8" : stored;
  const inline = type.startsWith("audio/") || type.startsWith("image/");
  const name = file.fileName ?? "submission";
  return await storedFileResponse(request, file.fileKey, {
    contentType: type,
    notFound: "The file of this submission is missing",
    headers: {
      "Content-Disposition": inline ? `inline; filename*=UTF-8''${encodeURIComponent(name)}` : attachmentHeader(name),
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = () => methodNotAllowed(["GET"]);
