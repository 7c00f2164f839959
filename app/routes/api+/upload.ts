import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { requireStaff } from "~/services/auth.server";
import { receiveUpload, TEMPLATE_UPLOAD, UploadError } from "~/utils/uploads.server";

// Template files (spec §7: multipart field `file` → fileUrl). Checked by name
// and by content, at most 50MB, kept where no static route serves them.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireStaff(request, context);
  try {
    const { file } = await receiveUpload(request, TEMPLATE_UPLOAD);
    if (!file) return apiError(400, "Please choose a file to upload", { file: ["Choose a file to upload"] });
    return json({ fileUrl: file.url, fileName: file.originalName, fileType: file.contentType, size: file.size }, { status: 201 });
  } catch (error) {
    if (error instanceof UploadError) return apiError(error.status, error.message);
    throw error;
  }
}

export const loader = () => methodNotAllowed(["POST"]);
