import { AccountRefusal, PasswordGuessesSpent } from "~/models/accounts/account.server";
import { logout } from "~/services/auth.server";
import { apiError } from "~/utils/api.server";

/**
 * Runs an account change for the JSON API: a refusal becomes `{ message, errors? }`
 * with its status; too many wrong passwords also carry Retry-After and clear
 * the session cookie (the session itself has already ended).
 */
export async function answerAccountRefusal<T>(request: Request, run: () => T | Promise<T>): Promise<T | ReturnType<typeof apiError>> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AccountRefusal)) throw error;
    if (error instanceof PasswordGuessesSpent) {
      const headers = await logout(request);
      headers.set("Retry-After", String(error.retryAfterSeconds));
      return apiError(error.status, error.message, undefined, { headers });
    }
    return apiError(error.status, error.message, error.field ? { [error.field]: [error.message] } : undefined);
  }
}
