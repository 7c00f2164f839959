import type { AuthRefusal } from "~/services/auth.server";
import { apiError } from "~/utils/api.server";

/** A refused sign-in or sign-up as a JSON error (with Retry-After when throttled). */
export function refusalResponse(refusal: AuthRefusal) {
  const headers: HeadersInit = refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : {};
  const errors = refusal.field ? { [refusal.field]: [refusal.message] } : undefined;
  return apiError(refusal.status, refusal.message, errors, { headers });
}
