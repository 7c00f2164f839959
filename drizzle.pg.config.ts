import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations (issue 43), generated from db/schema.pg.ts, itself generated from
// db/schema.ts (npm run db:schema:pg). `npm run db:generate:pg` writes both.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.pg.ts",
  out: "./db/migrations-pg",
});
