import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Crown, X } from "~/components/ui/icons";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { ContactText } from "~/components/contact-text";
import { PremiumOffer } from "~/components/premium/premium-offer";
import { RequestPremiumButton } from "~/components/premium/request-premium";
import { UpgradeCheckout } from "~/components/premium/upgrade-checkout";
import { useOptionalUser } from "~/utils/root-data";
import { PREMIUM_PRICE_LABEL } from "~/utils/premium";

/**
 * What every upgrade entry point shows instead of a payment form when Stripe is
 * not configured: the message (linked to the academy's contact address when one
 * is set) and, for signed-in members, "Request Premium" — or `children` instead.
 */
export function PaymentsOffNotice({ message, children }: { message: string; children?: ReactNode }) {
  const user = useOptionalUser();
  return (
    <div className="space-y-3 rounded-lg border border-amber-400/50 bg-amber-500/10 p-4 text-sm" data-testid="payments-off">
      <p role="status">
        <ContactText text={message} />
      </p>
      {children ?? (user && user.role !== "admin" ? <RequestPremiumButton /> : null)}
    </div>
  );
}

/**
 * An "Upgrade to Premium" link to /upgrade. Once the page is interactive the
 * same link opens the upgrade dialog in place instead, so it works with and
 * without JavaScript.
 */
export function UpgradeDialogLink({
  paymentsOffMessage,
  className,
  children,
}: {
  /** Set when online payments are off: the dialog says so instead of showing a payment form. */
  paymentsOffMessage: string | null;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const openerRef = useRef<HTMLAnchorElement>(null);
  const onBusyChange = useCallback((next: boolean) => setBusy(next), []);
  return (
    <>
      <a
        ref={openerRef}
        href="/upgrade"
        className={className}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      <DialogPrimitive.Root
        open={open}
        onOpenChange={(next) => {
          // The payment must not be abandoned halfway by a stray Escape or click outside.
          if (!next && busy) return;
          setOpen(next);
        }}
      >
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/70" />
          <DialogPrimitive.Content
            // The opener is a link, not a Radix Trigger, so Radix would not know where to return focus.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              openerRef.current?.focus();
            }}
            className="fixed left-1/2 top-8 z-50 max-h-[calc(100vh-11rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-y-auto rounded-xl border border-primary/40 bg-background p-6 text-foreground shadow-2xl">
            <div className="mb-5 flex items-start justify-between gap-4">
              <div>
                <DialogPrimitive.Title className="flex items-center gap-2 font-display text-2xl">
                  <Crown className="h-6 w-6 text-accent" aria-hidden /> Upgrade to Premium
                </DialogPrimitive.Title>
                <DialogPrimitive.Description className="mt-1 text-sm opacity-80">
                  {`Unlock advanced classes and every Premium benefit for ${PREMIUM_PRICE_LABEL}.`}
                </DialogPrimitive.Description>
              </div>
              <DialogPrimitive.Close aria-label="Close" disabled={busy} className="rounded p-1 opacity-70 hover:opacity-100 disabled:opacity-30">
                <X className="h-5 w-5" aria-hidden />
              </DialogPrimitive.Close>
            </div>
            <div className="space-y-6">
              <PremiumOffer />
              {paymentsOffMessage ? <PaymentsOffNotice message={paymentsOffMessage} /> : <UpgradeCheckout onBusyChange={onBusyChange} />}
            </div>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </>
  );
}
