import crypto from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe";
import { useAcademy } from "./helpers";

// The academy with payments on, against the fake Stripe API (the real SDK
// talks to it); Stripe webhook events signed as Stripe signs them, and their
// delivery to the academy.

/** A fake Stripe for the calling test file, and the academy pointed at it (test keys, this webhook secret, `extraEnv`). */
export function useAcademyWithFakeStripe(webhookSecret: string, extraEnv: Record<string, string> = {}) {
  const holder: { fake?: FakeStripe } = {};
  // Filled before the academy starts: useAcademy reads it in its own beforeAll, which runs after this one.
  const stripeEnv: Record<string, string> = {};
  beforeAll(async () => {
    holder.fake = await startFakeStripe();
    Object.assign(stripeEnv, {
      STRIPE_SECRET_KEY: "sk_test_integration",
      STRIPE_PUBLISHABLE_KEY: "pk_test_integration",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: holder.fake.url,
      ...extraEnv,
    });
  });
  afterAll(async () => {
    await holder.fake?.stop();
  });
  const academy = useAcademy(stripeEnv);
  return {
    academy,
    get fake(): FakeStripe {
      if (!holder.fake) throw new Error("the fake Stripe has not started");
      return holder.fake;
    },
  };
}

const signer = new Stripe("sk_test_signer");

export function signedEvent(secret: string, type: string, object: unknown, id = `evt_${crypto.randomBytes(8).toString("hex")}`) {
  const payload = JSON.stringify({ id, object: "event", type, api_version: "2026-10-28.endive", created: Math.floor(Date.now() / 1000), data: { object } });
  return { id, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

export async function deliverEvent(baseUrl: string, event: { payload: string; signature: string }) {
  const response = await fetch(`${baseUrl}/api/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
    body: event.payload,
  });
  return { status: response.status, body: (await response.json()) as { outcome?: string; message?: string } };
}
