import type { SerializeFrom } from "@remix-run/node";

import {
  Award,
  BarChart3,
  BookOpen,
  CircleCheck,
  Crown,
  FileText,
  GraduationCap,
  MessageSquare,
  MessageSquarePlus,
  PlayCircle,
  UserPlus,
  Users,
  type LucideIcon,
} from "~/components/ui/icons";
import type { SubmissionResult } from "@conform-to/react";
import { BarChart } from "~/components/admin/charts";
import { ContactCard } from "~/components/admin/contact-card";
import { PremiumRequestsCard } from "~/components/admin/premium-requests-card";
import { Pagination } from "~/components/ui/pagination";
import { buttonClasses } from "~/components/ui/button";
import { StatCard } from "~/components/ui/stat-card";
import type { ActivityType } from "~/models/reports/analytics.server";
import type { loadAdminDashboard } from "~/services/admin-dashboard.server";
import { formatDate, formatUsd } from "~/utils/misc";
import { AppLink } from "~/components/ui/app-link";

type Content = SerializeFrom<typeof loadAdminDashboard>["content"];
type TabContent<T extends Content["tab"]> = Extract<Content, { tab: T }>;

const ACTIVITY: Record<ActivityType, { label: string; icon: LucideIcon }> = {
  registration: { label: "New member", icon: UserPlus },
  course_started: { label: "Course started", icon: PlayCircle },
  lesson_completed: { label: "Lesson completed", icon: CircleCheck },
  certificate_issued: { label: "Certificate issued", icon: Award },
  forum_topic: { label: "New discussion", icon: MessageSquarePlus },
  forum_reply: { label: "Forum reply", icon: MessageSquare },
  upgrade: { label: "Premium upgrade", icon: Crown },
};

function Badge({ children, tone = "neutral" }: { children: string; tone?: "neutral" | "good" | "muted" | "premium" }) {
  const tones = {
    neutral: "border-primary/50",
    good: "border-green-500/60 text-green-300",
    muted: "border-white/30 opacity-75",
    premium: "border-yellow-400/60 text-yellow-200",
  };
  return <span className={`rounded-full border px-2 py-0.5 text-xs ${tones[tone]}`}>{children}</span>;
}

