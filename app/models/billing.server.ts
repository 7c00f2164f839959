import { adminSetSubscription, type AdminSubscriptionInput, type SubscriptionRow } from "~/models/subscription.server";

// Stripe billing: the only module that talks to Stripe. (Being written.)

export const PAYMENTS_OFF_MESSAGE = "Online payments are not set up yet. Please contact the academy to upgrade.";

export function paymentsEnabled(): boolean {
  return false;
}

/** Admin grant/revoke; a revoke also stops the member's Stripe billing. */
export async function adminChangeSubscription(userId: number, input: AdminSubscriptionInput): Promise<SubscriptionRow> {
  return adminSetSubscription(userId, input);
}
