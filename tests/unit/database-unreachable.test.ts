import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "#db/postgres/connect";

describe("isDatabaseUnreachable", () => {
  it("knows the driver's socket errors and PostgreSQL's shutdown and connection codes, wrapped or not", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const shutDown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable(shutDown)).toBe(true);
    expect(isDatabaseUnreachable(new Error("Failed query: select 1", { cause: shutDown }))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("leaves every other failure alone: those stay 500s, or the caller's own answer", () => {
    expect(isDatabaseUnreachable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error("could not serialize access"), { code: "40001" }))).toBe(false);
    expect(isDatabaseUnreachable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnreachable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
