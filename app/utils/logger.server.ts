import pino from "pino";
import { env } from "~/utils/env.server";

// One JSON line per log entry on stdout, for journald, Docker or any log
// shipper. Request lines and errors carry the request's id (see
// server/request-log.ts); bodies, cookies and query strings are never logged.
export const logger = pino({
  level: env.LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

// Security-relevant events as one JSON line each. Never pass passwords or tokens.
export function logEvent(event: string, fields: Record<string, string | number | boolean | null | undefined> = {}) {
  logger.info({ event, ...fields });
}
