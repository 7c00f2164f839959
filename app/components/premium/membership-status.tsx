import type { SubscriptionSummary } from "~/models/billing/subscription.server";
import { formatDate } from "~/utils/misc";
import { PREMIUM_PRICE_LABEL } from "~/utils/premium";
import { formatDayInZone } from "~/utils/time-zone";

const STATUS_LABELS: Record<SubscriptionSummary["status"], string> = {
  active: "Active",
  past_due: "Payment due",
  incomplete: "Awaiting payment",
  expired: "Expired",
  cancelled: "Cancelled",
  none: "Not subscribed",
};

export type MembershipSummary = Pick<SubscriptionSummary, "isPremium" | "plan" | "status" | "currentPeriodEnd" | "cancelAtPeriodEnd" | "isComped" | "isPaidOnline"> & Partial<Pick<SubscriptionSummary, "trialEndsAt">>;

/** One line on when the plan renews or ends, or why it never does; a trial's end on the member's calendar. */
export function renewalText(summary: MembershipSummary, timeZone = "UTC"): string | null {
  if (summary.isComped) return "Premium granted by the academy — no payment needed.";
  if (summary.isPremium && summary.status === "none") return "Premium is included with your administrator account.";
  if (summary.trialEndsAt && summary.status === "active") {
    return `Trial ends on ${formatDayInZone(summary.trialEndsAt, timeZone)}`;
  }
  if (!summary.currentPeriodEnd || summary.status !== "active") return null;
  const date = formatDate(summary.currentPeriodEnd);
  return summary.cancelAtPeriodEnd ? `Ends on ${date}` : `Renews on ${date}`;
}

function planLabel(summary: MembershipSummary): string {
  if (!summary.isPremium && summary.plan !== "premium") return "Basic";
  return summary.isComped || summary.status === "none" ? "Premium" : `Premium — ${PREMIUM_PRICE_LABEL}`;
}

/** Plan, status and renewal as a small definition list. */
export function MembershipStatus({ summary, timeZone }: { summary: MembershipSummary; timeZone?: string }) {
  const renewal = renewalText(summary, timeZone);
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-3" data-testid="membership-status">
      <div>
        <dt className="text-xs opacity-70">Plan</dt>
        <dd className="font-medium">{planLabel(summary)}</dd>
      </div>
      <div>
        <dt className="text-xs opacity-70">Status</dt>
        <dd className="font-medium" data-testid="membership-state">
          {summary.isPremium && summary.status === "none" ? "Active" : STATUS_LABELS[summary.status]}
          {summary.cancelAtPeriodEnd && summary.status === "active" ? " (cancelling)" : ""}
        </dd>
      </div>
      {renewal ? (
        <div>
          <dt className="text-xs opacity-70">{summary.trialEndsAt ? "Free trial" : summary.cancelAtPeriodEnd ? "Ends" : "Renewal"}</dt>
          <dd className="font-medium" data-testid="membership-renewal">
            {renewal}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