export function OverviewPanel({ content, contactResult }: { content: TabContent<"overview">; contactResult?: SubmissionResult<string[]> | null }) {
  const { stats, activity, premiumRequests, contact } = content;
  const tiles = [
    { label: "Active Members", value: stats.activeMembers, icon: Users, testId: "stat-active-members" },
    { label: "Completed Courses", value: stats.completedCourses, icon: GraduationCap, testId: "stat-completed-courses" },
    { label: "Active Courses", value: stats.activeCourses, icon: BookOpen, testId: "stat-active-courses" },
    { label: "Avg. Completion Rate", value: `${stats.avgCompletion}%`, icon: BarChart3, testId: "stat-avg-completion" },
  ];
  return (
    <>
      <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Overview">
        {tiles.map((tile) => (
          <StatCard key={tile.label} {...tile} />
        ))}
      </section>
      <p className="mt-4 text-sm">
        <AppLink to="/admin/companion" className="underline underline-offset-4">
          Study companion usage and provider
        </AppLink>
        {" · "}
        <AppLink to="/admin/notifications" className="underline underline-offset-4">
          Email notifications
        </AppLink>
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <PremiumRequestsCard requests={premiumRequests} />
        <ContactCard contact={contact} lastResult={contactResult} />
      </div>
      <section className="card mt-6" aria-labelledby="recent-activity">
        <h2 id="recent-activity" className="font-display text-xl">
          Recent Activity
        </h2>
        {activity.length === 0 ? (
          <p className="mt-3 opacity-75">Nothing has happened yet. Sign-ups, lessons and forum posts will appear here.</p>
        ) : (
          <ul className="mt-3 divide-y divide-primary/20" aria-label="Recent activity">
            {activity.map((event) => {
              const { label, icon: Icon } = ACTIVITY[event.type];
              return (
                <li key={event.id} className="flex items-start gap-3 py-3" data-testid="activity-item">
                  <Icon className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="text-xs uppercase tracking-wide opacity-70">{label}</p>
                    <p>{event.summary}</p>
                    {event.username && !event.summary.includes(event.username) ? <p className="text-sm opacity-75">by {event.username}</p> : null}
                  </div>
                  <time dateTime={event.createdAt} title={formatDate(event.createdAt)} className="shrink-0 text-sm opacity-75">
                    {event.when}
                  </time>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}

export function CoursesPanel({ content }: { content: TabContent<"courses"> }) {
  return (
    <section aria-labelledby="course-management">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="course-management" className="font-display text-xl">
          Course Management
        </h2>
        <AppLink to="/admin/courses" className={buttonClasses("outline", undefined, "sm")}>
          Manage Courses
        </AppLink>
      </div>
      {content.courses.length === 0 ? (
        <p className="card mt-4 text-center">No courses created yet</p>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Courses">
          {content.courses.map((course) => (
            <li key={course.id} className="card flex flex-wrap items-center gap-4" data-testid="dashboard-course">
              <div className="min-w-0 flex-1">
                <h3 className="flex flex-wrap items-center gap-2 font-display text-lg">
                  {course.title}
                  {course.isActive ? <Badge tone="good">Active</Badge> : <Badge tone="muted">Archived</Badge>}
                  {course.isPremium ? <Badge tone="premium">Premium</Badge> : null}
                </h3>
                <p className="text-sm opacity-75">
                  {course.level} · {course.lessons} {course.lessons === 1 ? "lesson" : "lessons"} · {course.duration}
                </p>
              </div>
              <AppLink to={`/admin/courses/${course.id}/lessons`} className={buttonClasses("outline", undefined, "sm")}>
                Manage Lessons
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function MembersPanel({ content }: { content: TabContent<"members"> }) {
  return (
    <section aria-labelledby="member-progress">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="member-progress" className="font-display text-xl">
          Member Progress
        </h2>
        <AppLink to="/admin/members" className={buttonClasses("outline", undefined, "sm")}>
          Student Management
        </AppLink>
      </div>
      <p className="mt-1 text-sm opacity-75">
        {content.total} {content.total === 1 ? "member" : "members"}
      </p>
      {content.members.length === 0 ? (
        <p className="card mt-4 text-center">No members yet</p>
      ) : (
        <div className="card mt-4 overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Member progress</caption>
            <thead className="border-b border-primary/30">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  Email
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Completed
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Enrolled
                </th>
              </tr>
            </thead>
            <tbody>
              {content.members.map((member) => (
                <tr key={member.id} className="border-b border-primary/10 last:border-0" data-testid="member-progress-row">
                  <th scope="row" className="px-4 py-3 font-medium">
                    {member.name}
                    {member.name !== member.username ? <span className="block text-xs opacity-70">@{member.username}</span> : null}
                  </th>
                  <td className="px-4 py-3">{member.email ?? "—"}</td>
                  <td className="px-4 py-3 text-right">{member.completedCourses}</td>
                  <td className="px-4 py-3 text-right">{member.enrolledCourses}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={content.page} pageCount={content.pageCount} label="Member pages" />
    </section>
  );
}

export function KnowledgeBasePanel({ content }: { content: TabContent<"knowledge-base"> }) {
  const { counts, latest } = content;
  return (
    <section aria-labelledby="knowledge-base-overview">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="knowledge-base-overview" className="font-display text-xl">
          Knowledge Base
        </h2>
        <AppLink to="/admin/knowledge-base" className={buttonClasses("outline", undefined, "sm")}>
          Manage Articles
        </AppLink>
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <StatCard label="Published Articles" value={counts.published} icon={BookOpen} testId="kb-published" />
        <StatCard label="Drafts" value={counts.drafts} icon={FileText} testId="kb-drafts" />
      </div>
      <div className="card mt-6">
        <h3 className="font-display text-lg">Latest Articles</h3>
        {latest.length === 0 ? (
          <p className="mt-2 opacity-75">No articles found</p>
        ) : (
          <ul className="mt-2 divide-y divide-primary/20" aria-label="Latest articles">
            {latest.map((article) => (
              <li key={article.id} className="flex flex-wrap items-center gap-2 py-2">
                <span className="min-w-0 flex-1">{article.title}</span>
                <Badge>{article.category}</Badge>
                {article.isPublished ? <Badge tone="good">Published</Badge> : <Badge tone="muted">Draft</Badge>}
                <time dateTime={article.createdAt} className="text-sm opacity-75">
                  {formatDate(article.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function AnalyticsPanel({ content }: { content: TabContent<"analytics"> }) {
  const { analytics } = content;
  return (
    <section aria-labelledby="analytics" className="space-y-6">
      <h2 id="analytics" className="font-display text-xl">
        Analytics
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <BarChart title="Sign-ups per week" xLabel="Week starting" yLabel="New members" points={analytics.signUpsPerWeek} testId="chart-signups" />
        <BarChart
          title="Lesson completions per week"
          xLabel="Week starting"
          yLabel="Lessons completed"
          points={analytics.lessonCompletionsPerWeek}
          testId="chart-completions"
        />
        <BarChart title="Premium members per month" xLabel="Month" yLabel="Premium members" points={analytics.premiumMembersPerMonth} testId="chart-premium" />
        <BarChart
          title="Revenue per month"
          xLabel="Month"
          yLabel="Revenue (USD)"
          points={analytics.revenuePerMonth}
          integer={false}
          formatValue={formatUsd}
          testId="chart-revenue"
        />
      </div>
      <p className="text-sm opacity-75">
        Weeks start on Monday and months on the 1st (UTC). Revenue counts paying Premium plans only; members granted Premium by an
        administrator count as members but not as revenue.
      </p>
    </section>
  );
}
