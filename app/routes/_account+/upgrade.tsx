import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Crown, ExternalLink } from "~/components/ui/icons";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MembershipStatus } from "~/components/premium/membership-status";
import { PremiumOffer } from "~/components/premium/premium-offer";
import { UpgradeCheckout } from "~/components/premium/upgrade-checkout";
import { PremiumRequestPending, REQUEST_PREMIUM_INTENT, RequestPremiumForm } from "~/components/premium/request-premium";
import { PaymentsOffNotice } from "~/components/premium/upgrade-dialog";
import { ContactText } from "~/components/contact-text";
import { buttonClasses } from "~/components/ui/button";
import { BillingError, PAYMENTS_OFF_MESSAGE, paymentsEnabled, startCheckout, trialDaysOffered } from "~/models/billing/billing.server";
import { getOpenPremiumRequest, PremiumRequestRefusal, requestPremium } from "~/models/billing/premium-requests.server";
import { getSubscriptionSummary } from "~/models/billing/subscription.server";
import { PremiumRequestSchema } from "~/schemas/premium-request";
import { requireUser } from "~/services/auth.server";
import { publicOrigin } from "~/utils/misc.server";
import { readForm } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AppLink } from "~/components/ui/app-link";
import { PREMIUM_PRICE_LABEL } from "~/utils/premium";
import { formatDayInZone } from "~/utils/time-zone";
import { viewerTimeZone } from "~/utils/time-zone.server";

export const meta: MetaFunction = () => [{ title: "Upgrade to Premium — Mystic Academy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const timeZone = viewerTimeZone(request);
  const trialDays = await trialDaysOffered(user);
  return json({
    summary: await getSubscriptionSummary(user),
    timeZone,
    trial: trialDays > 0 ? { days: trialDays, endsOn: formatDayInZone(new Date(Date.now() + trialDays * 24 * 60 * 60 * 1000), timeZone) } : null,
    paymentsOffMessage: paymentsEnabled() ? null : PAYMENTS_OFF_MESSAGE,
    premiumRequest: await getOpenPremiumRequest(user.id),
  });
}

const CheckoutIntent = z.object({ intent: z.literal("checkout") });

/** While payments are off: files the member's request (once) and comes back here, where it shows as waiting. */
async function requestPremiumAction(user: Awaited<ReturnType<typeof requireUser>>, formData: FormData) {
  const submission = parseWithZod(formData, { schema: PremiumRequestSchema });
  if (submission.status !== "success") return json({ message: null, result: submission.reply() }, { status: 400 });
  try {
    const { created } = await requestPremium(user, submission.value);
    return await redirectWithToast("/upgrade", {
      type: "success",
      title: created ? "Request sent" : "Request already sent",
      description: "An administrator will grant Premium soon.",
    });
  } catch (error) {
    if (!(error instanceof PremiumRequestRefusal)) throw error;
    return json({ message: error.message, result: submission.reply() }, { status: error.status });
  }
}

// Without JavaScript (or by choice): Stripe's hosted Checkout page, which comes back to /upgrade/success.
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await readForm(request);
  if (formData.get("intent") === REQUEST_PREMIUM_INTENT) return await requestPremiumAction(user, formData);
  const parsed = CheckoutIntent.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ message: "Unknown action.", result: null }, { status: 400 });
  try {
    return redirect(await startCheckout(user, publicOrigin(request)));
  } catch (error) {
    if (error instanceof BillingError) return json({ message: error.message, result: null }, { status: error.status });
    throw error;
  }
}

function HostedCheckoutForm({ primary }: { primary: boolean }) {
  return (
    // A plain document form, also with JavaScript: the answer is a redirect to Stripe's own site.
    <form method="post" className={primary ? "" : "text-center"}>
      <input type="hidden" name="intent" value="checkout" />
      <button type="submit" className={primary ? buttonClasses("primary", "w-full", "lg") : buttonClasses("ghost", undefined, "sm")}>
        {primary ? (
          <>
            <Crown className="h-4 w-4" aria-hidden /> Continue to secure checkout
          </>
        ) : (
          <>
            <ExternalLink className="h-4 w-4" aria-hidden /> Pay on Stripe&apos;s checkout page instead
          </>
        )}
      </button>
    </form>
  );
}

export default function UpgradePage() {
  const { summary, timeZone, trial, paymentsOffMessage, premiumRequest } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();

  if (summary.isPremium) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <section className="card space-y-5">
          <h1 className="flex items-center gap-2 font-display text-3xl">
            <Crown className="h-7 w-7 text-accent" aria-hidden /> You are already a Premium member
          </h1>
          <MembershipStatus summary={summary} timeZone={timeZone} />
          <div className="flex flex-wrap gap-2">
            <AppLink to="/students" className={buttonClasses("primary")}>
              Go to your portal
            </AppLink>
            <AppLink to="/courses" className={buttonClasses("outline")}>
              Browse advanced classes
            </AppLink>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <section className="card space-y-6" aria-labelledby="upgrade-title">
        <div>
          <h1 id="upgrade-title" className="flex items-center gap-2 font-display text-3xl">
            <Crown className="h-7 w-7 text-accent" aria-hidden /> Upgrade to Premium
          </h1>
          <p className="mt-2 opacity-80">One plan, cancel any time before it renews.</p>
        </div>
        <PremiumOffer />
        {trial && !paymentsOffMessage ? (
          <p className="rounded-lg border border-accent/50 bg-accent/10 p-4 text-sm" data-testid="trial-offer">
            <strong className="block font-display text-lg">{`Start with ${trial.days} days free`}</strong>
            {`Nothing is charged today. Your card is saved and charged ${PREMIUM_PRICE_LABEL} from ${trial.endsOn} unless you cancel before then.`}
          </p>
        ) : null}
        {paymentsOffMessage ? null : <p className="text-sm opacity-80">Have a promotion code? Enter it on the payment form before you pay.</p>}
        {actionData?.message ? (
          <p className="rounded-lg border border-red-500/50 bg-red-950/30 p-4 text-sm" role="alert">
            <ContactText text={actionData.message} />
          </p>
        ) : null}
        {paymentsOffMessage ? (
          <PaymentsOffNotice message={paymentsOffMessage}>
            {premiumRequest ? <PremiumRequestPending createdAt={premiumRequest.createdAt} /> : <RequestPremiumForm lastResult={actionData?.result} />}
          </PaymentsOffNotice>
        ) : hydrated ? (
          <div className="space-y-4">
            <UpgradeCheckout />
            <HostedCheckoutForm primary={false} />
          </div>
        ) : (
          <HostedCheckoutForm primary />
        )}
        <AppLink to="/students" className="inline-block text-sm underline">
          Back to your portal
        </AppLink>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
