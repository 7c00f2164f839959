import fs from "node:fs";

// Removes the temporary database and uploads folder that playwright.config.ts created.
export default function removeTestData(): void {
  const dataDir = process.env.ACADEMY_E2E_DATA_DIR;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
