import { describe, expect, it } from "vitest";
import { defaultInstanceUrl, ENV_VARIABLES, parseEnv } from "~/utils/env.server";

describe("configuration", () => {
  it("has documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_PATH).toBe("./data/academy.db");
    expect(env.UPLOADS_DIR).toBe("./data/uploads");
    expect(env.SEED_DEMO_DATA).toBe(true);
    expect(env.TRUST_PROXY).toBe(false);
  });

  it("reads flags in the usual spellings", () => {
    expect(parseEnv({ SEED_DEMO_DATA: "false" }).SEED_DEMO_DATA).toBe(false);
    expect(parseEnv({ SEED_DEMO_DATA: "0" }).SEED_DEMO_DATA).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "yes" }).TRUST_PROXY).toBe(true);
  });

  it("stops with a one-line message naming the bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET must be at least 32 characters/);
    expect(() => parseEnv({ ADMIN_PASSWORD: "tiny" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseEnv({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
  });

  it("accepts Stripe keys only in Stripe's formats, and runs without them", () => {
    const none = parseEnv({});
    expect(none.STRIPE_SECRET_KEY).toBeUndefined();
    expect(none.DOWNLOAD_LINK_TTL_SECONDS).toBe(300);
    const keys = parseEnv({ STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_PUBLISHABLE_KEY: "pk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", STRIPE_PRICE_ID: "price_123" });
    expect(keys.STRIPE_PRICE_ID).toBe("price_123");
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "pk_live_abc" })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(() => parseEnv({ STRIPE_PUBLISHABLE_KEY: "sk_live_abc" })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ STRIPE_API_URL: "not a url" })).toThrow(/STRIPE_API_URL/);
  });

  it("reads STRIPE_TRIAL_DAYS as whole days, 0 unless set", () => {
    expect(parseEnv({}).STRIPE_TRIAL_DAYS).toBe(0);
    expect(parseEnv({ STRIPE_TRIAL_DAYS: "14" }).STRIPE_TRIAL_DAYS).toBe(14);
    expect(() => parseEnv({ STRIPE_TRIAL_DAYS: "-1" })).toThrow(/STRIPE_TRIAL_DAYS must be 0 or more/);
    expect(() => parseEnv({ STRIPE_TRIAL_DAYS: "1.5" })).toThrow(/STRIPE_TRIAL_DAYS/);
    expect(() => parseEnv({ STRIPE_TRIAL_DAYS: "a week" })).toThrow(/STRIPE_TRIAL_DAYS/);
  });
});

describe("operations configuration", () => {
  it("has a shutdown grace period and a log level", () => {
    expect(parseEnv({}).SHUTDOWN_GRACE_SECONDS).toBe(30);
    expect(parseEnv({}).LOG_LEVEL).toBe("info");
    expect(() => parseEnv({ LOG_LEVEL: "chatty" })).toThrow(/LOG_LEVEL/);
  });
});

describe("request pacing", () => {
  it("lets 8 requests start per event-loop turn unless told otherwise, and refuses nonsense", () => {
    expect(parseEnv({}).REQUEST_STARTS_PER_TURN).toBe(8);
    expect(parseEnv({ REQUEST_STARTS_PER_TURN: "32" }).REQUEST_STARTS_PER_TURN).toBe(32);
    expect(() => parseEnv({ REQUEST_STARTS_PER_TURN: "0" })).toThrow(/^Invalid configuration: REQUEST_STARTS_PER_TURN /);
    expect(() => parseEnv({ REQUEST_STARTS_PER_TURN: "many" })).toThrow(/REQUEST_STARTS_PER_TURN/);
    expect(() => parseEnv({ REQUEST_STARTS_PER_TURN: "2.5" })).toThrow(/REQUEST_STARTS_PER_TURN/);
  });
});

describe(".env.example", () => {
  it("documents every variable the academy reads, and nothing it does not", async () => {
    const { readFileSync } = await import("node:fs");
    const documented = [...readFileSync(".env.example", "utf8").matchAll(/^# ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
  });
});

describe("files in a bucket", () => {
  it("keeps uploads on disk unless S3_BUCKET is set, and reads the S3 settings", () => {
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    const s3 = parseEnv({ S3_BUCKET: "academy-uploads", S3_ENDPOINT: "http://minio:9000", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret", S3_FORCE_PATH_STYLE: "true" });
    expect(s3).toMatchObject({ S3_BUCKET: "academy-uploads", S3_ENDPOINT: "http://minio:9000", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: true });
  });

  it("refuses half a configuration with a sentence naming the variable", () => {
    expect(() => parseEnv({ S3_BUCKET: "Not_A_Bucket" })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => parseEnv({ S3_BUCKET: "academy", S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => parseEnv({ S3_BUCKET: "academy", S3_ACCESS_KEY_ID: "key" })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => parseEnv({ S3_ENDPOINT: "http://minio:9000" })).toThrow(/S3_BUCKET is needed/);
  });
});

describe("the address other instances reach this one at (INSTANCE_URL)", () => {
  it("takes http://host:port and refuses anything else with a sentence naming the variable", () => {
    expect(parseEnv({ INSTANCE_URL: "http://10.0.0.5:3000" }).INSTANCE_URL).toBe("http://10.0.0.5:3000");
    expect(parseEnv({ INSTANCE_URL: "http://academy-1:3000/" }).INSTANCE_URL).toBe("http://academy-1:3000/");
    for (const wrong of ["https://10.0.0.5:3000", "10.0.0.5:3000", "http://10.0.0.5:3000/academy", "http://host:port"]) {
      expect(() => parseEnv({ INSTANCE_URL: wrong })).toThrow(/INSTANCE_URL must be http:\/\/host:port/);
    }
  });

  it("defaults to HOST when it names one address, else to the first non-internal IPv4 address, with PORT", () => {
    const lo = { address: "127.0.0.1", netmask: "255.0.0.0", family: "IPv4", mac: "00:00:00:00:00:00", internal: true, cidr: "127.0.0.1/8" } as const;
    const eth = { ...lo, address: "10.0.0.5", internal: false, cidr: "10.0.0.5/8" } as const;
    const v6 = { ...lo, address: "fe80::1", family: "IPv6", internal: false, scopeid: 0, cidr: "fe80::1/64" } as const;
    expect(defaultInstanceUrl("127.0.0.1", 3000, { lo: [lo], eth0: [eth] })).toBe("http://127.0.0.1:3000");
    expect(defaultInstanceUrl("0.0.0.0", 3000, { lo: [lo], eth0: [v6, eth] })).toBe("http://10.0.0.5:3000");
    expect(defaultInstanceUrl("::", 8080, { lo: [lo] })).toBe("http://127.0.0.1:8080");
  });
});
