import pg from "pg";

/** A start-up failure worth one sentence to the operator (no stack trace, never the password). */
export class PostgresStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PostgresStartError";
  }
}

export const MIN_SERVER_VERSION = 150000;

/**
 * A `pg` pool on DATABASE_URL, proven usable before the academy goes on (checkPostgres).
 */
export async function connectPostgres(url: string, options: { poolSize: number; connectTimeoutMs?: number }): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
  });
  // An idle connection the server closed (a restart, a failover) is dropped by the pool and
  // replaced on the next query; without a listener its error would end the process.
  pool.on("error", () => {});
  try {
    await checkPostgres(pool, url);
    return pool;
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

/**
 * Opens one connection of `pool` and checks the server's version, so a wrong host,
 * password or database name stops start-up with a sentence saying which (issue 43)
 * instead of failing the first request.
 */
export async function checkPostgres(pool: pg.Pool, url: string): Promise<void> {
  try {
    const client = await pool.connect();
    try {
      const version = await client.query<{ version: number; text: string }>(
        "SELECT current_setting('server_version_num')::int AS version, current_setting('server_version') AS text",
      );
      const server = version.rows[0]!;
      if (server.version < MIN_SERVER_VERSION) {
        throw new PostgresStartError(`PostgreSQL 15 or newer is needed; ${where(url)} runs ${server.text}.`);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    throw error instanceof PostgresStartError ? error : new PostgresStartError(describeConnectError(error, url));
  }
}

/** What went wrong connecting to `url`, as the operator can act on it. */
export function describeConnectError(error: unknown, url: string): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  const message = error instanceof Error ? error.message : String(error);
  const { username, database } = parts(url);
  if (!parsable(url)) {
    // pg parses DATABASE_URL with WHATWG URL rules, so a space or a bare `#`, `/`, `@` in the password breaks it.
    return "DATABASE_URL is not a valid URL (postgres://user:password@host:port/database): check the port, and percent-encode special characters in the password (encodeURIComponent).";
  }
  if (["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"].includes(code) || /timeout/i.test(message)) {
    return `Cannot reach PostgreSQL at ${where(url)} (${code || message}): is the server running, and are DATABASE_URL's host and port right?`;
  }
  if (code === "28P01" || code === "28000") {
    return `PostgreSQL at ${where(url)} refused user "${username}": wrong password in DATABASE_URL, or no access for this user (pg_hba.conf).`;
  }
  if (code === "3D000") {
    return `PostgreSQL at ${where(url)} has no database "${database}": create it (createdb ${database}) or correct DATABASE_URL.`;
  }
  return `Cannot connect to PostgreSQL at ${where(url)}: ${message}`;
}

function parts(url: string): { host: string; username: string; database: string } {
  try {
    const parsed = new URL(url);
    return {
      host: parsed.host || "localhost",
      username: decodeURIComponent(parsed.username),
      database: decodeURIComponent(parsed.pathname.replace(/^\//, "")),
    };
  } catch {
    return { host: "?", username: "", database: "" };
  }
}

function parsable(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** host:port/database, without the credentials. */
function where(url: string): string {
  const { host, database } = parts(url);
  return `${host}/${database}`;
}

// The server went away or refuses connections: a restart, a failover, a network
// cut. Codes of the driver (socket errors) and of PostgreSQL (class 08, and
// 57P01-57P03: shut down by an administrator, crashed, cannot connect now).
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
const UNREACHABLE_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /not queryable/i];

/** Whether `error` (or what it wraps: drizzle wraps the driver's) says the database cannot be reached right now. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let at = error, depth = 0; typeof at === "object" && at !== null && depth < 4; at = (at as { cause?: unknown }).cause, depth++) {
    if ("code" in at && UNREACHABLE_CODES.has(String(at.code))) return true;
    if (at instanceof Error && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(at.message))) return true;
  }
  return false;
}
