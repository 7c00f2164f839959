import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "~/root";
import { Crown, Home, LogOut, Settings } from "~/components/ui/icons";
import { z } from "zod";
import { ConferenceBanner } from "./conference-banner";
import { CourseCard } from "~/components/course-card";
import { CourseDetailSkeleton, useLoadingCoursePage } from "~/components/learning/course-skeleton";
import { CertificateList } from "./portal-certificates";
import { AnalyticsTeaser, LearningAnalyticsPanel } from "./portal-analytics";
import { ContinueJourney, OpenAssignments, PortalStatCards, QuickActions, QuizzesToPass, UpgradeBanner } from "./portal-overview";
import { Achievements, CourseProgressList, LearningPath, RecentActivity } from "./portal-progress";
import { CANCEL_INTENT, RESUME_INTENT, SubscriptionCard } from "./portal-subscription";
import type { PortalCertificate, PortalProgress } from "./portal-types";
import { TabLinks } from "~/components/learning/tab-links";
import { buttonClasses } from "~/components/ui/button";
import { BillingError, paymentsEnabled, setCancelAtPeriodEnd } from "~/models/billing/billing.server";
import { PAYMENTS_OFF_MESSAGE } from "~/schemas/billing";
import { listCertificatesForUser } from "~/models/learning/certificate.server";
import { loadConferenceBanner } from "./conference-banner.server";
import { listActiveCourses } from "~/models/learning/course.server";
import { getLearningAnalytics } from "~/models/reports/learning-analytics.server";
import { getJourney, type Journey } from "~/models/learning/journey.server";
import { listQuizzesToPass } from "~/models/assessment/quiz.server";
import { listOpenAssignmentsOf } from "~/models/assessment/assignment.server";
import { getStudySummary } from "~/models/learning/learning-time.server";
import { countEnrolments, listProgressForUser, type ProgressWithCourse } from "~/models/learning/progress.server";
import { getSubscriptionSummary } from "~/models/billing/subscription.server";
import { viewerTimeZone } from "~/utils/time-zone.server";
import { dismissedCookie, DismissBannerSchema, DISMISS_BANNER_INTENT } from "~/schemas/conference-banner";
import { requireUser } from "~/services/auth.server";
import { formatDate } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Student Portal — Mystic Academy" }];

const TABS = [
  { id: "overview", label: "Overview" },
  { id: "courses", label: "Courses" },
  { id: "progress", label: "Progress" },
  { id: "certificates", label: "Certificates" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const PROGRESS_VIEWS = [
  { id: "overview", label: "Overview" },
  { id: "courses", label: "Course Progress" },
  { id: "activity", label: "Recent Activity" },
] as const;
type ProgressView = (typeof PROGRESS_VIEWS)[number]["id"];

// Spec §5: only the four known tabs are accepted; anything else shows the overview.
const parseTab = (value: string | null): Tab => TABS.find((tab) => tab.id === value)?.id ?? "overview";
const parseView = (value: string | null): ProgressView => PROGRESS_VIEWS.find((view) => view.id === value)?.id ?? "overview";

const FEATURED_COURSES = 3;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get("tab"));
  const view = parseView(url.searchParams.get("view"));
  const subscription = await getSubscriptionSummary(user);
  // Each tab reads only what it shows: the overview is what every member opens first.
  const showsProgress = tab === "progress";
  const courses = tab === "courses" || showsProgress ? await listActiveCourses() : [];
  // Read once: the overview counts and lists from it, the progress tab shows it.
  const progress = tab === "overview" || showsProgress ? await listProgressForUser(user.id) : [];
  return json({
    name: user.firstName ?? user.name ?? user.username,
    tab,
    view,
    subscription,
    timeZone: viewerTimeZone(request),
    // A flag, not the sentence: the portal's HTML stays under its 24 KB budget (the page writes the text).
    paymentsOff: !paymentsEnabled(),
    // Advanced analytics are a Premium benefit; only computed where they are shown.
    analytics: subscription.isPremium && showsProgress && view === "overview" ? await getLearningAnalytics(user.id) : null,
    conferenceBanner: tab === "overview" ? await loadConferenceBanner(request, user) : null,
    stats: tab === "overview" ? { ...countEnrolments(progress), ...await getStudySummary(user.id) } : null,
    journey: tab === "overview" ? firstSteps(await getJourney(user, progress)) : null,
    quizzesToPass: tab === "overview" ? (await listQuizzesToPass(user)).slice(0, 6) : [],
    openAssignments: tab === "overview" ? (await listOpenAssignmentsOf(user.id)).slice(0, 6).map(({ submissionId, status, courseId, courseTitle, lessonId, lessonTitle }) => ({ submissionId, status, courseId, courseTitle, lessonId, lessonTitle })) : [],
    courses: tab === "courses" ? courses : courses.slice(0, FEATURED_COURSES),
    progress: showsProgress ? portalProgress(progress, courses) : [],
    certificates: tab === "certificates" ? await portalCertificates(user.id) : [],
  });
}

