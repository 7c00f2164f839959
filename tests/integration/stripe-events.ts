import crypto from "node:crypto";
import Stripe from "stripe";

// Stripe webhook events signed as Stripe signs them, and their delivery to the academy.

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
