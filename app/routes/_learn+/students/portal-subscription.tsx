import { Form, useNavigation } from "@remix-run/react";
import { Crown } from "~/components/ui/icons";
import { ContactText } from "~/components/contact-text";
import { MembershipStatus, type MembershipSummary } from "~/components/premium/membership-status";
import { buttonClasses } from "~/components/ui/button";

export const CANCEL_INTENT = "cancel-subscription";
export const RESUME_INTENT = "resume-subscription";

/** The member's plan, with "Cancel at period end" (or "Resume") when it is paid online. */
export function SubscriptionCard({ summary, timeZone }: { summary: MembershipSummary; timeZone: string }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && [CANCEL_INTENT, RESUME_INTENT].includes(String(navigation.formData?.get("intent")));
  const canChange = summary.isPaidOnline && summary.status === "active";
  return (
    <section className="card space-y-4" aria-labelledby="subscription-title" data-testid="subscription-card">
      <h2 id="subscription-title" className="flex items-center gap-2 font-display text-xl">
        <Crown className="h-5 w-5 text-accent" aria-hidden /> Your Membership
      </h2>
      <MembershipStatus summary={summary} timeZone={timeZone} />
      {canChange ? (
        <Form method="post" className="flex flex-wrap items-center gap-3">
          {summary.cancelAtPeriodEnd ? (
            <>
              <p className="text-sm opacity-80">Premium stays active until the end of the paid period, then stops.</p>
              <button type="submit" name="intent" value={RESUME_INTENT} className={buttonClasses("primary", undefined, "sm")} disabled={pending}>
                Resume
              </button>
            </>
          ) : (
            <button type="submit" name="intent" value={CANCEL_INTENT} className={buttonClasses("outline", undefined, "sm")} disabled={pending}>
              Cancel at period end
            </button>
          )}
        </Form>
      ) : !summary.isComped && summary.status === "active" && summary.plan === "premium" ? (
        <p className="text-sm opacity-80">
          <ContactText text="This plan is managed by the academy. Contact us to change it." />
        </p>
      ) : null}
    </section>
  );
}
