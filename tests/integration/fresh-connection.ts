import http from "node:http";

/**
 * fetch over a new connection for every request (Connection: close). The
 * cluster's primary hands each new connection to the next worker in turn, so
 * consecutive requests made with this reach the academy's workers alternately,
 * where the global fetch would keep reusing one connection, and one worker.
 * A request gives up after 10 s: a connection the primary handed to a worker
 * that was killed at that moment is never answered (nor closed) by Node.
 */
const TIMEOUT_MS = 10_000;
export const freshConnectionFetch: typeof fetch = async (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const headers = new Headers(init.headers);
  const body = typeof init.body === "string" ? Buffer.from(init.body) : init.body == null ? undefined : Buffer.from(await new Response(init.body).arrayBuffer());
  if (body) headers.set("Content-Length", String(body.length));
  return new Promise<Response>((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", headers: Object.fromEntries(headers), agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, one);
        }
        const status = res.statusCode ?? 0;
        const noBody = status === 204 || status === 304;
        resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
      });
    });
    request.on("error", reject);
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error(`No answer from ${url.pathname} within ${TIMEOUT_MS} ms`)));
    request.end(body);
  });
};
