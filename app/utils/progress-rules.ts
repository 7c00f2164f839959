// How the portal words a student's standing in a course (spec §4, §9).

export interface ProgressFigures {
  isCompleted: boolean;
  progressPercentage: number;
}

export type ProgressLabel = "Completed" | "In Progress" | "Started" | "Not Started";

export function progressLabel(record: ProgressFigures | undefined): ProgressLabel {
  if (!record) return "Not Started";
  if (record.isCompleted) return "Completed";
  if (record.progressPercentage > 50) return "In Progress";
  if (record.progressPercentage > 0) return "Started";
  return "Not Started";
}

export interface Achievement {
  title: string;
  description: string;
  earned: boolean;
}

export function achievementsFor(records: ProgressFigures[]): Achievement[] {
  return [
    { title: "First Steps", description: "Start your first course", earned: records.length > 0 },
    { title: "Progress Maker", description: "Reach 50% in any course", earned: records.some((r) => r.progressPercentage >= 50) },
    { title: "Course Completion", description: "Complete a whole course", earned: records.some((r) => r.isCompleted) },
  ];
}

const DESCRIPTION_LIMIT = 100;

/** The progress view shows at most 100 characters of a course description. */
export function shortDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}
