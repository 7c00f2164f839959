import type { Page } from "@playwright/test";
import { FAKE_STRIPE_URL } from "../../playwright.config";

// The browser never reaches the real Stripe in tests. Each page gets:
//   - https://js.stripe.com/** → a small stand-in for Stripe.js (below) with only
//     what the academy's upgrade form calls;
//   - https://api.stripe.com/** → forwarded to the fake Stripe API (tests/fakes/fake-stripe.ts).
// The stand-in "Payment Element" is a plain card-number input in the mount node.

/** Runs in the browser as the script at https://js.stripe.com/…/stripe.js. Self-contained: no imports, no closures. */
function stripeJsStandIn() {
  type Handler = (event: { elementType: string; complete?: boolean; empty?: boolean }) => void;
  type StripeErrorLike = { type: string; code?: string; message: string };

  function createStripe(publishableKey: string) {
    let cardInput: HTMLInputElement | null = null;
    let clientSecret = "";

    const paymentElement = () => {
      const handlers: Record<string, Handler[]> = {};
      const emit = (name: string, event: Parameters<Handler>[0]) => (handlers[name] ?? []).forEach((handler) => handler(event));
      let node: HTMLElement | null = null;
      return {
        mount(target: string | HTMLElement) {
          node = typeof target === "string" ? document.querySelector<HTMLElement>(target) : target;
          if (!node) throw new Error("stand-in Stripe.js: nothing to mount into");
          const label = document.createElement("label");
          label.textContent = "Card number";
          label.style.display = "block";
          cardInput = document.createElement("input");
          cardInput.inputMode = "numeric";
          cardInput.autocomplete = "cc-number";
          cardInput.style.display = "block";
          cardInput.style.width = "100%";
          cardInput.style.color = "black";
          cardInput.addEventListener("input", () => {
            const digits = (cardInput?.value ?? "").replace(/\D/g, "");
            emit("change", { elementType: "payment", complete: digits.length >= 12, empty: digits.length === 0 });
          });
          label.appendChild(cardInput);
          node.appendChild(label);
          // Like the real element, "ready" comes a moment after mounting.
          setTimeout(() => emit("ready", { elementType: "payment" }), 50);
        },
        on(name: string, handler: Handler) {
          (handlers[name] ??= []).push(handler);
        },
        destroy() {
          node?.replaceChildren();
          cardInput = null;
        },
      };
    };

    return {
      _registerWrapper() {},
      elements(options: { clientSecret: string }) {
        clientSecret = options.clientSecret;
        return {
          create(type: string) {
            if (type !== "payment") throw new Error(`stand-in Stripe.js: no "${type}" element`);
            return paymentElement();
          },
          async submit(): Promise<{ error?: StripeErrorLike }> {
            const digits = (cardInput?.value ?? "").replace(/\D/g, "");
            if (digits.length < 12) return { error: { type: "validation_error", message: "Your card number is incomplete." } };
            return {};
          },
        };
      },
      async confirmPayment(_options: { elements: unknown; redirect?: string; confirmParams?: { return_url?: string } }) {
        const intentId = clientSecret.split("_secret_")[0];
        // A form-encoded POST without custom headers: a CORS "simple" request, like Stripe.js makes.
        const response = await fetch(`https://api.stripe.com/v1/payment_intents/${intentId}/confirm`, {
          method: "POST",
          body: new URLSearchParams({ key: publishableKey, client_secret: clientSecret, card_number: cardInput?.value ?? "" }),
        });
        const body = await response.json();
        if (!response.ok) return { error: body.error as StripeErrorLike };
        return { paymentIntent: body };
      },
      // A trial: nothing is charged now, the card is saved through the subscription's SetupIntent.
      async confirmSetup(_options: { elements: unknown; redirect?: string; confirmParams?: { return_url?: string } }) {
        const intentId = clientSecret.split("_secret_")[0];
        const response = await fetch(`https://api.stripe.com/v1/setup_intents/${intentId}/confirm`, {
          method: "POST",
          body: new URLSearchParams({ key: publishableKey, client_secret: clientSecret, card_number: cardInput?.value ?? "" }),
        });
        const body = await response.json();
        if (!response.ok) return { error: body.error as StripeErrorLike };
        return { setupIntent: body };
      },
    };
  }

  const Stripe = Object.assign(createStripe, { version: "endive" });
  Object.assign(window, { Stripe });
}

const STAND_IN_SOURCE = `(${stripeJsStandIn.toString()})();`;

/** Counts what the page asked of "Stripe", so a test can tell the stand-in was really used. */
export interface StripeTraffic {
  confirmations: number;
}

export async function useStripeStandIn(page: Page): Promise<StripeTraffic> {
  const traffic: StripeTraffic = { confirmations: 0 };
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: STAND_IN_SOURCE }),
  );
  await page.route("https://api.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    if (/^\/v1\/(payment|setup)_intents\/[\w-]+\/confirm$/.test(url.pathname)) traffic.confirmations += 1;
    const response = await route.fetch({ url: `${FAKE_STRIPE_URL}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
  return traffic;
}
