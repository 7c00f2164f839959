import { Link, useLocation } from "@remix-run/react";
import { ArrowRight, Award, BookOpen, Clock, Compass, Crown, FileQuestion, Flame, MessageCircle, Pencil, RotateCcw, Video } from "~/components/ui/icons";
import { companionHref, openCompanion } from "~/components/companion/companion-store";
import { ProgressBar } from "~/components/learning/progress-bar";
import { EstimatedPart, LearningTimeRule } from "~/components/learning/learning-time-note";
import type { PortalStats } from "./portal-types";
import { PaymentsOffNotice, UpgradeDialogLink } from "~/components/premium/upgrade-dialog";
import { buttonClasses } from "~/components/ui/button";
import { StatCard } from "~/components/ui/stat-card";
import type { JourneyCourse } from "~/models/learning/journey.server";
import { formatLearningTime } from "~/schemas/learning-time";
import { PREMIUM_PRICE_LABEL } from "~/utils/premium";
import { AppLink } from "~/components/ui/app-link";

export function PortalStatCards({ stats }: { stats: PortalStats }) {
  const { measuredSeconds, estimatedSeconds } = stats.learningTime;
  return (
    <section aria-label="Your figures" className="space-y-2">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Enrolled courses" value={stats.enrolled} icon={BookOpen} testId="stat-enrolled" />
        <StatCard label="Completed" value={stats.completed} icon={Award} testId="stat-completed" />
        <StatCard
          label={estimatedSeconds > 0 ? "Learning time (estimated in part)" : "Learning time"}
          value={formatLearningTime(measuredSeconds + estimatedSeconds)}
          icon={Clock}
          testId="stat-hours"
          note={<EstimatedPart estimatedSeconds={estimatedSeconds} />}
        />
        <StatCard label="Current streak" value={`${stats.streak} ${stats.streak === 1 ? "day" : "days"}`} icon={Flame} testId="stat-streak" />
      </div>
      <LearningTimeRule />
    </section>
  );
}

function JourneyCard({ course }: { course: JourneyCourse }) {
  const started = course.kind === "in-progress";
  return (
    <AppLink to={`/course/${course.id}`} className="card link-card block space-y-3" data-testid="journey-course">
      <p className="text-xs uppercase tracking-wide opacity-80">
        {`${started ? "In progress" : "Not started"} • ${course.level} • ${course.lessons} lessons`}
      </p>
      <p className="font-display text-lg">{course.title}</p>
      <div>
        <div className="mb-1 flex justify-between text-xs opacity-80">
          <span>Progress</span>
          <span>{`${course.percentage}%`}</span>
        </div>
        <ProgressBar value={course.percentage} label={`${course.title} progress`} />
      </div>
      <p className="card-cta">
        {started ? "Continue Learning " : "Start Course "}
        <ArrowRight className="h-4 w-4" aria-hidden />
      </p>
    </AppLink>
  );
}

/** A Premium course shown to a member without Premium: clearly marked, and it leads to /upgrade, not to the lessons. */
function UpsellCard({ course }: { course: JourneyCourse }) {
  return (
    <AppLink
      to="/upgrade"
      className="card block h-full space-y-3 border-dashed border-accent/60 bg-accent/5 transition hover:border-accent"
      data-testid="journey-upsell"
    >
      <p className="inline-flex items-center gap-1 rounded-full border border-accent/60 px-2 py-0.5 text-xs font-medium text-accent">
        <Crown className="h-3.5 w-3.5" aria-hidden /> Premium course
      </p>
      <p className="font-display text-lg">{course.title}</p>
      <p className="text-sm opacity-85">
        {`${course.percentage > 0 ? `You reached ${course.percentage}%. ` : ""}Upgrade to Premium to ${course.percentage > 0 ? "continue" : "take"} it.`}
      </p>
      <p className="card-cta">
        Upgrade to Premium <ArrowRight className="h-4 w-4" aria-hidden />
      </p>
    </AppLink>
  );
}

/** Where a member goes when the journey has nothing left to list. */
function JourneyEmptyState({ finishedCount }: { finishedCount: number }) {
  if (finishedCount > 0) {
    return (
      <div className="card space-y-3" data-testid="journey-empty">
        <p className="font-semibold">You have finished every course open to you.</p>
        <p className="text-sm opacity-85">Your certificates are waiting, and new courses appear in the catalogue.</p>
        <div className="flex flex-wrap gap-2">
          <AppLink to="/students?tab=certificates" className={buttonClasses("primary", undefined, "sm")}>
            <Award className="h-4 w-4" aria-hidden /> See your certificates
          </AppLink>
          <AppLink to="/courses" className={buttonClasses("outline", undefined, "sm")}>
            Browse the catalogue
          </AppLink>
        </div>
      </div>
    );
  }
  return (
    <div className="card space-y-3" data-testid="journey-empty">
      <p className="font-semibold">No courses are open to you yet.</p>
      <AppLink to="/courses" className={buttonClasses("primary", undefined, "sm")}>
        <Compass className="h-4 w-4" aria-hidden /> Browse the catalogue
      </AppLink>
    </div>
  );
}

