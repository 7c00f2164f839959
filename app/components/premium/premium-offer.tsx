import { Crown, Sparkles } from "~/components/ui/icons";
import { PREMIUM_PRICE } from "~/utils/premium";

// Spec §1 and §9: what Premium costs and what it unlocks.
export const PREMIUM_BENEFITS = [
  "Advanced classes",
  "Exclusive forum categories",
  "Priority support from the AI study companion",
  "Advanced analytics and progress tracking",
  "Monthly live Q&A sessions",
  "Exclusive resources",
] as const;

export function PremiumOffer() {
  return (
    <div className="space-y-4">
      <p className="flex items-baseline gap-2">
        <Crown className="h-5 w-5 self-center text-accent" aria-hidden />
        <span className="font-display text-3xl" data-testid="premium-price">
          {PREMIUM_PRICE}
        </span>
        <span className="opacity-80">per month</span>
      </p>
      <ul className="grid gap-2 text-sm sm:grid-cols-2" aria-label="Premium benefits">
        {PREMIUM_BENEFITS.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Sparkles className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden />
            {benefit}
          </li>
        ))}
      </ul>
    </div>
  );
}
