import { CriterionTable } from "~/components/assignments/criterion-table";
import { CheckCircle2, Clock, FileText, RotateCcw } from "~/components/ui/icons";
import type { ApiSubmission } from "~/models/assessment/assignment.server";
import { SUBMISSION_STATUS_LABELS } from "~/schemas/assignment";
import { cn, formatMegabytes } from "~/utils/misc";

// One version of a member's assignment work and its review (issue 45), as the
// member sees it on the lesson page and a reviewer beside the rubric.

/** A version with its times already written in the viewer's zone (the server formats them). */
export type SubmissionView = ApiSubmission & { createdLabel: string; reviewedLabel: string | null };

const statusLooks = {
  submitted: { icon: Clock, classes: "border-amber-400/60 bg-amber-500/15 text-amber-100" },
  revise: { icon: RotateCcw, classes: "border-red-400/60 bg-red-500/15 text-red-100" },
  passed: { icon: CheckCircle2, classes: "border-emerald-400/60 bg-emerald-500/15 text-emerald-100" },
} as const;

export function SubmissionStatus({ status }: { status: ApiSubmission["status"] }) {
  const { icon: Icon, classes } = statusLooks[status];
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold", classes)} data-testid="submission-status">
      <Icon className="h-3.5 w-3.5" aria-hidden /> {SUBMISSION_STATUS_LABELS[status]}
    </span>
  );
}

/** The handed-in text and file; audio plays and images show in place, documents are a link. */
export function SubmissionWork({ submission, mediaInline = false }: { submission: ApiSubmission; mediaInline?: boolean }) {
  const { text, file } = submission;
  return (
    <div className="space-y-3">
      {text ? <p className="whitespace-pre-wrap break-words rounded-lg border border-primary/20 bg-black/20 p-3 text-sm leading-relaxed">{text}</p> : null}
      {file ? (
        <div className="space-y-2">
          {mediaInline && file.type.startsWith("audio/") ? (
            <audio controls preload="metadata" src={file.url} className="w-full" aria-label={`Recording: ${file.name}`} />
          ) : null}
          {mediaInline && file.type.startsWith("image/") ? (
            <img src={file.url} alt={`Handed-in image: ${file.name}`} className="max-h-[32rem] w-auto max-w-full rounded-lg border border-primary/30" />
          ) : null}
          <a href={file.url} className="inline-flex max-w-full items-center gap-2 text-sm text-accent underline" data-testid="submission-file">
            <FileText className="h-4 w-4 shrink-0" aria-hidden />
            <span className="truncate">{file.name}</span>
            <span className="shrink-0 opacity-80">({formatMegabytes(file.size)})</span>
          </a>
        </div>
      ) : null}
    </div>
  );
}

/** A review: points per criterion, the total, the feedback and who gave it. */
export function ReviewView({ review, passPoints, reviewedLabel }: { review: NonNullable<ApiSubmission["review"]>; passPoints: number; reviewedLabel: string | null }) {
  const max = review.scores.reduce((sum, score) => sum + score.maxPoints, 0);
  return (
    <div className="space-y-3 rounded-lg border border-primary/20 bg-black/20 p-3" data-testid="submission-review">
      <p className="text-sm">
        <span className="font-semibold">
          {review.totalPoints} of {max} points
        </span>{" "}
        <span className="opacity-80">
          (pass with {passPoints}) · reviewed by {review.reviewer?.name ?? "a former reviewer"}
          {reviewedLabel ? ` on ${reviewedLabel}` : ""}
        </span>
      </p>
      <CriterionTable
        caption="Points per criterion"
        dense
        rows={review.scores.map((score) => ({ criterion: score.criterion, points: `${score.points} / ${score.maxPoints}` }))}
      />
      {review.feedbackHtml ? <div className="prose-academy text-sm" dangerouslySetInnerHTML={{ __html: review.feedbackHtml }} /> : null}
    </div>
  );
}
