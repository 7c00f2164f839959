import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { requestIdFor, requestLogger } from "../../server/request-log";

describe("a request's logger", () => {
  it("is made on first use, once per request, and names the request", () => {
    // The server hands the request logger the app's logger (serverRuntime).
    requestLogger(pino({ enabled: false }), false);
    const request = new IncomingMessage(new Socket());
    request.id = "req-0123456789";
    const log = request.log;
    expect(log).toBe(request.log);
    expect(log.bindings()).toMatchObject({ reqId: "req-0123456789" });

    const other = new IncomingMessage(new Socket());
    other.id = "req-abcdefghij";
    expect(other.log).not.toBe(log);
    expect(other.log.bindings()).toMatchObject({ reqId: "req-abcdefghij" });
    // The logger lives on the prototype, not on each request.
    expect(Object.getOwnPropertyNames(request)).not.toContain("log");
  });

  it("takes a proxy's well-formed request id and makes one otherwise", () => {
    const request = new IncomingMessage(new Socket());
    request.headers["x-request-id"] = "proxy-id-12345678";
    expect(requestIdFor(request)).toBe("proxy-id-12345678");
    request.headers["x-request-id"] = "bad id with spaces";
    expect(requestIdFor(request)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
