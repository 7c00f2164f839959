import { afterEach, describe, expect, it } from "vitest";
import { env } from "~/utils/env.server";
import { publicOrigin } from "~/utils/misc.server";

const saved = { NODE_ENV: env.NODE_ENV, PUBLIC_URL: env.PUBLIC_URL };
afterEach(() => Object.assign(env, saved));

async function statusOf(thrown: unknown): Promise<number> {
  return thrown instanceof Response ? thrown.status : -1;
}

describe("the public address for links that leave the site", () => {
  it("is PUBLIC_URL whatever Host the request names", () => {
    Object.assign(env, { NODE_ENV: "production", PUBLIC_URL: "https://academy.example/" });
    expect(publicOrigin(new Request("http://evil.example/certificates/1"))).toBe("https://academy.example");
  });

  it("without PUBLIC_URL in production, trusts only a Host that names this machine", async () => {
    Object.assign(env, { NODE_ENV: "production", PUBLIC_URL: undefined });
    expect(publicOrigin(new Request("http://localhost:3000/x"))).toBe("http://localhost:3000");
    expect(publicOrigin(new Request("http://127.0.0.1:4000/x"))).toBe("http://127.0.0.1:4000");
    let thrown: unknown;
    try {
      publicOrigin(new Request("http://evil.example/x"));
    } catch (error) {
      thrown = error;
    }
    expect(await statusOf(thrown)).toBe(503);
  });

  it("follows the request in development", () => {
    Object.assign(env, { NODE_ENV: "development", PUBLIC_URL: undefined });
    expect(publicOrigin(new Request("http://laptop.local:3000/x"))).toBe("http://laptop.local:3000");
  });
});
