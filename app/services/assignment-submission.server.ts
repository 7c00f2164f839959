import { assertMaySubmit, AssignmentRefusal, discardSubmissionFile, submitAssignment, submissionUpload, type StoredAssignment } from "~/models/assessment/assignment.server";
import { SubmissionJsonSchema, SubmissionTextSchema } from "~/schemas/assignment";
import { readJson } from "~/utils/api.server";
import { receiveUpload, UploadError } from "~/utils/uploads.server";

// A member hands in a version of an assignment: the JSON API (`{text}`), or a
// multipart form (`text`, `file`) from the API or the lesson page's form with
// JavaScript off. Both end in submitAssignment, the one rule.

type Member = Parameters<typeof submitAssignment>[0];
type Found = Parameters<typeof submitAssignment>[1];

export async function handInFromRequest(request: Request, member: Member, found: Found, assignment: StoredAssignment) {
  // Refused before a byte of a file is received when a version waits or has passed.
  await assertMaySubmit(assignment, member.id);
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    const body = await readJson(request, SubmissionJsonSchema);
    return await submitAssignment(member, found, assignment, { text: body.text });
  }
  let received: Awaited<ReturnType<typeof receiveUpload>>;
  try {
    received = await receiveUpload(request, submissionUpload(assignment));
  } catch (error) {
    if (error instanceof UploadError) throw new AssignmentRefusal(error.status, error.message);
    throw error;
  }
  const text = SubmissionTextSchema.safeParse(received.form.get("text") ?? undefined);
  if (!text.success) {
    if (received.file) await discardSubmissionFile(received.file);
    throw new AssignmentRefusal(400, text.error.issues[0]?.message ?? "Your text could not be read");
  }
  return await submitAssignment(member, found, assignment, { text: text.data, file: received.file });
}
