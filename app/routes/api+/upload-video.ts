import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { requireStaff } from "~/services/auth.server";
import { receiveUpload, UploadError, VIDEO_UPLOAD } from "~/utils/uploads.server";

// Lesson videos (MP4/WebM) for the section builder.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireStaff(request, context);
  try {
    const { file } = await receiveUpload(request, VIDEO_UPLOAD);
    if (!file) return apiError(400, "Please select an MP4 or WebM video", { video: ["Choose a video to upload"] });
    return json({ videoUrl: file.url }, { status: 201 });
  } catch (error) {
    if (error instanceof UploadError) return apiError(error.status, error.message);
    throw error;
  }
}

export const loader = () => methodNotAllowed(["POST"]);
