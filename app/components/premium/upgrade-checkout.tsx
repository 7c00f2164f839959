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
import { formatUsd } from "~/utils/misc";
import { PREMIUM_PRICE_LABEL } from "~/utils/premium";

// Spec §9: the pauses around the payment and the reload afterwards.
const VALIDATE_PAUSE_MS = 800;
const COMPLETE_PAUSE_MS = 500;
const RELOAD_AFTER_MS = 1000;

const SubscriptionIntent = z.object({
  clientSecret: z.string().min(1),
  publishableKey: z.string().min(1),
  intentType: z.enum(["payment", "setup"]),
  amountDueCents: z.number(),
  monthlyPriceCents: z.number(),
  trialEndsAt: z.string().nullable(),
  promotion: z.object({ code: z.string(), summary: z.string() }).nullable(),
});
type SubscriptionIntent = z.infer<typeof SubscriptionIntent>;
const ApiMessage = z.object({ message: z.string() });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function messageOf(response: Response): Promise<string | null> {
  const parsed = ApiMessage.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data.message : null;
}

/** Asks the server for a subscription to pay, with the promotion code if one is given. */
async function requestIntent(promotionCode?: string): Promise<SubscriptionIntent> {
  const response = await fetch("/api/create-subscription", {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(promotionCode ? { promotionCode } : {}),
  });
  if (!response.ok) throw new InitError(await messageOf(response), response.status);
  return SubscriptionIntent.parse(await response.json());
}

const dollars = (cents: number) => formatUsd(cents / 100);
const trialDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
  });

function payLabel(intent: SubscriptionIntent | null): string {
  if (!intent) return "Pay and upgrade";
  if (intent.intentType === "setup") return intent.trialEndsAt ? "Start free trial" : "Save card and upgrade";
  return `Pay ${dollars(intent.amountDueCents)} and upgrade`;
}

/** What is charged today and afterwards, when a trial or a promotion code changes it. */
function PaymentSummary({ intent }: { intent: SubscriptionIntent }) {
  if (!intent.trialEndsAt && !intent.promotion) return null;
  return (
    <div className="space-y-1 rounded-lg border border-primary/40 bg-primary/10 p-3 text-sm" data-testid="payment-summary">
      <p className="flex justify-between gap-4 font-medium">
        <span>Due today</span>
        <span data-testid="amount-due">{dollars(intent.amountDueCents)}</span>
      </p>
      {intent.trialEndsAt ? <p>Free until {trialDate(intent.trialEndsAt)}; your card is charged only after that.</p> : null}
      {intent.promotion ? (
        <p data-testid="promotion-applied">
          Code <strong>{intent.promotion.code}</strong>: {intent.promotion.summary} — {dollars(intent.monthlyPriceCents)}/month instead of {PREMIUM_PRICE_LABEL}
          .
        </p>
      ) : null}
    </div>
  );
}

type Setup = { state: "loading" } | { state: "failed"; message: string | null } | { state: "mounted"; stripe: Stripe; elements: StripeElements };

/**
 * The embedded payment: asks the server for a subscription to pay, mounts
 * Stripe's Payment Element, then runs the spec's four steps on submit.
 * Premium is granted by the server only after Stripe confirms the payment.
 */
