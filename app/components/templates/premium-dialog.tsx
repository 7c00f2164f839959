import { Link } from "@remix-run/react";
import { Crown } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/dialog";
import { PREMIUM_PRICE_LABEL } from "~/utils/premium";
import { AppLink } from "~/components/ui/app-link";

/** Opened by `?premium={id}`: a link without JavaScript, a client navigation with it. */
export function PremiumDialog({ templateTitle, closeTo }: { templateTitle: string | null; closeTo: string }) {
  return (
    <UrlDialog
      title="Premium Membership Required"
      description={
        templateTitle
          ? `“${templateTitle}” is part of the Premium library.`
          : "This resource is part of the Premium library."
      }
      closeTo={closeTo}
    >
      <div className="flex items-start gap-3">
        <Crown className="mt-0.5 h-6 w-6 shrink-0 text-accent" aria-hidden />
        <p className="text-sm opacity-85">
          {`Upgrade to Premium for ${PREMIUM_PRICE_LABEL} to download every premium tool and template, plus advanced classes, exclusive forum categories and monthly live Q&A sessions.`}
        </p>
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} preventScrollReset className={buttonClasses("ghost")}>
          Maybe Later
        </Link>
        <AppLink to="/upgrade" className={buttonClasses("primary")}>
          <Crown className="h-4 w-4" aria-hidden /> Upgrade Now
        </AppLink>
      </div>
    </UrlDialog>
  );
}
