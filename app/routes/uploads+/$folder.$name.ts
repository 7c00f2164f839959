import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { storedFileResponse } from "~/utils/byte-range.server";
import { IMAGE_KINDS, kindForName, VIDEO_KINDS } from "~/utils/uploads.server";

// Course images and lesson videos from the bucket (S3_BUCKET): public, as on
// disk, where server/index.ts serves the same addresses statically. Streamed
// through the academy with byte ranges so a video seeks (docs/decisions/034).
// Templates and recordings are never served here: their own routes check access.
const PUBLIC_FOLDERS = { images: IMAGE_KINDS, videos: VIDEO_KINDS } as const;
const STORED_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_-]*\.[a-z0-9]+$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const folder = params.folder;
  const name = params.name ?? "";
  if (folder !== "images" && folder !== "videos") return apiError(404, "Not found");
  const kind = STORED_NAME.test(name) ? kindForName(name, PUBLIC_FOLDERS[folder]) : undefined;
  if (!kind) return apiError(404, "Not found");
  return await storedFileResponse(request, `${folder}/${name}`, {
    contentType: kind.contentType,
    headers: { "Cache-Control": "public, max-age=604800" },
  });
}

export const action = () => methodNotAllowed(["GET", "HEAD"]);
