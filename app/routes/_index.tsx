import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BookOpen, Compass, Library, MessagesSquare, PlayCircle, Rocket, Wrench } from "~/components/ui/icons";
import { CourseCard } from "~/components/course-card";
import { EnrollButton } from "~/components/enroll-button";
import { RevenueOracle } from "~/components/revenue-oracle";
import { buttonClasses } from "~/components/ui/button";
import { listFeaturedCourses } from "~/models/learning/course.server";
import { getCalculatorRecord, saveCalculatorRecord } from "~/models/accounts/user.server";
import { EstimatorFormSchema } from "~/schemas/calculator";
import { getOptionalUser, homeFor } from "~/services/auth.server";
import { emptyEstimate, toEstimatorInput } from "~/utils/revenue-estimator";
import { readForm } from "~/utils/form-data.server";
import { publicPageHeaders } from "~/utils/page-cache";

// The same for every visitor: kept a few seconds for anonymous requests (server/page-cache.ts).
export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  return json({
    courses: await listFeaturedCourses(3),
    saved: user ? await getCalculatorRecord(user.id) : emptyEstimate(),
    viewer: user ? { name: user.firstName ?? user.name ?? user.username, home: homeFor(user) } : null,
  });
}

// The estimator's no-JavaScript path: compute on the server, and keep a
// signed-in advisor's figures.
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: EstimatorFormSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), saved: null, itemPrice: 0 }, { status: 400 });
  }
  const { itemPrice, ...figures } = submission.value;
  const user = await getOptionalUser(request, context);
  const saved = toEstimatorInput(figures);
  if (user) await saveCalculatorRecord(user.id, saved);
  return json({ result: submission.reply(), saved, itemPrice });
}

const onboardingSteps = [
  "Business Foundation (Required)",
  "Product Knowledge Essentials",
  "Client Communication Basics",
  "First Month Action Plan",
];
const growthSteps = [
  "Advanced Sales Strategies",
  "Leadership & Team Building",
  "Referral Network Optimization",
  "Business Analytics & Metrics",
];

function PathwayCard({
  title,
  description,
  steps,
  buttonLabel,
  href,
  icon,
}: {
  title: string;
  description: string;
  steps: string[];
  buttonLabel: string;
  href: string;
  icon: React.ReactNode;
}) {
  return (
    <article className="card flex flex-col gap-4" data-testid="pathway-card">
      <div className="flex items-center gap-3">
        {icon}
        <h3 className="font-display text-xl">{title}</h3>
      </div>
      <p className="text-sm opacity-80">{description}</p>
      {/* Numbered by CSS (.numbered-steps): an <ol> already says the order to assistive technology. */}
      <ol className="numbered-steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Link to={href} className={buttonClasses("primary", "mt-auto")}>
        {buttonLabel}
      </Link>
    </article>
  );
}

export default function Landing() {
  const { courses, saved, viewer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const signedIn = viewer !== null;
  const journeyHref = viewer ? "/students" : "/login";
  const pathwayHref = viewer ? viewer.home : "/login";

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-20 px-4 py-12">
      <section className="relative overflow-hidden py-12 text-center" aria-labelledby="hero-title">
        <span className="twinkle absolute left-[12%] top-6 text-2xl text-accent" aria-hidden>
          ✦
        </span>
        <span className="twinkle absolute right-[15%] top-16 text-xl text-accent" aria-hidden>
          ✧
        </span>
        {viewer ? (
          <p className="mb-4 inline-block rounded-full border border-accent/40 px-4 py-1 text-sm" data-testid="welcome-back">
            Welcome back, {viewer.name}.{" "}
            <Link to={viewer.home} className="font-semibold text-accent underline">
              Go to your {viewer.home === "/dashboard" ? "dashboard" : "portal"}
            </Link>
          </p>
        ) : null}
        <h1 id="hero-title" className="font-display text-4xl font-semibold leading-tight sm:text-6xl">
          Awaken the advisor within
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg opacity-85">
          Structured training for spiritual advisors: sharpen your intuitive practice, serve clients with care and
          integrity, and build a sustainable advisory business alongside a supportive community.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to={journeyHref} className={buttonClasses("primary", "glow", "lg")}>
            <Rocket className="h-5 w-5" aria-hidden /> Begin Your Journey
          </Link>
          <a href="#modules" className={buttonClasses("outline", undefined, "lg")}>
            <PlayCircle className="h-5 w-5" aria-hidden /> Watch Prophecy
          </a>
        </div>
      </section>

      <RevenueOracle
        key={actionData?.saved ? JSON.stringify(actionData.saved) : "loaded"}
        saved={actionData?.saved ?? saved}
        itemPrice={actionData?.itemPrice ?? 10}
        signedIn={signedIn}
        lastResult={actionData?.result}
      />

      <section id="modules" aria-labelledby="modules-title" className="scroll-mt-24">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="modules-title" className="font-display text-3xl">
              Training Modules
            </h2>
            <p className="mt-2 opacity-80">Start with the foundations and grow into advanced practice.</p>
          </div>
          <Link to={signedIn ? "/courses" : "/login?redirect=%2Fcourses"} className={buttonClasses("outline")}>
            <BookOpen className="h-4 w-4" aria-hidden /> All courses
          </Link>
        </div>
        {courses.length === 0 ? (
          <p className="card text-center opacity-80">No courses available</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-3">
            {courses.map((course) => (
              <CourseCard key={course.id} course={course} action={<EnrollButton courseId={course.id} signedIn={signedIn} />} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="pathways-title">
        <h2 id="pathways-title" className="mb-8 font-display text-3xl">
          Choose your pathway
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          <PathwayCard
            title="New Member Onboarding"
            description="Everything you need in your first month: the groundwork of an ethical, well-run practice."
            steps={onboardingSteps}
            buttonLabel="Start Onboarding"
            href={pathwayHref}
            icon={<Compass className="h-6 w-6 text-accent" aria-hidden />}
          />
          <PathwayCard
            title="Advanced Growth Track"
            description="For established advisors ready to grow their reach, mentor others and read their numbers."
            steps={growthSteps}
            buttonLabel="Advanced Track"
            href={pathwayHref}
            icon={<Rocket className="h-6 w-6 text-accent" aria-hidden />}
          />
        </div>
      </section>

      <section aria-labelledby="resources-title">
        <h2 id="resources-title" className="mb-6 font-display text-3xl">
          Additional Resources
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {[
            { to: "/knowledge-base", title: "Knowledge Base", text: "Guides and answers for study and practice.", icon: Library },
            { to: "/community", title: "Community", text: "Ask, share and learn with fellow advisors.", icon: MessagesSquare },
            { to: "/tools-templates", title: "Tools & Templates", text: "Intake forms, worksheets and calculators.", icon: Wrench },
          ].map((resource) => (
            <Link key={resource.to} to={resource.to} className="card flex items-start gap-4 transition hover:border-accent/60">
              <resource.icon className="h-6 w-6 shrink-0 text-accent" aria-hidden />
              <span>
                <span className="block font-semibold">{resource.title}</span>
                <span className="text-sm opacity-80">{resource.text}</span>
              </span>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
