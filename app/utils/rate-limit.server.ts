import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "~/utils/env.server";

// In-memory limits: the academy runs as one process on one server, so memory
// is the right store; a restart forgetting counts is acceptable.

export class TooManyRequestsError extends Error {
  constructor(
    message: string,
    public retryAfterSeconds: number,
  ) {
    super(message);
  }
}

const loginWindowSeconds = env.LOGIN_WINDOW_MINUTES * 60;
const failedLoginsByIp = new RateLimiterMemory({ points: env.LOGIN_MAX_FAILURES, duration: loginWindowSeconds });
const failedLoginsByUsername = new RateLimiterMemory({ points: env.LOGIN_MAX_FAILURES, duration: loginWindowSeconds });
const signupsByIp = new RateLimiterMemory({ points: env.SIGNUPS_PER_HOUR, duration: 60 * 60 });

function retryAfter(res: RateLimiterRes | null): number {
  return Math.max(1, Math.ceil((res?.msBeforeNext ?? 1000) / 1000));
}

async function refuseWhenSpent(limiter: RateLimiterMemory, key: string, message: string) {
  const res = await limiter.get(key);
  if (res && res.consumedPoints >= limiter.points) throw new TooManyRequestsError(message, retryAfter(res));
}

const LOGIN_LIMIT_MESSAGE = "Too many failed sign-in attempts. Please wait and try again later.";

export async function assertLoginAllowed(ip: string, username: string) {
  await refuseWhenSpent(failedLoginsByIp, ip, LOGIN_LIMIT_MESSAGE);
  await refuseWhenSpent(failedLoginsByUsername, username.toLowerCase(), LOGIN_LIMIT_MESSAGE);
}

export async function recordFailedLogin(ip: string, username: string) {
  await Promise.all([
    failedLoginsByIp.penalty(ip, 1),
    failedLoginsByUsername.penalty(username.toLowerCase(), 1),
  ]);
}

export async function clearFailedLogins(username: string) {
  await failedLoginsByUsername.delete(username.toLowerCase());
}

export async function consumeSignup(ip: string) {
  try {
    await signupsByIp.consume(ip, 1);
  } catch (res) {
    throw new TooManyRequestsError(
      "Too many accounts created from this network. Please try again later.",
      retryAfter(res instanceof RateLimiterRes ? res : null),
    );
  }
}
