/**
 * Which database engine this process runs on (issue 43): PostgreSQL when
 * DATABASE_URL is a postgres:// URL, otherwise the embedded SQLite file at
 * DATABASE_PATH. Read here, not from app/utils/env.server.ts, because the
 * schema needs it and drizzle-kit loads the schema outside the app; env.server
 * validates the same variable for the app (a malformed URL stops start-up).
 */
export type Engine = "sqlite" | "postgres";

export const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export const engine: Engine = POSTGRES_URL.test(process.env.DATABASE_URL ?? "") ? "postgres" : "sqlite";
