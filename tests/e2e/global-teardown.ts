import fs from "node:fs";

// Removes the temporary database and uploads folder that the browser suite's
// config (playwright.config.ts or playwright.visual.config.ts) created for this run.
export default function removeTestData(): void {
  for (const dataDir of [process.env.ACADEMY_E2E_DATA_DIR, process.env.ACADEMY_VISUAL_DATA_DIR]) {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
