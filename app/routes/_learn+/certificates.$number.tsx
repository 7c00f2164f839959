import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { chooseCertificateName } from "~/models/accounts/account.server";
import { CERTIFICATE_NAME_MAX, CertificateNameSchema } from "~/schemas/account";
import { getOptionalUser, requireUser } from "~/services/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";
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

async function findCertificate(number: string | undefined) {
  const certificate = number && /^[A-Za-z0-9-]{1,40}$/.test(number) ? await getCertificateByNumber(number) : undefined;
  invariantResponse(certificate, NOT_FOUND, { status: 404 });
  return certificate;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const certificate = await findCertificate(params.number);
  const viewer = await getOptionalUser(request, context);
  // The owner who never chose the name on their certificates is asked once, here, where the
  // completion leads them (issue 47; docs/decisions/036-certificate-names.md).
  const asksForName = viewer !== null && viewer.id === certificate.userId && viewer.certificateNameConfirmedAt === null;
  return json({
    asksForName,
    founder: env.ACADEMY_FOUNDER,
    certificate: {
      number: certificate.certificateNumber,
      courseTitle: certificate.courseTitle,
      recipientName: certificate.recipientName,
      issuedAt: certificate.issuedAt.toISOString(),
      reissuedAt: certificate.reissuedAt?.toISOString() ?? null,
      isVerified: certificate.isVerified,
      // Courses with quizzes (issue 24): the average best score when it was issued.
      averageScore: certificate.averageScore,
      instructors: await certificateInstructors(certificate),
    },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const certificate = await findCertificate(params.number);
  // Only the owner is asked; anyone else learns nothing more than the public page says.
  invariantResponse(certificate.userId === user.id, "Only the certificate's owner can choose its name", { status: 403 });
  const submission = parseWithZod(await readForm(request), { schema: CertificateNameSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  await chooseCertificateName(user.id, submission.value.certificateName);
  return redirectWithToast(`/certificates/${certificate.certificateNumber}`, {
    type: "success",
    title: "Name saved",
    description: "Your certificates carry it. You can change it later in Settings.",
  });
}

function CertificateNameQuestion({ recipientName }: { recipientName: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "certificate-name-form",
    lastResult: actionData?.result,
    defaultValue: { certificateName: recipientName },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CertificateNameSchema }),
  });
  return (
    <section className="card space-y-4" aria-labelledby="certificate-name-title" data-testid="certificate-name-question">
      <h2 id="certificate-name-title" className="font-display text-xl">
        Is this the name you want on your certificate?
      </h2>
      <p className="opacity-85">
        Certificates carry your full name. Check it once now; the number stays the same whatever you choose, and you can change it
        later in Settings.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field
          label="Name on certificates"
          errors={fields.certificateName.errors}
          inputProps={{ ...getInputProps(fields.certificateName, { type: "text" }), autoComplete: "name", maxLength: CERTIFICATE_NAME_MAX }}
        />
        <Button type="submit" disabled={navigation.state !== "idle"}>
          Use this name
        </Button>
      </Form>
    </section>
  );
}

export default function CertificateVerification() {
  const { certificate, founder, asksForName } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl space-y-8 px-4 py-16">
      {asksForName ? <CertificateNameQuestion recipientName={certificate.recipientName} /> : null}
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
            {certificate.reissuedAt ? (
              <dd className="text-sm opacity-80" data-testid="certificate-reissued">
                Reissued on {formatDate(certificate.reissuedAt)}
              </dd>
            ) : null}
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
