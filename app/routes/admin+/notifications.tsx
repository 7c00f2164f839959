import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ArrowLeft, Mail, RefreshCw } from "~/components/ui/icons";
import { PageErrorBoundary } from "~/components/error-boundary";
import { AppLink } from "~/components/ui/app-link";
import { buttonClasses } from "~/components/ui/button";
import { ErrorList, labelClasses } from "~/components/ui/field";
import { listOutbox, outboxCounts, queueTestEmail, retryEmail } from "~/models/notifications/email-outbox.server";
import { requireAdmin } from "~/services/auth.server";
import { readForm } from "~/utils/form-data.server";
import { isEmailConfigured } from "~/utils/mailer.server";
import { formatDate } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";

// The email outbox for admins (issue 25): what is queued, sent and failed
// (with the SMTP error), "Retry" for a failed email, and a test email.
export const meta: MetaFunction = () => [{ title: "Email notifications — Mystic Academy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const rows = (await listOutbox(100)).map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  }));
  return json({ rows, counts: await outboxCounts(), configured: isEmailConfigured() });
}

const AdminNotificationForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("test"), to: z.string().trim().email("Enter an email address such as you@example.com").max(320) }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const parsed = AdminNotificationForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return json({ errors: parsed.error.flatten().fieldErrors as Record<string, string[] | undefined> }, { status: 400 });
  if (parsed.data.intent === "retry") {
    const retried = await retryEmail(parsed.data.id);
    return await redirectWithToast("/admin/notifications", retried ? { type: "success", title: "Queued again" } : { type: "error", title: "Only a failed email can be retried" });
  }
  await queueTestEmail(parsed.data.to);
  return await redirectWithToast("/admin/notifications", { type: "success", title: "Test email queued", description: `To ${parsed.data.to}; it is sent within a minute.` });
}

const STATUS_CLASSES = {
  queued: "border-amber-400/50 bg-amber-500/20 text-amber-100",
  sending: "border-sky-400/50 bg-sky-500/20 text-sky-100",
  sent: "border-emerald-400/50 bg-emerald-500/20 text-emerald-100",
  failed: "border-red-400/50 bg-red-500/20 text-red-100",
} as const;

export default function AdminNotifications() {
  const { rows, counts, configured } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AppLink to="/admin" className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
      </AppLink>
      <header className="mt-4">
        <h1 className="font-display text-3xl">Email notifications</h1>
        <p className="mt-1 opacity-80" data-testid="outbox-counts">
          {`${counts.queued ?? 0} queued · ${counts.sending ?? 0} sending · ${counts.sent ?? 0} sent · ${counts.failed ?? 0} failed`}
        </p>
        {configured ? null : (
          <p className="mt-2 rounded-md border border-amber-400/50 bg-amber-500/10 p-3 text-sm">
            Email is not set up (SMTP_URL and MAIL_FROM): notifications appear in the app, and emails wait here until it is.
          </p>
        )}
      </header>

      <Form method="post" className="card mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="test-to" className={labelClasses}>
            Send a test email to
          </label>
          <input id="test-to" name="to" type="email" required className="input-field" placeholder="you@example.com" aria-describedby="test-to-error" />
          <ErrorList id="test-to-error" errors={result?.errors.to} />
        </div>
        <button type="submit" name="intent" value="test" className={buttonClasses("primary")}>
          <Mail className="h-4 w-4" aria-hidden /> Send a test email
        </button>
      </Form>

      {rows.length === 0 ? (
        <p className="card mt-6 opacity-85">No emails yet.</p>
      ) : (
        <div className="card mt-6 overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The newest 100 emails</caption>
            <thead className="border-b border-primary/30">
              <tr>
                {["Status", "To", "Subject", "Tries", "Queued", "Sent / last error", ""].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-primary/10 last:border-0" data-testid="outbox-row">
                  <td className="px-4 py-3">
                    <span className={`rounded-full border px-2 py-0.5 text-xs ${STATUS_CLASSES[row.status]}`}>{row.status}</span>
                  </td>
                  <td className="px-4 py-3">
                    <span className="block break-all">{row.to}</span>
                    {row.username ? <span className="block text-xs opacity-75">{row.username}</span> : null}
                  </td>
                  <td className="px-4 py-3">{row.subject ?? <span className="opacity-75">{`(${row.kind}, no subject)`}</span>}</td>
                  <td className="px-4 py-3">{row.attempts}</td>
                  <td className="px-4 py-3">
                    <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
                  </td>
                  <td className="max-w-xs px-4 py-3 text-xs">{row.sentAt ? formatDate(row.sentAt) : (row.lastError ?? "")}</td>
                  <td className="px-4 py-3">
                    {row.status === "failed" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={row.id} />
                        <button type="submit" name="intent" value="retry" className={buttonClasses("outline", undefined, "sm")}>
                          <RefreshCw className="h-4 w-4" aria-hidden /> Retry
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/admin" backLabel="Back to Dashboard" message="Please go back to the dashboard and try again." />;
}