export function UpgradeCheckout({ onBusyChange }: { onBusyChange?: (busy: boolean) => void }) {
  const mountNode = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [intent, setIntent] = useState<SubscriptionIntent | null>(null);
  const [setup, setSetup] = useState<Setup>({ state: "loading" });
  const [ready, setReady] = useState(false);
  const [steps, setSteps] = useState<ProgressStep[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const contact = useContactLink();
  const busy =
    steps !== null && steps.some((step) => step.status === "active" || step.status === "completed") && !steps.some((step) => step.status === "error");

  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  const initFailed = (error: unknown) => {
    setSetup({
      state: "failed",
      message: error instanceof InitError ? error.serverMessage : null,
    });
    showToast({
      type: "error",
      title: "Error",
      description: "Failed to initialize payment. Please try again.",
    });
  };

  useEffect(() => {
    let cancelled = false;
    setSetup({ state: "loading" });
    requestIntent().then(
      (next) => !cancelled && setIntent(next),
      (error: unknown) => !cancelled && initFailed(error)
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  // Each new subscription (first load, or a promotion code applied) gets its own Payment Element.
  useEffect(() => {
    if (!intent) return;
    let cancelled = false;
    let element: StripePaymentElement | undefined;
    setReady(false);
    (async () => {
      try {
        const stripe = await loadStripe(intent.publishableKey);
        if (!stripe) throw new InitError(null);
        if (cancelled || !mountNode.current) return;
        const elements = stripe.elements({
          clientSecret: intent.clientSecret,
          appearance: {
            theme: "night",
            variables: { colorPrimary: "#8b5cf6", borderRadius: "8px" },
          },
        });
        element = elements.create("payment");
        element.on("ready", () => {
          if (!cancelled) setReady(true);
        });
        element.on("change", () => setFormError(null));
        element.mount(mountNode.current);
        setSetup({ state: "mounted", stripe, elements });
      } catch (error) {
        if (!cancelled) initFailed(error);
      }
    })();
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [intent]);

  async function applyCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setCodeError("Enter a promotion code");
      return;
    }
    setApplying(true);
    setCodeError(null);
    try {
      setIntent(await requestIntent(typed));
    } catch (error) {
      // A refused code leaves the current payment form as it was.
      setCodeError(error instanceof InitError && error.serverMessage ? error.serverMessage : "The promotion code could not be checked. Please try again.");
    } finally {
      setApplying(false);
    }
  }

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
    // Only used when the card needs a redirect (3-D Secure); the page there re-checks with the server.
    const confirmParams = {
      return_url: `${window.location.origin}/upgrade/success`,
    };
    // A trial charges nothing now: Stripe.js saves the card through the subscription's SetupIntent instead.
    const confirmed =
      intent?.intentType === "setup"
        ? await stripe.confirmSetup({
            elements,
            redirect: "if_required",
            confirmParams,
          })
        : await stripe.confirmPayment({
            elements,
            redirect: "if_required",
            confirmParams,
          });
    if (confirmed.error) {
      setSteps(failStep(current, "process"));
      showToast({
        type: "error",
        title: "Payment Failed",
        description: confirmed.error.message ?? "The payment could not be completed.",
      });
      return;
    }

    current = activateStep(current, "finalize");
    setSteps(current);
    const upgraded = await fetch("/api/confirm-upgrade", {
      method: "POST",
      headers: { Accept: "application/json" },
    }).catch(() => null);
    if (!upgraded?.ok) {
      setSteps(failStep(current, "finalize"));
      showToast({
        type: "error",
        title: "Upgrade Error",
        description: `Payment succeeded but upgrade confirmation failed. Please contact support${contact ? `: ${contact.label}` : ""}.`,
      });
      return;
    }

    current = activateStep(current, "complete");
    setSteps(current);
    await sleep(COMPLETE_PAUSE_MS);
    setSteps(completeSteps(current));
    showToast({
      type: "success",
      title: "Upgrade Successful",
      description: "Welcome to Premium! You now have access to advanced classes.",
    });
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
    <div className="space-y-4">
      <form onSubmit={applyCode} className="space-y-1" aria-label="Apply a promotion code" noValidate>
        <label htmlFor="promotion-code" className="block text-sm font-medium">
          Promotion code
        </label>
        <div className="flex gap-2">
          <input
            id="promotion-code"
            name="promotionCode"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            maxLength={40}
            disabled={busy || applying}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? "promotion-code-error" : undefined}
            className="min-w-0 flex-1 rounded-lg border border-primary/40 bg-background px-3 py-2 uppercase placeholder:normal-case"
            placeholder="Optional"
          />
          <Button type="submit" variant="outline" disabled={busy || applying}>
            {applying ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null} Apply
          </Button>
        </div>
        {codeError ? (
          <p id="promotion-code-error" className="text-sm text-red-300" role="alert">
            {codeError}
          </p>
        ) : null}
      </form>
      {intent ? <PaymentSummary intent={intent} /> : null}
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
            <Lock className="h-4 w-4" aria-hidden /> {busy ? "Processing..." : payLabel(intent)}
          </Button>
        </fieldset>
        {steps ? <ProgressIndicator steps={steps} variant="payment" label="Upgrade progress" /> : null}
      </form>
    </div>
  );
}

class InitError extends Error {
  constructor(public serverMessage: string | null, public status?: number) {
    super(serverMessage ?? "Failed to initialize payment");
  }
}
