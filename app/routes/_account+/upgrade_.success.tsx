import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AlertCircle, Crown } from "~/components/ui/icons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MembershipStatus } from "~/components/premium/membership-status";
import { buttonClasses } from "~/components/ui/button";
import { BillingError, completeCheckout, confirmUpgrade } from "~/models/billing/billing.server";
import { getSubscriptionSummary } from "~/models/billing/subscription.server";
import { requireUser } from "~/services/auth.server";
import { AppLink } from "~/components/ui/app-link";

// Not nested under /upgrade (the trailing underscore): it has its own page.
export const meta: MetaFunction = () => [{ title: "Premium — Mystic Academy" }];

/**
 * Where the member comes back to: from Stripe Checkout (?session_id=…) or
 * after a 3-D Secure redirect of the embedded form (?payment_intent=…, or
 * ?setup_intent=… when a trial saved the card). Either
 * way the server asks Stripe whether the payment is done; the URL proves nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  const fromRedirect = url.searchParams.has("payment_intent") || url.searchParams.has("setup_intent");
  try {
    if (sessionId) return json({ ok: true as const, summary: await completeCheckout(user, sessionId) });
    if (fromRedirect) return json({ ok: true as const, summary: await confirmUpgrade(user) });
  } catch (error) {
    if (error instanceof BillingError) return json({ ok: false as const, message: error.message }, { status: error.status });
    throw error;
  }
  const summary = await getSubscriptionSummary(user);
  if (!summary.isPremium) throw redirect("/upgrade");
  return json({ ok: true as const, summary });
}

export default function UpgradeSuccess() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      {data.ok ? (
        <section className="card space-y-5">
          <h1 className="flex items-center gap-2 font-display text-3xl">
            <Crown className="h-7 w-7 text-accent" aria-hidden /> Upgrade Successful
          </h1>
          <p>Welcome to Premium! You now have access to advanced classes.</p>
          <MembershipStatus summary={data.summary} />
          <div className="flex flex-wrap gap-2">
            <AppLink to="/students" className={buttonClasses("primary")}>
              Go to your portal
            </AppLink>
            <AppLink to="/courses" className={buttonClasses("outline")}>
              Browse advanced classes
            </AppLink>
          </div>
        </section>
      ) : (
        <section className="card space-y-5" role="alert">
          <h1 className="flex items-center gap-2 font-display text-3xl">
            <AlertCircle className="h-7 w-7 text-red-400" aria-hidden /> Premium was not activated
          </h1>
          <p>{data.message}</p>
          <div className="flex flex-wrap gap-2">
            <AppLink to="/upgrade" className={buttonClasses("primary")}>
              Back to the upgrade page
            </AppLink>
            <AppLink to="/students" className={buttonClasses("outline")}>
              Return to your portal
            </AppLink>
          </div>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
