import { seedDemoData } from "#db/seed";
import { pruneUsedCaptchas } from "~/models/captcha.server";
import { paymentsEnabled } from "~/models/billing.server";
import { pruneUnusedTemplateFiles } from "~/models/templates.server";
import { ensureAdmin } from "~/models/user.server";
import { env } from "~/utils/env.server";
import { pruneExpiredSessions } from "~/utils/session.server";

const HOUR = 60 * 60 * 1000;

/** Start-up work: importing the models opens the database and applies migrations. */
export async function bootstrap() {
  await ensureAdmin({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD });
  if (env.SEED_DEMO_DATA) await seedDemoData();
  if (!paymentsEnabled()) {
    console.warn("Payments are off: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to sell Premium online (admins can still grant it).");
  } else if (!env.STRIPE_WEBHOOK_SECRET) {
    console.warn("STRIPE_WEBHOOK_SECRET is not set: renewals, failed payments and cancellations made at Stripe will not reach the academy.");
  }
  const prune = () => {
    pruneExpiredSessions();
    pruneUsedCaptchas();
    pruneUnusedTemplateFiles();
  };
  prune();
  setInterval(prune, HOUR).unref();
}
