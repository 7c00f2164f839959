// What server/index.ts hands every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    clientIp: string;
    cspNonce: string;
    /** The id on this request's log lines and X-Request-Id header. */
    requestId: string;
  }
}

export {};
