import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "#db/limiter-store.server";
import { env } from "~/utils/env.server";

// Limits on sign-in, sign-up and password resets, counted in the database so
// they hold across every academy process (issue 41; db/limiter-store.server.ts).

export class TooManyRequestsError extends Error {
  constructor(
    message: string,
    public retryAfterSeconds: number,
  ) {
    super(message);
  }
}

const loginWindowSeconds = env.LOGIN_WINDOW_MINUTES * 60;
// Sign-in attempts are counted per network, per account from that network,
// and per account from anywhere with a higher allowance: a stranger guessing
// a member's password from one address locks only that address out of the
// account, while a guesser spread over many addresses still meets a limit.
const ACCOUNT_ALLOWANCE_FACTOR = 5;
const attemptsByIp = sharedLimiter({ keyPrefix: "attempts-by-ip", points: env.LOGIN_MAX_FAILURES, duration: loginWindowSeconds });
const attemptsByAccountFromIp = sharedLimiter({ keyPrefix: "attempts-by-account-from-ip", points: env.LOGIN_MAX_FAILURES, duration: loginWindowSeconds });
const attemptsByAccount = sharedLimiter({ keyPrefix: "attempts-by-account", points: env.LOGIN_MAX_FAILURES * ACCOUNT_ALLOWANCE_FACTOR, duration: loginWindowSeconds });
const signupsByIp = sharedLimiter({ keyPrefix: "signups-by-ip", points: env.SIGNUPS_PER_HOUR, duration: 60 * 60 });

function retryAfter(res: RateLimiterRes | null): number {
  return Math.max(1, Math.ceil((res?.msBeforeNext ?? 1000) / 1000));
}

const LOGIN_LIMIT_MESSAGE = "Too many failed sign-in attempts. Please wait and try again later.";

export interface LoginAttempt {
  /** The password was right: the attempt is given back, and this network's failures on the account are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Spends one attempt before the password is checked. Each counter goes up in
 * one atomic statement when consume() is called, so parallel requests cannot
 * all pass a check made before any of them failed (check-then-act). Throws
 * TooManyRequestsError when any allowance is spent.
 */
export async function beginLoginAttempt(ip: string, rawUsername: string): Promise<LoginAttempt> {
  const account = rawUsername.toLowerCase();
  const accountFromIp = `${account}@${ip}`;
  const results = await Promise.allSettled([
    attemptsByIp.consume(ip, 1),
    attemptsByAccountFromIp.consume(accountFromIp, 1),
    attemptsByAccount.consume(account, 1),
  ]);
  const refused = results.find((result) => result.status === "rejected");
  if (refused) {
    const reason: unknown = refused.reason;
    if (!(reason instanceof RateLimiterRes)) throw reason;
    throw new TooManyRequestsError(LOGIN_LIMIT_MESSAGE, retryAfter(reason));
  }
  return {
    async succeeded() {
      await Promise.all([attemptsByIp.reward(ip, 1), attemptsByAccountFromIp.delete(accountFromIp), attemptsByAccount.reward(account, 1)]);
    },
  };
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

// Password-reset requests are counted per name asked about (known or not, so
// the refusal itself reveals nothing) and per network, which may ask for a few
// accounts (a household, an office) but not walk through many. The mails an
// account receives are counted by the account, whichever of its names
// (username, email) was typed: see spendPasswordResetMail.
const RESET_NETWORK_ALLOWANCE_FACTOR = 4;
const resetRequestsByAccount = sharedLimiter({ keyPrefix: "reset-requests-by-account", points: env.PASSWORD_RESET_REQUESTS_PER_HOUR, duration: 60 * 60 });
const resetMailsByUser = sharedLimiter({ keyPrefix: "reset-mails-by-user", points: env.PASSWORD_RESET_REQUESTS_PER_HOUR, duration: 60 * 60 });
const resetRequestsByIp = sharedLimiter({ keyPrefix: "reset-requests-by-ip",
  points: env.PASSWORD_RESET_REQUESTS_PER_HOUR * RESET_NETWORK_ALLOWANCE_FACTOR,
  duration: 60 * 60,
});

/** Spends one password-reset request; throws TooManyRequestsError when the account or network has used its hour. */
export async function consumePasswordResetRequest(ip: string, rawIdentifier: string) {
  const results = await Promise.allSettled([
    resetRequestsByIp.consume(ip, 1),
    resetRequestsByAccount.consume(rawIdentifier.trim().toLowerCase(), 1),
  ]);
  const refused = results.find((result) => result.status === "rejected");
  if (!refused) return;
  const reason: unknown = refused.reason;
  if (!(reason instanceof RateLimiterRes)) throw reason;
  throw new TooManyRequestsError("Too many password reset requests. Please wait an hour and try again.", retryAfter(reason));
}

/**
 * Spends one of the account's reset mails for the hour, by user id; false when
 * they are spent. The caller then sends nothing and answers as usual: a 429
 * here would tell whoever spent the hour through a username that an address
 * belongs to the same account.
 */
export async function spendPasswordResetMail(userId: number): Promise<boolean> {
  try {
    await resetMailsByUser.consume(String(userId), 1);
    return true;
  } catch (res) {
    if (res instanceof RateLimiterRes) return false;
    throw res;
  }
}
