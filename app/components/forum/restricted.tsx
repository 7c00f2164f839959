
import { Crown, Lock } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button";
import { PREMIUM_PRICE_LABEL } from "~/utils/premium";

export function AccessRestricted({ redirectTo }: { redirectTo: string }) {
  return (
    <div className="card mx-auto mt-10 max-w-xl text-center">
      <Lock className="mx-auto h-10 w-10 text-accent" aria-hidden />
      <h1 className="mt-3 font-display text-3xl">Access Restricted</h1>
      <p className="mt-2 opacity-80">Please log in to take part in the community forum.</p>
      <a href={`/login?redirect=${encodeURIComponent(redirectTo)}`} data-discover="true" className={buttonClasses("primary", "mt-6")}>
        Login to Continue
      </a>
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
      <a href="/upgrade" data-discover="true" className={buttonClasses("primary", "mt-6")}>
        Upgrade to Premium
      </a>
    </div>
  );
}

export function ForumNotFound({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="mt-4 opacity-80">{message}</p>
      <a href="/community" data-discover="true" className={buttonClasses("outline", "mt-8")}>
        Back to Community
      </a>
    </div>
  );
}
