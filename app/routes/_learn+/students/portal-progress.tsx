
import { Activity, Award, Lock, Trophy } from "~/components/ui/icons";
import { ProgressBar } from "~/components/learning/progress-bar";
import { achievementsFor, progressLabel, shortDescription, type ProgressLabel } from "~/utils/progress-rules";
import type { PortalProgress } from "./portal-types";
import { buttonClasses } from "~/components/ui/button";
import type { CourseSummary } from "~/models/learning/course.server";
import { cn, formatDate } from "~/utils/misc";
import { AppLink } from "~/components/ui/app-link";

const labelClasses: Record<ProgressLabel, string> = {
  Completed: "border-emerald-400/50 bg-emerald-500/20 text-emerald-200",
  "In Progress": "border-sky-400/50 bg-sky-500/20 text-sky-200",
  Started: "border-amber-400/50 bg-amber-500/20 text-amber-200",
  "Not Started": "border-primary/40 bg-primary/10",
};

function StatusBadge({ label }: { label: ProgressLabel }) {
  return <span className={cn("rounded-full border px-2 py-0.5 text-xs", labelClasses[label])}>{label}</span>;
}

export function LearningPath({ courses, progress }: { courses: Pick<CourseSummary, "id" | "title">[]; progress: PortalProgress[] }) {
  const byCourse = new Map(progress.map((record) => [record.courseId, record]));
  return (
    <section className="card" aria-labelledby="learning-path-title">
      <h2 id="learning-path-title" className="mb-4 font-display text-xl">
        Learning Path
      </h2>
      <ol className="space-y-4">
        {courses.map((course, index) => {
          const record = byCourse.get(course.id);
          return (
            <li key={course.id} className="flex items-center gap-4">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary/30 text-sm">{index + 1}</span>
              <div className="flex-1 space-y-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <AppLink to={`/course/${course.id}`} className="font-medium hover:underline">
                    {course.title}
                  </AppLink>
                  <StatusBadge label={progressLabel(record)} />
                </div>
                <ProgressBar value={record?.progressPercentage ?? 0} label={`${course.title} progress`} />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function Achievements({ progress }: { progress: PortalProgress[] }) {
  return (
    <section className="card" aria-labelledby="achievements-title">
      <h2 id="achievements-title" className="mb-4 font-display text-xl">
        Achievements
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {achievementsFor(progress).map((achievement) => (
          <li
            key={achievement.title}
            className={cn("rounded-lg border p-4 text-center", achievement.earned ? "border-accent/60 bg-accent/10" : "border-primary/20 opacity-60")}
            data-testid="achievement"
            data-earned={achievement.earned}
          >
            {achievement.earned ? <Trophy className="mx-auto h-8 w-8 text-accent" aria-hidden /> : <Lock className="mx-auto h-8 w-8" aria-hidden />}
            <p className="mt-2 font-semibold">{achievement.title}</p>
            <p className="text-xs opacity-80">{achievement.description}</p>
            <p className="mt-1 text-xs font-medium">{achievement.earned ? "Earned" : "Locked"}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CourseProgressList({ progress }: { progress: PortalProgress[] }) {
  return (
    <section aria-labelledby="course-progress-title">
      <h2 id="course-progress-title" className="mb-4 font-display text-xl">
        Course Progress
      </h2>
      {progress.length === 0 ? (
        <div className="card text-center">
          <p>You have not started a course yet.</p>
          <AppLink to="/courses" className={buttonClasses("primary", "mt-4")}>
            Browse courses
          </AppLink>
        </div>
      ) : (
        <ul className="space-y-4">
          {progress.map((record) => (
            <li key={record.courseId} className="card space-y-3" data-testid="course-progress-card">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-display text-lg">{record.courseTitle}</h3>
                <StatusBadge label={progressLabel(record)} />
              </div>
              <p className="text-sm opacity-80">{shortDescription(record.courseDescription)}</p>
              <div>
                <div className="mb-1 flex justify-between text-xs opacity-80">
                  <span>Progress</span>
                  <span>{record.progressPercentage}%</span>
                </div>
                <ProgressBar value={record.progressPercentage} label={`${record.courseTitle} progress`} />
              </div>
              {record.courseAvailable ? (
                <AppLink to={`/course/${record.courseId}`} className={buttonClasses("outline", undefined, "sm")}>
                  Continue Learning
                </AppLink>
              ) : (
                <p className="text-xs opacity-70">This course has been retired.</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const RECENT_ACTIVITY_LIMIT = 5;

export function RecentActivity({ progress }: { progress: PortalProgress[] }) {
  // The records arrive most recently accessed first.
  const recent = progress.slice(0, RECENT_ACTIVITY_LIMIT);
  return (
    <section className="card" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title" className="mb-4 font-display text-xl">
        Recent Activity
      </h2>
      {recent.length === 0 ? (
        <div className="py-6 text-center">
          <Activity className="mx-auto h-8 w-8 opacity-60" aria-hidden />
          <p className="mt-2 opacity-80">No learning activity yet</p>
        </div>
      ) : (
        <ul className="divide-y divide-primary/15">
          {recent.map((record) => (
            <li key={record.courseId} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-medium">{record.courseTitle}</p>
                <p className="text-xs opacity-75">
                  Started {formatDate(record.startedAt)} • Last studied {formatDate(record.lastAccessedAt)}
                  {record.completedAt ? ` • Completed ${formatDate(record.completedAt)}` : ""}
                </p>
              </div>
              <span className="flex items-center gap-1 text-sm">
                {record.isCompleted ? <Award className="h-4 w-4 text-accent" aria-hidden /> : null}
                {record.progressPercentage}%
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
