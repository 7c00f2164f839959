import { json, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";

// The one way page actions read a form body. A body that cannot be parsed (a
// multipart body without its boundary, cut short or mangled) is the sender's
// mistake: 400 with a message, never a 500 with a stack trace in the log.

export const MALFORMED_FORM = "The form could not be read. Please reload the page and try again.";

export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw json({ message: MALFORMED_FORM }, { status: 400 });
  }
}

/** The text fields of a multipart form, skipping any file (used to redisplay a form whose upload was refused). */
export async function readTextFields(request: Request): Promise<FormData> {
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: 10_000, filter: ({ filename }) => !filename }),
    );
  } catch {
    return new FormData();
  }
}
