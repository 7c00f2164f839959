
import { Award, BadgeCheck } from "~/components/ui/icons";
import { DownloadCertificateLink, ShareCertificateButton } from "./certificate-actions";
import type { PortalCertificate } from "./portal-types";
import { buttonClasses } from "~/components/ui/button";
import { formatDate } from "~/utils/misc";
import { AppLink } from "~/components/ui/app-link";

export function CertificateList({ certificates }: { certificates: PortalCertificate[] }) {
  return (
    <section aria-labelledby="certificates-title">
      <h2 id="certificates-title" className="mb-4 font-display text-2xl">
        My Certificates
      </h2>
      {certificates.length === 0 ? (
        <div className="card py-10 text-center">
          <Award className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <p className="mt-4 font-display text-xl">No Certificates Yet</p>
          <p className="mt-1 text-sm opacity-75">Complete a course to earn your first certificate.</p>
          {/* Spec: the empty state's Start Learning goes to /dashboard. */}
          <AppLink to="/dashboard" className={buttonClasses("primary", "mt-6")}>
            Start Learning
          </AppLink>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {certificates.map((certificate) => (
            <li key={certificate.id} className="card space-y-3" data-testid="certificate-card">
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-display text-lg">{certificate.courseTitle}</h3>
                {certificate.isVerified ? (
                  <span className="flex shrink-0 items-center gap-1 rounded-full border border-emerald-400/50 bg-emerald-500/20 px-2 py-0.5 text-xs text-emerald-200">
                    <BadgeCheck className="h-3.5 w-3.5" aria-hidden /> Verified
                  </span>
                ) : null}
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-xs opacity-70">Certificate number</dt>
                  <dd className="font-mono" data-testid="certificate-number">
                    {certificate.certificateNumber}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs opacity-70">Issued</dt>
                  <dd>{formatDate(certificate.issuedAt)}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap gap-2">
                <DownloadCertificateLink certificateId={certificate.id} certificateNumber={certificate.certificateNumber} />
                <ShareCertificateButton certificateId={certificate.id} certificateNumber={certificate.certificateNumber} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
