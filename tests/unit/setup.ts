import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Unit tests that touch the database get a throwaway one per test file.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-unit-"));
process.env.DATABASE_PATH = path.join(dir, "unit.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.SESSION_SECRET = "unit-test-secret-unit-test-secret-0123456789";
