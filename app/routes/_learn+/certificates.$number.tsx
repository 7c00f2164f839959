import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Award, BadgeCheck, ShieldAlert } from "~/components/ui/icons";
import { GeneralErrorBoundary, StatusPanel } from "~/components/error-boundary";
import { certificateInstructors, getCertificateByNumber } from "~/models/learning/certificate.server";
import { env } from "~/utils/env.server";
import { formatDate, invariantResponse } from "~/utils/misc";

const NOT_FOUND = "Certificate not found";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Certificate ${data.certificate.number} — Mystic Academy` : `${NOT_FOUND} — Mystic Academy` },
  // A public page with a person's name on it: reachable by link, not by search.
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const number = params.number ?? "";
  const certificate = /^[A-Za-z0-9-]{1,40}$/.test(number) ? await getCertificateByNumber(number) : undefined;
  invariantResponse(certificate, NOT_FOUND, { status: 404 });
  return json({
    founder: env.ACADEMY_FOUNDER,
    certificate: {
      number: certificate.certificateNumber,
      courseTitle: certificate.courseTitle,
      recipientName: certificate.recipientName,
      issuedAt: certificate.issuedAt.toISOString(),
      isVerified: certificate.isVerified,
      // Courses with quizzes (issue 24): the average best score when it was issued.
      averageScore: certificate.averageScore,
      instructors: await certificateInstructors(certificate),
    },
  });
}

export default function CertificateVerification() {
  const { certificate, founder } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <article className="card glow space-y-6 text-center">
        <Award className="mx-auto h-14 w-14 text-accent" aria-hidden />
        <p className="text-sm uppercase tracking-widest opacity-75">Mystic Academy certificate of completion</p>
        <h1 className="font-display text-3xl">{certificate.courseTitle}</h1>
        <p className="text-lg">
          Awarded to <span className="font-semibold text-accent">{certificate.recipientName}</span>
        </p>
        {certificate.isVerified ? (
          <p className="inline-flex items-center gap-2 rounded-full border border-emerald-400/50 bg-emerald-500/20 px-3 py-1 text-sm text-emerald-200">
            <BadgeCheck className="h-4 w-4" aria-hidden /> Valid certificate
          </p>
        ) : (
          <p className="inline-flex items-center gap-2 rounded-full border border-red-400/50 bg-red-500/20 px-3 py-1 text-sm text-red-200">
            <ShieldAlert className="h-4 w-4" aria-hidden /> Not verified
          </p>
        )}
        {certificate.averageScore !== null ? (
          <p className="text-sm" data-testid="certificate-assessed">
            <span className="font-semibold">Assessed</span>: earned by passing the course&apos;s quizzes, with an average best score of{" "}
            <span className="font-semibold">{`${certificate.averageScore}%`}</span>.
          </p>
        ) : null}
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="opacity-70">Signed by</dt>
            <dd className="text-base" data-testid="certificate-signatories">
              {[`${founder} (Founder)`, ...certificate.instructors.map((name) => `${name} (Instructor)`)].join(", ")}
            </dd>
          </div>
          <div>
            <dt className="opacity-70">Certificate number</dt>
            <dd className="font-mono text-base">{certificate.number}</dd>
          </div>
          <div>
            <dt className="opacity-70">Issued</dt>
            <dd className="text-base">{formatDate(certificate.issuedAt)}</dd>
          </div>
        </dl>
      </article>
    </div>
  );
}

export function ErrorBoundary() {
  const notFound = () => <StatusPanel icon={ShieldAlert} title={NOT_FOUND} message="No certificate carries this number. Please check it and try again." />;
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound }} />;
}