/** What "Continue Your Journey" shows: the first courses and one Premium course to upgrade for. */
function firstSteps(journey: Journey) {
  return { courses: journey.courses.slice(0, FEATURED_COURSES), upsell: journey.upsells[0] ?? null, finishedCount: journey.finishedCount };
}

function portalProgress(progress: readonly ProgressWithCourse[], courses: ReadonlyArray<{ id: number }>): PortalProgress[] {
  const available = new Set(courses.map((course) => course.id));
  return progress.map((record) => ({
    courseId: record.courseId,
    courseTitle: record.courseTitle,
    courseDescription: record.courseDescription,
    courseAvailable: available.has(record.courseId),
    isCompleted: record.isCompleted,
    progressPercentage: record.progressPercentage,
    startedAt: record.startedAt.toISOString(),
    lastAccessedAt: record.lastAccessedAt.toISOString(),
    completedAt: record.completedAt?.toISOString() ?? null,
  }));
}

async function portalCertificates(userId: number): Promise<PortalCertificate[]> {
  return (await listCertificatesForUser(userId)).map((certificate) => ({
    id: certificate.id,
    courseTitle: certificate.courseTitle,
    certificateNumber: certificate.certificateNumber,
    issuedAt: certificate.issuedAt.toISOString(),
    isVerified: certificate.isVerified,
  }));
}

const SubscriptionIntent = z.object({ intent: z.enum([CANCEL_INTENT, RESUME_INTENT]) });

// The membership card's "Cancel at period end" and "Resume"; Stripe is told first, then the page.
// The conference banner's dismiss button posts here when JavaScript is off.
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const fields = Object.fromEntries(await readForm(request));
  if (fields.intent === DISMISS_BANNER_INTENT) {
    const dismissal = DismissBannerSchema.safeParse(fields);
    if (!dismissal.success) return json({ message: "Unknown conference." }, { status: 400 });
    const back = new URL(request.url);
    return redirect(back.pathname + back.search, { headers: { "Set-Cookie": dismissedCookie(dismissal.data.conferenceId) } });
  }
  const parsed = SubscriptionIntent.safeParse(fields);
  if (!parsed.success) return json({ message: "Unknown action." }, { status: 400 });
  const cancel = parsed.data.intent === CANCEL_INTENT;
  try {
    const summary = await setCancelAtPeriodEnd(user, cancel);
    const end = summary.currentPeriodEnd ? formatDate(summary.currentPeriodEnd) : null;
    return await redirectWithToast("/students", {
      type: "success",
      title: cancel ? "Renewal Cancelled" : "Renewal Resumed",
      description: cancel
        ? `Premium stays active until ${end ?? "the end of the paid period"}, then stops.`
        : `Premium will renew${end ? ` on ${end}` : ""} as usual.`,
    });
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    return await redirectWithToast("/students", { type: "error", title: "Membership Not Changed", description: error.message });
  }
}

