import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLOORS } from "../eval/companion-eval";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/fake-openai";

// `npm run eval:companion` with a provider configured asks the question set a
// second time through it (here the local OpenAI-compatible fake, through the
// real SDK) and reports the provider's first-citation accuracy. execFile
// rejects on a non-zero exit, that is when any figure is below its goal.
// Each vitest project evaluates its own engine: the PostgreSQL run
// (ACADEMY_TEST_POSTGRES, tests/postgres/engine-setup.ts) on a throwaway
// database of the run's cluster.
const engine = process.env.ACADEMY_TEST_POSTGRES ? "postgres" : "sqlite";
const engineName = engine === "postgres" ? "PostgreSQL" : "SQLite";
// A run takes about 35 s on SQLite and 70 s on PostgreSQL on two busy cores (each answer's
// writes are a few round trips there): room for the whole suite running beside it.
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake?.stop();
});

describe("npm run eval:companion with a provider", () => {
  it("reports the provider's citation accuracy beside the offline figures", async () => {
    // Asynchronously: the fake provider answers from this process.
    const run = await promisify(execFile)("npx", ["tsx", "scripts/eval-companion.ts", "--quick", "--engine", engine], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, OPENAI_API_KEY: "sk-test-eval-key", OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_TIMEOUT_SECONDS: "5" },
      encoding: "utf8",
      timeout: 240_000,
    });
    expect(run.stdout).toContain(`Study companion evaluation on ${engineName}:`);
    expect(run.stdout).toMatch(/Provider: gpt-4o-mini at http:\/\/127\.0\.0\.1/);
    expect(run.stdout).toMatch(/Embeddings: none/);
    const provider = /provider: first citation correct\s+([\d.]+)\s+≥ ([\d.]+)\s+(pass|FAIL)/.exec(run.stdout);
    expect(provider?.[3]).toBe("pass");
    expect(Number(provider?.[1])).toBeGreaterThanOrEqual(FLOORS.providerFirstCitation);
    expect(Number(provider?.[2])).toBe(FLOORS.providerFirstCitation);
    // Every question the library answers went to the provider, its passages numbered in rank order.
    const asked = fake.chatRequests();
    expect(asked.length).toBeGreaterThanOrEqual(100);
  }, 270_000);

  it("with an embedding model, embeds the library through the SDK first and asks the set with the fused ranking", async () => {
    fake.reset();
    const run = await promisify(execFile)("npx", ["tsx", "scripts/eval-companion.ts", "--quick", "--engine", engine], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, OPENAI_API_KEY: "sk-test-eval-key", OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_TIMEOUT_SECONDS: "5", OPENAI_EMBEDDING_MODEL: "fake-embed-1" },
      encoding: "utf8",
      timeout: 240_000,
    });
    expect(run.stdout).toMatch(/Embeddings: fake-embed-1, fused with word matching/);
    expect(run.stderr).toMatch(/Embedded \d+ passages with fake-embed-1/);
    // The figure is shown but not held to a floor: the fake's vectors are hashed words.
    expect(run.stdout).toMatch(/provider: first citation correct\s+[\d.]+\s+≥ 0\.8\s+(met|not met)/);
    const embedded = fake.embeddingRequests();
    expect(embedded[0]?.body.model).toBe("fake-embed-1");
    // The library in batches, then every question the provider pass asked.
    expect(embedded.length).toBeGreaterThan(191);
  }, 270_000);
});
