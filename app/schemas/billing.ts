/** Shown where Premium is offered while online payments are off (no Stripe keys). */
export const PAYMENTS_OFF_MESSAGE = "Online payments are not set up yet. Please contact the academy to upgrade.";
