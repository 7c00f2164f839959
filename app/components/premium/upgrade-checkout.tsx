import type { Stripe, StripeElements, StripePaymentElement } from "@stripe/stripe-js";
// The "pure" entry loads Stripe.js only when asked, not on every page that imports this file.
import { loadStripe } from "@stripe/stripe-js/pure";
import { Loader2, Lock, RotateCcw } from "~/components/ui/icons";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { z } from "zod";
import { ContactText } from "~/components/contact-text";
import { ProgressIndicator } from "~/components/premium/progress-indicator";
import { activateStep, completeSteps, failStep, freshSteps, type ProgressStep } from "~/components/premium/upgrade-steps";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { useContactLink } from "~/utils/root-data";
import { PREMIUM_PRICE } from "~/utils/premium";

// Spec §9: the pauses around the payment and the reload afterwards.
const VALIDATE_PAUSE_MS = 800;
const COMPLETE_PAUSE_MS = 500;
const RELOAD_AFTER_MS = 1000;

const SubscriptionIntent = z.object({ clientSecret: z.string().min(1), publishableKey: z.string().min(1) });
const ApiMessage = z.object({ message: z.string() });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function messageOf(response: Response): Promise<string | null> {
  const parsed = ApiMessage.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data.message : null;
}

type Setup =
  | { state: "loading" }
  | { state: "failed"; message: string | null }
  | { state: "mounted"; stripe: Stripe; elements: StripeElements };

/**
 * The embedded payment: asks the server for a subscription to pay, mounts
 * Stripe's Payment Element, then runs the spec's four steps on submit.
 * Premium is granted by the server only after Stripe confirms the payment.
 */
export function UpgradeCheckout({ onBusyChange }: { onBusyChange?: (busy: boolean) => void }) {
  const mountNode = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [setup, setSetup] = useState<Setup>({ state: "loading" });
  const [ready, setReady] = useState(false);
  const [steps, setSteps] = useState<ProgressStep[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const contact = useContactLink();
  const busy = steps !== null && steps.some((step) => step.status === "active" || step.status === "completed") && !steps.some((step) => step.status === "error");

  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  useEffect(() => {
    let cancelled = false;
    let element: StripePaymentElement | undefined;
    setSetup({ state: "loading" });
    setReady(false);
    (async () => {
      try {
        const response = await fetch("/api/create-subscription", { method: "POST", headers: { Accept: "application/json" } });
        if (!response.ok) throw new InitError(await messageOf(response));
        const intent = SubscriptionIntent.parse(await response.json());
        const stripe = await loadStripe(intent.publishableKey);
        if (!stripe) throw new InitError(null);
        if (cancelled || !mountNode.current) return;
        const elements = stripe.elements({
          clientSecret: intent.clientSecret,
          appearance: { theme: "night", variables: { colorPrimary: "#8b5cf6", borderRadius: "8px" } },
        });
        element = elements.create("payment");
        element.on("ready", () => {
          if (!cancelled) setReady(true);
        });
        element.on("change", () => setFormError(null));
        element.mount(mountNode.current);
        setSetup({ state: "mounted", stripe, elements });
      } catch (error) {
        if (cancelled) return;
        const message = error instanceof InitError ? error.serverMessage : null;
        setSetup({ state: "failed", message });
        showToast({ type: "error", title: "Error", description: "Failed to initialize payment. Please try again." });
      }
    })();
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [attempt]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (setup.state !== "mounted" || !ready || busy) return;
    const { stripe, elements } = setup;
    setFormError(null);

    let current = activateStep(freshSteps(), "validate");
    setSteps(current);
    const submitted = await elements.submit();
    if (submitted.error) {
      setSteps(failStep(current, "validate"));
      setFormError(submitted.error.message ?? "Please check your payment details.");
      return;
    }
    await sleep(VALIDATE_PAUSE_MS);

    current = activateStep(current, "process");
    setSteps(current);
    const confirmed = await stripe.confirmPayment({
      elements,
      redirect: "if_required",
      // Only used when the card needs a redirect (3-D Secure); the page there re-checks with the server.
      confirmParams: { return_url: `${window.location.origin}/upgrade/success` },
    });
    if (confirmed.error) {
      setSteps(failStep(current, "process"));
      showToast({ type: "error", title: "Payment Failed", description: confirmed.error.message ?? "The payment could not be completed." });
      return;
    }

    current = activateStep(current, "finalize");
    setSteps(current);
    const upgraded = await fetch("/api/confirm-upgrade", { method: "POST", headers: { Accept: "application/json" } }).catch(() => null);
    if (!upgraded?.ok) {
      setSteps(failStep(current, "finalize"));
      showToast({ type: "error", title: "Upgrade Error", description: `Payment succeeded but upgrade confirmation failed. Please contact support${contact ? `: ${contact.label}` : ""}.` });
      return;
    }

    current = activateStep(current, "complete");
    setSteps(current);
    await sleep(COMPLETE_PAUSE_MS);
    setSteps(completeSteps(current));
    showToast({ type: "success", title: "Upgrade Successful", description: "Welcome to Premium! You now have access to advanced classes." });
    setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
  }

  if (setup.state === "failed") {
    return (
      <div className="space-y-3 rounded-lg border border-red-500/50 bg-red-950/30 p-4" role="alert">
        <p className="font-medium">We could not start the payment.</p>
        {setup.message ? (
          <p className="text-sm opacity-85">
            <ContactText text={setup.message} />
          </p>
        ) : null}
        <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
          <RotateCcw className="h-4 w-4" aria-hidden /> Retry
        </Button>
      </div>
    );
  }

  const formDisabled = !ready || busy;
  return (
    <form onSubmit={pay} className="space-y-4" aria-label="Payment details" aria-busy={!ready || busy}>
      <fieldset disabled={formDisabled} className="space-y-4">
        <div ref={mountNode} className="min-h-[3rem]" data-testid="payment-element" />
        {!ready ? (
          <p className="flex items-center gap-2 text-sm opacity-80" role="status">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading secure payment form...
          </p>
        ) : null}
        {formError ? (
          <p className="text-sm text-red-300" role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={formDisabled}>
          <Lock className="h-4 w-4" aria-hidden /> {busy ? "Processing..." : `Pay ${PREMIUM_PRICE} and upgrade`}
        </Button>
      </fieldset>
      {steps ? <ProgressIndicator steps={steps} variant="payment" label="Upgrade progress" /> : null}
    </form>
  );
}

class InitError extends Error {
  constructor(public serverMessage: string | null) {
    super(serverMessage ?? "Failed to initialize payment");
  }
}