/** Up to three courses to continue or start, then at most one Premium upsell. */
export function ContinueJourney({ courses, upsell, finishedCount }: { courses: JourneyCourse[]; upsell: JourneyCourse | null; finishedCount: number }) {
  return (
    <section aria-labelledby="journey-title">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="journey-title" className="font-display text-2xl">
          Continue Your Journey
        </h2>
        <AppLink to="/courses" className="inline-flex items-center gap-1 text-sm underline">
          View All Courses <ArrowRight className="h-4 w-4" aria-hidden />
        </AppLink>
      </div>
      {courses.length === 0 ? <JourneyEmptyState finishedCount={finishedCount} /> : null}
      {courses.length > 0 || upsell ? (
        <ul className={`mt-4 grid gap-4 md:grid-cols-2 ${upsell && courses.length >= 3 ? "xl:grid-cols-4" : "lg:grid-cols-3"}`}>
          {courses.map((course) => (
            <li key={course.id}>
              <JourneyCard course={course} />
            </li>
          ))}
          {upsell ? (
            <li>
              <UpsellCard course={upsell} />
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}

export interface QuizToPass {
  courseId: number;
  courseTitle: string;
  lessonId: number;
  lessonTitle: string;
  passingScore: number;
  bestScore: number | null;
  attemptsLeft: number | null;
}

/** Quizzes in started courses that the member still has to pass (issue 24), beside "Continue Your Journey". */
export function QuizzesToPass({ quizzes }: { quizzes: QuizToPass[] }) {
  return (
    <section aria-labelledby="quizzes-title" data-testid="quizzes-to-pass">
      <h2 id="quizzes-title" className="mb-4 font-display text-2xl">
        Quizzes to pass
      </h2>
      <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
        {quizzes.map((quiz) => (
          <li key={quiz.lessonId}>
            <AppLink to={`/course/${quiz.courseId}/lesson/${quiz.lessonId}`} className={quickActionClasses}>
              <FileQuestion className="h-6 w-6 shrink-0 text-accent" aria-hidden />
              <span className="min-w-0">
                <span className="block truncate font-semibold">{quiz.lessonTitle}</span>
                <span className="block truncate text-sm opacity-80">{quiz.courseTitle}</span>
                <span className="block text-sm opacity-80">
                  Pass mark {quiz.passingScore}%{quiz.bestScore !== null ? ` · best so far ${quiz.bestScore}%` : " · not tried yet"}
                  {quiz.attemptsLeft === 0 ? " · no attempts left" : ""}
                </span>
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface OpenAssignment {
  submissionId: number;
  /** Only "submitted" and "revise" are listed; a passed one is done. */
  status: "submitted" | "revise" | "passed";
  courseId: number;
  courseTitle: string;
  lessonId: number;
  lessonTitle: string;
}

/** The member's assignments waiting for review or needing a revision (issue 45), beside the quizzes to pass. */
export function OpenAssignments({ assignments }: { assignments: OpenAssignment[] }) {
  return (
    <section aria-labelledby="assignments-title" data-testid="open-assignments">
      <h2 id="assignments-title" className="mb-4 font-display text-2xl">
        Assignments
      </h2>
      <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
        {assignments.map((item) => {
          const Icon = item.status === "revise" ? RotateCcw : Pencil;
          return (
            <li key={item.submissionId}>
              <AppLink to={`/course/${item.courseId}/lesson/${item.lessonId}#assignment`} className={quickActionClasses}>
                <Icon className="h-6 w-6 shrink-0 text-accent" aria-hidden />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{item.lessonTitle}</span>
                  <span className="block truncate text-sm opacity-80">{item.courseTitle}</span>
                  <span className="block text-sm font-medium">{item.status === "revise" ? "Needs revision" : "Waiting for review"}</span>
                </span>
              </AppLink>
            </li>
          );
        })}
      </ul>
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

const quickActionClasses = "card link-card flex items-center gap-3 p-4";

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
  // The spec's two, and the recordings; courses, progress and certificates are the tabs just above.
  const actions = [{ to: "/recordings", label: "Session Recordings", description: "Watch the live sessions you missed.", icon: Video }];
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
