import { Link, useLocation } from "@remix-run/react";
import { ArrowRight, Award, BookOpen, Clock, Compass, Crown, Flame, GraduationCap, MessageCircle, Video } from "lucide-react";
import { companionHref, openCompanion } from "~/components/companion/companion-store";
import { ProgressBar } from "~/components/learning/progress-bar";
import type { PortalStats } from "~/components/learning/portal-types";
import { PaymentsOffNotice, UpgradeDialogLink } from "~/components/premium/upgrade-dialog";
import { buttonClasses } from "~/components/ui/button";
import { StatCard } from "~/components/ui/stat-card";
import type { CourseSummary } from "~/models/course.server";
import { PREMIUM_PRICE_LABEL } from "~/utils/premium";

export function PortalStatCards({ stats }: { stats: PortalStats }) {
  return (
    <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Your figures">
      <StatCard label="Enrolled courses" value={stats.enrolled} icon={BookOpen} testId="stat-enrolled" />
      <StatCard label="Completed" value={stats.completed} icon={Award} testId="stat-completed" />
      <StatCard label="Learning hours" value={stats.hours} icon={Clock} testId="stat-hours" />
      <StatCard label="Current streak" value={`${stats.streak} ${stats.streak === 1 ? "day" : "days"}`} icon={Flame} testId="stat-streak" />
    </section>
  );
}

export function ContinueJourney({ courses }: { courses: (Pick<CourseSummary, "id" | "title" | "level" | "lessons"> & { percentage: number })[] }) {
  return (
    <section aria-labelledby="journey-title">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="journey-title" className="font-display text-2xl">
          Continue Your Journey
        </h2>
        <Link to="/courses" className="inline-flex items-center gap-1 text-sm underline">
          View All Courses <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
      {courses.length === 0 ? (
        <p className="card text-sm opacity-80">No courses available</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-3">
          {courses.map((course) => (
            <li key={course.id}>
              <Link to={`/course/${course.id}`} className="card block h-full space-y-3 transition hover:border-primary/60" data-testid="journey-course">
                <p className="text-xs uppercase tracking-wide opacity-70">
                  {course.level} • {course.lessons} lessons
                </p>
                <p className="font-display text-lg">{course.title}</p>
                <div>
                  <div className="mb-1 flex justify-between text-xs opacity-80">
                    <span>Progress</span>
                    <span>{course.percentage}%</span>
                  </div>
                  <ProgressBar value={course.percentage} label={`${course.title} progress`} />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Spec §2: shown on the overview to members without Premium. */
export function UpgradeBanner({ paymentsOffMessage }: { paymentsOffMessage: string | null }) {
  return (
    <section
      className="card flex flex-wrap items-center justify-between gap-4 border-accent/50 bg-gradient-to-r from-primary/25 to-accent/15"
      aria-labelledby="upgrade-banner-title"
      data-testid="upgrade-banner"
    >
      <div className="flex items-start gap-3">
        <Crown className="mt-1 h-7 w-7 shrink-0 text-accent" aria-hidden />
        <div>
          <h2 id="upgrade-banner-title" className="font-display text-xl">
            Unlock Premium
          </h2>
          <p className="text-sm opacity-85">
            {`Advanced classes, exclusive forum categories, advanced analytics and monthly live Q&A — ${PREMIUM_PRICE_LABEL}.`}
          </p>
        </div>
      </div>
      {paymentsOffMessage ? (
        <PaymentsOffNotice message={paymentsOffMessage} />
      ) : (
        <UpgradeDialogLink paymentsOffMessage={null} className={buttonClasses("primary")}>
          <Crown className="h-4 w-4" aria-hidden /> Upgrade Now
        </UpgradeDialogLink>
      )}
    </section>
  );
}

const quickActionClasses = "card flex h-full items-center gap-3 p-4 transition hover:border-primary/60";

/**
 * Spec §2: opens the floating study companion. Without JavaScript the link
 * reloads the page with ?companion=open, which the widget honours.
 */
function CompanionQuickAction() {
  const location = useLocation();
  return (
    <a
      href={companionHref(location.pathname, location.search)}
      className={quickActionClasses}
      onClick={(event) => {
        event.preventDefault();
        openCompanion();
      }}
    >
      <MessageCircle className="h-6 w-6 shrink-0 text-accent" aria-hidden />
      <span>
        <span className="block font-semibold">Chat with the study companion</span>
        <span className="block text-xs opacity-75">Ask about any lesson or article.</span>
      </span>
    </a>
  );
}

export function QuickActions({ upgrade }: { upgrade: { paymentsOffMessage: string | null } | null }) {
  const actions = [
    { to: "/courses", label: "Browse courses", description: "Find your next course in the catalogue.", icon: Compass },
    { to: "/students?tab=progress", label: "Review your progress", description: "See achievements and recent activity.", icon: GraduationCap },
    { to: "/students?tab=certificates", label: "Your certificates", description: "Download or share what you have earned.", icon: Award },
    { to: "/recordings", label: "Session Recordings", description: "Watch the live sessions you missed.", icon: Video },
  ];
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="mb-4 font-display text-2xl">
        Quick Actions
      </h2>
      <ul className={upgrade ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"}>
        <li>
          <CompanionQuickAction />
        </li>
        {actions.map((action) => (
          <li key={action.to}>
            <Link to={action.to} className={quickActionClasses}>
              <action.icon className="h-6 w-6 shrink-0 text-accent" aria-hidden />
              <span>
                <span className="block font-semibold">{action.label}</span>
                <span className="block text-xs opacity-75">{action.description}</span>
              </span>
            </Link>
          </li>
        ))}
        {/* Spec §2: only for members without Premium. */}
        {upgrade ? (
          <li>
            <UpgradeDialogLink paymentsOffMessage={upgrade.paymentsOffMessage} className={quickActionClasses}>
              <Crown className="h-6 w-6 shrink-0 text-accent" aria-hidden />
              <span>
                <span className="block font-semibold">Upgrade to Premium</span>
                <span className="block text-xs opacity-75">{`Advanced classes and analytics for ${PREMIUM_PRICE_LABEL}.`}</span>
              </span>
            </UpgradeDialogLink>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
