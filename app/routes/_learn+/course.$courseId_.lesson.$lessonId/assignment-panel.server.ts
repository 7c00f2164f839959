import { listOwnSubmissions, standingOf, toApiAssignment, toApiSubmission, type StoredAssignment } from "~/models/assessment/assignment.server";
import { formatDateTime } from "~/utils/time-zone";
import { SUBMISSION_KINDS } from "~/utils/uploads.server";
import type { AssignmentPanelData } from "./assignment-panel";

// What the lesson page's assignment panel shows one member: the assignment as
// the API gives it (without the Markdown source: the HTML is enough) and their
// own versions only, with times in their zone.

const FILE_NAMES: Record<string, string> = { jpeg: "", webp: "WebP", webm: "WebM" };

const fileTypes = {
  accept: SUBMISSION_KINDS.map((kind) => `.${kind.extension}`).join(","),
  names: SUBMISSION_KINDS.map((kind) => FILE_NAMES[kind.extension] ?? kind.extension.toUpperCase()).filter(Boolean).join(", "),
};

export async function assignmentPanelData(assignment: StoredAssignment, userId: number, timeZone: string): Promise<AssignmentPanelData> {
  const { instructions: _source, ...shown } = toApiAssignment(assignment);
  const versions = (await listOwnSubmissions(assignment.id, userId)).map((row) => {
    const submission = toApiSubmission(row);
    return {
      ...submission,
      createdLabel: formatDateTime(submission.createdAt, timeZone),
      reviewedLabel: submission.review ? formatDateTime(submission.review.reviewedAt, timeZone) : null,
    };
  });
  return { ...shown, standing: standingOf(versions), versions, fileTypes };
}