export default function StudentPortal() {
  const { name, tab, view, subscription, timeZone, paymentsOff, analytics, conferenceBanner, stats, journey, quizzesToPass, openAssignments, courses, progress, certificates } =
    useLoaderData<typeof loader>();
  const paymentsOffMessage = paymentsOff ? PAYMENTS_OFF_MESSAGE : null;
  const unreadNotifications = useRouteLoaderData<RootLoaderData>("root")?.unreadNotifications ?? 0;
  const loadingCourse = useLoadingCoursePage();
  if (loadingCourse) return <CourseDetailSkeleton />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-display text-3xl">Student Portal</h1>
            {subscription.isPremium ? (
              <span
                className="flex items-center gap-1 rounded-full border border-accent/60 bg-accent/15 px-3 py-1 text-sm font-medium text-accent"
                data-testid="premium-badge"
              >
                <Crown className="h-4 w-4" aria-hidden /> Premium Member
              </span>
            ) : null}
          </div>
          <p className="mt-1 opacity-80">{`Welcome, ${name}. Continue your journey.`}</p>
          {unreadNotifications > 0 ? (
            <AppLink to="/notifications" className="mt-1 inline-block text-sm text-accent underline" data-testid="portal-unread">
              {`${unreadNotifications} unread ${unreadNotifications === 1 ? "notification" : "notifications"}`}
            </AppLink>
          ) : null}
        </div>
        <div className="flex gap-2">
          <AppLink to="/" className={buttonClasses("outline")}>
            <Home className="h-4 w-4" aria-hidden /> Return Home
          </AppLink>
          <AppLink to="/settings" className={buttonClasses("ghost")}>
            <Settings className="h-4 w-4" aria-hidden /> Settings
          </AppLink>
          {/* A POST form, not the spec's link to /api/logout: a GET must not sign out (issue 39). */}
          <Form method="post" action="/logout" className="contents">
            <button type="submit" className={buttonClasses("ghost")}>
              <LogOut className="h-4 w-4" aria-hidden /> Logout
            </button>
          </Form>
        </div>
      </header>

      <div className="mt-6 md:mt-8">
        <TabLinks label="Portal sections" tabs={TABS} current={tab} hrefFor={(id) => `/students?tab=${id}`} />
      </div>

      <div className="mt-8 space-y-10">
        {tab === "overview" ? (
          // On a phone the upgrade banner and the four figures follow the journey, so
          // "Continue Your Journey" is on the first screen; wider screens keep the spec's order.
          <div className="flex flex-col gap-10">
            {conferenceBanner ? (
              <ConferenceBanner
                initial={conferenceBanner.sessions}
                viewerIsPremium={conferenceBanner.viewerIsPremium}
                dismissedId={conferenceBanner.dismissedId}
                timeZone={conferenceBanner.timeZone}
                paymentsOffMessage={paymentsOffMessage}
              />
            ) : null}
            {subscription.isPremium ? null : (
              <div className="order-1 md:order-none">
                <UpgradeBanner paymentsOffMessage={paymentsOffMessage} />
              </div>
            )}
            {stats ? (
              <div className="order-1 md:order-none">
                <PortalStatCards stats={stats} />
              </div>
            ) : null}
            {subscription.isPremium || subscription.plan === "premium" ? <SubscriptionCard summary={subscription} timeZone={timeZone} /> : null}
            {journey ? (
              <ContinueJourney
                courses={journey.courses}
                upsell={journey.upsell}
                finishedCount={journey.finishedCount}
              />
            ) : null}
            {quizzesToPass.length > 0 ? <QuizzesToPass quizzes={quizzesToPass} /> : null}
            {openAssignments.length > 0 ? <OpenAssignments assignments={openAssignments} /> : null}
            <div className="order-1 md:order-none">
              <QuickActions upgrade={subscription.isPremium ? null : { paymentsOffMessage }} />
            </div>
          </div>
        ) : null}

        {tab === "courses" ? (
          <section aria-labelledby="all-courses-title">
            <h2 id="all-courses-title" className="mb-4 font-display text-2xl">
              All Courses
            </h2>
            {courses.length === 0 ? (
              <p className="card text-center">No courses available</p>
            ) : (
              <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {courses.map((course) => (
                  <CourseCard
                    key={course.id}
                    course={course}
                    action={
                      <AppLink to={`/course/${course.id}`} className={buttonClasses("primary", "w-full")}>
                        Start Learning
                      </AppLink>
                    }
                  />
                ))}
              </div>
            )}
          </section>
        ) : null}

        {tab === "progress" ? (
          <>
            <TabLinks
              label="Progress views"
              size="sm"
              tabs={PROGRESS_VIEWS}
              current={view}
              hrefFor={(id) => `/students?tab=progress&view=${id}`}
            />
            {view === "overview" ? (
              <>
                <div className="grid gap-6 lg:grid-cols-2">
                  <LearningPath courses={courses} progress={progress} />
                  <Achievements progress={progress} />
                </div>
                {analytics ? <LearningAnalyticsPanel analytics={analytics} /> : <AnalyticsTeaser paymentsOffMessage={paymentsOffMessage} />}
              </>
            ) : null}
            {view === "courses" ? <CourseProgressList progress={progress} /> : null}
            {view === "activity" ? <RecentActivity progress={progress} /> : null}
          </>
        ) : null}

        {tab === "certificates" ? <CertificateList certificates={certificates} /> : null}
      </div>
    </div>
  );
}
