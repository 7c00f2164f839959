import { AccountRefusal } from "~/models/account.server";
import { apiError } from "~/utils/api.server";

/** Runs an account change for the JSON API: a refusal becomes `{ message, errors? }` with its status. */
export async function answerAccountRefusal<T>(run: () => T | Promise<T>): Promise<T | ReturnType<typeof apiError>> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AccountRefusal)) throw error;
    return apiError(error.status, error.message, error.field ? { [error.field]: [error.message] } : undefined);
  }
}
