import fs from "node:fs";

// Removes the temporary database and uploads folder that playwright.visual.config.ts created.
export default function removeVisualData(): void {
  const dataDir = process.env.ACADEMY_VISUAL_DATA_DIR;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
