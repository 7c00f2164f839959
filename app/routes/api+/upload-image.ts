import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { requireStaff } from "~/services/auth.server";
import { IMAGE_UPLOAD, receiveUpload, UploadError } from "~/utils/uploads.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireStaff(request, context);
  try {
    const { file } = await receiveUpload(request, IMAGE_UPLOAD);
    if (!file) return apiError(400, "Please select a valid image file", { image: ["Choose an image to upload"] });
    return json({ imageUrl: file.url }, { status: 201 });
  } catch (error) {
    if (error instanceof UploadError) return apiError(error.status, error.message);
    throw error;
  }
}

export const loader = () => methodNotAllowed(["POST"]);
