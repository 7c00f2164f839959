import { RateLimiterRes } from "rate-limiter-flexible";
import { consumeTogether, sharedLimiter } from "#db/limiter-store.server";
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
// OWASP's device cookies (issue 39): a browser that signed in to an account before
// (app/services/trusted-device.server.ts) spends its own allowance for that account, keyed by
// its cookie's nonce, apart from the counters above; so strangers spending the account's
// allowance lock out only untrusted browsers, never the owner's.
const attemptsByTrustedDevice = sharedLimiter({ keyPrefix: "attempts-by-trusted-device", points: env.LOGIN_MAX_FAILURES, duration: loginWindowSeconds });
// A signed-in session asking for its member's password (to change it, to delete the account):
// counted per session, so a stolen cookie guesses no faster than sign-in allows, and nothing
// done elsewhere refuses the member's own right password.
const passwordChecksBySession = sharedLimiter({ keyPrefix: "password-checks-by-session", points: env.LOGIN_MAX_FAILURES, duration: loginWindowSeconds });

function retryAfter(res: RateLimiterRes | null): number {
  return Math.max(1, Math.ceil((res?.msBeforeNext ?? 1000) / 1000));
}

const LOGIN_LIMIT_MESSAGE = "Too many failed sign-in attempts. Please wait and try again later.";

export interface LoginAttempt {
  /** The password was right: the attempt is given back, and this network's failures on the account are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Spends one attempt before the password is checked. The three counters go up
 * together in one transaction, so parallel requests, in any process, cannot
 * all pass a check made before any of them failed (check-then-act). Throws
 * TooManyRequestsError when any allowance is spent.
 */
export async function beginLoginAttempt(ip: string, rawUsername: string): Promise<LoginAttempt> {
  const account = rawUsername.toLowerCase();
  const accountFromIp = `${account}@${ip}`;
  const refused = await consumeTogether([
    [attemptsByIp, ip],
    [attemptsByAccountFromIp, accountFromIp],
    [attemptsByAccount, account],
  ]);
  if (refused) throw new TooManyRequestsError(LOGIN_LIMIT_MESSAGE, retryAfter(refused));
  return {
    async succeeded() {
      await Promise.all([attemptsByIp.reward(ip, 1), attemptsByAccountFromIp.delete(accountFromIp), attemptsByAccount.reward(account, 1)]);
    },
  };
}

/**
 * A sign-in from a trusted browser (its device key): one attempt spent on that
 * browser's own allowance, before the password is checked, as beginLoginAttempt
 * does for everyone else. A right password forgets the browser's failures.
 */
export async function beginTrustedDeviceAttempt(deviceKey: string): Promise<LoginAttempt> {
  try {
    await attemptsByTrustedDevice.consume(deviceKey, 1);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw new TooManyRequestsError(LOGIN_LIMIT_MESSAGE, retryAfter(error));
  }
  return {
    async succeeded() {
      await attemptsByTrustedDevice.delete(deviceKey);
    },
  };
}

export interface SessionPasswordCheck extends LoginAttempt {
  /** This check used the session's last allowed attempt: if the password is wrong, the session must end. */
  isLast: boolean;
  retryAfterSeconds: number;
}

/**
 * A signed-in session's password check: spent before the password is checked
 * (parallel guesses cannot all pass a check made before any failed); a right
 * password forgets the session's failures. Throws TooManyRequestsError once the session has
 * spent its allowance; its caller ends the session when the last one fails,
 * so a live session's right password is not refused.
 */
export async function beginSessionPasswordCheck(sessionId: string): Promise<SessionPasswordCheck> {
  let spent: RateLimiterRes;
  try {
    spent = await passwordChecksBySession.consume(sessionId, 1);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw new TooManyRequestsError(LOGIN_LIMIT_MESSAGE, retryAfter(error));
  }
  return {
    isLast: spent.remainingPoints === 0,
    retryAfterSeconds: retryAfter(spent),
    async succeeded() {
      // Whoever knows the password is no guesser: the session's failures are forgotten.
      await passwordChecksBySession.delete(sessionId);
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
  const refused = await consumeTogether([
    [resetRequestsByIp, ip],
    [resetRequestsByAccount, rawIdentifier.trim().toLowerCase()],
  ]);
  if (!refused) return;
  throw new TooManyRequestsError("Too many password reset requests. Please wait an hour and try again.", retryAfter(refused));
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
