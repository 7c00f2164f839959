import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// The bare Remix app (scripts/bench-floor-app) that `npm run bench` measures
// the academy against: built on demand, served from its own process.

const APP_DIR = path.resolve(import.meta.dirname, "bench-floor-app");
const SOURCES = ["app", "vite.config.ts", "package.json"];

/** The newest modification time of a file, or of a folder and everything in it. */
export function newestTime(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestTime(path.join(entry, name))));
}

/** Builds the floor app when it has no build or its sources changed since. */
export function buildFloorApp() {
  const marker = path.join(APP_DIR, "build/server/index.js");
  const newestSource = Math.max(...SOURCES.map((name) => newestTime(path.join(APP_DIR, name))));
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= newestSource) return;
  console.log("Building the bare Remix app (scripts/bench-floor-app)...");
  try {
    // Its own output is the framework's future-flag notices: shown only when the build fails.
    execSync("npx remix vite:build", { cwd: APP_DIR, stdio: "pipe" });
  } catch (error) {
    const output = error && typeof error === "object" && "stderr" in error ? String(error.stderr) : String(error);
    throw new Error(`The bare Remix app did not build:\n${output}`);
  }
}

export interface FloorApp {
  baseUrl: string;
  stop: () => Promise<void>;
}

export async function startFloorApp(): Promise<FloorApp> {
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: APP_DIR,
    env: { ...process.env, NODE_ENV: "production", PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The bare Remix app did not start:\n${output}`)), 20_000);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The bare Remix app exited with ${code}:\n${output}`));
    });
  });
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
