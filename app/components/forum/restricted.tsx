
import { Crown, Lock } from "~/components/ui/icons";
import { GeneralErrorBoundary, StatusPanel } from "~/components/error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { PREMIUM_PRICE_LABEL } from "~/utils/premium";
import { AppLink } from "~/components/ui/app-link";

export function AccessRestricted({ redirectTo }: { redirectTo: string }) {
  return (
    <div className="card mx-auto mt-10 max-w-xl text-center">
      <Lock className="mx-auto h-10 w-10 text-accent" aria-hidden />
      <h1 className="mt-3 font-display text-3xl">Access Restricted</h1>
      <p className="mt-2 opacity-80">Please log in to take part in the community forum.</p>
      <AppLink to={`/login?redirect=${encodeURIComponent(redirectTo)}`} className={buttonClasses("primary", "mt-6")}>
        Login to Continue
      </AppLink>
    </div>
  );
}

export function PremiumRequired({ categoryName }: { categoryName: string }) {
  return (
    <div className="card mx-auto mt-10 max-w-xl text-center" data-testid="premium-required">
      <Crown className="mx-auto h-10 w-10 text-accent" aria-hidden />
      <h2 className="mt-3 font-display text-2xl">Premium membership required</h2>
      <p className="mt-2 opacity-80">
        {categoryName} is a Premium forum. {`Upgrade to Premium (${PREMIUM_PRICE_LABEL}) to read and join its discussions.`}
      </p>
      <AppLink to="/upgrade" className={buttonClasses("primary", "mt-6")}>
        Upgrade to Premium
      </AppLink>
    </div>
  );
}

const BACK_TO_COMMUNITY = { to: "/community", label: "Back to Community", look: "outline" } as const;

/** A forum page's boundary: its own words for a 404, and a way back to the community. */
export function ForumErrorBoundary({ notFoundTitle, notFoundMessage }: { notFoundTitle: string; notFoundMessage: string }) {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => <StatusPanel title={notFoundTitle} message={notFoundMessage} link={BACK_TO_COMMUNITY} /> }}
      defaultStatusHandler={() => (
        <StatusPanel title="Something went wrong" message="Please go back to the community and try again." link={BACK_TO_COMMUNITY} />
      )}
    />
  );
}
