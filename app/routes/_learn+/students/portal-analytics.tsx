import { BarChart3, Crown, Lock } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { ContactText } from "~/components/contact-text";
import { UpgradeDialogLink } from "~/components/premium/upgrade-dialog";
import { LearningTimeRule } from "~/components/learning/learning-time-note";
import { buttonClasses } from "~/components/ui/button";
import type { LearningAnalytics } from "~/models/reports/learning-analytics.server";

const weekLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const labelOf = (weekStart: string) => weekLabel.format(new Date(`${weekStart}T00:00:00Z`));

export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const CHART = { width: 600, height: 200, top: 16, bottom: 28, left: 8, right: 8 };

/** Weekly minutes as bars: an SVG image with a summary label, plus the same figures as a table. */
function WeeklyChart({ weeks }: { weeks: LearningAnalytics["weeks"] }) {
  const max = Math.max(1, ...weeks.map((week) => week.minutes));
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = (CHART.width - CHART.left - CHART.right) / Math.max(1, weeks.length);
  const barWidth = slot * 0.6;
  const total = weeks.reduce((sum, week) => sum + week.minutes, 0);
  const first = weeks[0];
  const last = weeks.at(-1);
  const summary =
    first && last
      ? `Minutes studied per week from the week of ${labelOf(first.weekStart)} to the week of ${labelOf(last.weekStart)}: ${formatMinutes(total)} in total.`
      : "No weeks to show.";
  return (
    <figure className="space-y-3">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={summary} className="h-52 w-full" data-testid="weekly-learning-chart">
        <line x1={CHART.left} x2={CHART.width - CHART.right} y1={CHART.top + plotHeight} y2={CHART.top + plotHeight} className="stroke-current opacity-30" />
        {weeks.map((week, index) => {
          const height = (week.minutes / max) * plotHeight;
          const x = CHART.left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={week.weekStart}>
              <rect x={x} y={CHART.top + plotHeight - height} width={barWidth} height={height} rx={3} className="fill-accent">
                <title>{`Week of ${labelOf(week.weekStart)}: ${formatMinutes(week.minutes)}`}</title>
              </rect>
              {/* Every other label, so they never overlap on a phone. */}
              {index % 2 === weeks.length % 2 ? (
                <text x={x + barWidth / 2} y={CHART.height - 8} textAnchor="middle" className="fill-current text-[11px] opacity-70">
                  {labelOf(week.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="text-sm opacity-80">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer">Show the figures as a table</summary>
        <table className="mt-2 w-full text-left" data-testid="weekly-learning-table">
          <thead>
            <tr>
              <th scope="col" className="py-1 font-medium">
                Week of
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Time studied
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart} className="border-t border-primary/15">
                <td className="py-1">{labelOf(week.weekStart)}</td>
                <td className="py-1 text-right">{formatMinutes(week.minutes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function AnalyticsCard({ children }: { children: ReactNode }) {
  return (
    <section className="card space-y-5" aria-labelledby="analytics-title">
      <h2 id="analytics-title" className="flex items-center gap-2 font-display text-xl">
        <BarChart3 className="h-5 w-5 text-accent" aria-hidden /> Advanced Analytics
      </h2>
      {children}
    </section>
  );
}

/** Premium members: weekly learning time and time per course. */
export function LearningAnalyticsPanel({ analytics }: { analytics: LearningAnalytics }) {
  const longest = Math.max(1, ...analytics.courses.map((course) => course.minutes));
  return (
    <AnalyticsCard>
      <div>
        <h3 className="mb-2 font-semibold">Weekly learning time</h3>
        <WeeklyChart weeks={analytics.weeks} />
        {analytics.includesEstimates ? (
          <p className="mt-2 text-xs opacity-80" data-testid="analytics-estimated">
            These figures are estimated in part: some completed lessons have no measured time.
          </p>
        ) : null}
      </div>
      <div>
        <h3 className="mb-2 font-semibold">Time per course</h3>
        {analytics.courses.length === 0 ? (
          <p className="text-sm opacity-80">Study a lesson and your time will appear here.</p>
        ) : (
          <ul className="space-y-3">
            {analytics.courses.map((course) => (
              <li key={course.courseId} data-testid="course-time">
                <div className="mb-1 flex justify-between gap-4 text-sm">
                  <span>{course.title}</span>
                  <span className="shrink-0 font-medium">{formatMinutes(course.minutes)}</span>
                </div>
                <div className="h-2 w-full overflow-hidden rounded-full bg-primary/20" aria-hidden>
                  <div className="h-full rounded-full bg-accent" style={{ width: `${Math.round((course.minutes / longest) * 100)}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <LearningTimeRule />
    </AnalyticsCard>
  );
}

/** Everyone else: what the analytics would show, and the way to get them. */
export function AnalyticsTeaser({ paymentsOffMessage }: { paymentsOffMessage: string | null }) {
  return (
    <AnalyticsCard>
      <div className="flex items-start gap-3" data-testid="analytics-teaser">
        <Lock className="mt-0.5 h-5 w-5 shrink-0 opacity-70" aria-hidden />
        <p className="text-sm opacity-85">
          Premium members see how much they study each week over the last three months and how their time splits across courses.
        </p>
      </div>
      {paymentsOffMessage ? (
        <p className="text-sm opacity-85">
          <ContactText text={paymentsOffMessage} />
        </p>
      ) : (
        <UpgradeDialogLink paymentsOffMessage={paymentsOffMessage} className={buttonClasses("primary")}>
          <Crown className="h-4 w-4" aria-hidden /> Upgrade to Premium
        </UpgradeDialogLink>
      )}
    </AnalyticsCard>
  );
}
