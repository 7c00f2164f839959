import { apiError } from "~/utils/api.server";

// Any /api path no other route claims.
export const loader = () => apiError(404, "Not found");
export const action = () => apiError(404, "Not found");
