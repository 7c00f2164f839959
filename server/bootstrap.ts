import { seedDemoData } from "#db/seed";
import { pruneUsedCaptchas } from "~/models/captcha.server";
import { ensureAdmin } from "~/models/user.server";
import { env } from "~/utils/env.server";
import { pruneExpiredSessions } from "~/utils/session.server";

const HOUR = 60 * 60 * 1000;

/** Start-up work: importing the models opens the database and applies migrations. */
export async function bootstrap() {
  await ensureAdmin({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD });
  if (env.SEED_DEMO_DATA) await seedDemoData();
  const prune = () => {
    pruneExpiredSessions();
    pruneUsedCaptchas();
  };
  prune();
  setInterval(prune, HOUR).unref();
}
