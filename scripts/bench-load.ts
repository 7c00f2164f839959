/**
 * The load phases of `npm run bench` (scripts/bench.ts says what is sent): a
 * closed loop of N connections, each sending its next request as soon as the
 * last one is answered, over keep-alive connections opened before the clock
 * starts.
 *
 * Why not autocannon, which measures the single routes: it opens all its
 * connections at the moment the load begins, and a Node process that is
 * already saturated admits new connections only about one per event-loop turn
 * (seen here: 120 connections to a busy server, 60 of them still waiting in the
 * kernel's accept queue after 10 s, so they time out without ever being read).
 * That measures how fast an overloaded process admits connections (in
 * production the reverse proxy holds the visitors' connections and reuses its
 * own to Node), not how the academy serves connected learners. Requests still
 * time out after 10 s, as in autocannon.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

type HttpMethod = "GET" | "POST" | "PUT";

export interface LoadRequest {
  method?: HttpMethod;
  path: string;
  /** Sent as JSON, with the Origin header a browser's same-origin fetch sends. */
  json?: unknown;
}

export interface LoadGroup {
  name: string;
  connections: number;
  /** Session cookie sent with every request of the group (a signed-in learner). */
  cookie?: string;
  /** Each connection sends these in turn, over and over. */
  requests: LoadRequest[];
}

export interface LoadSummary {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers per HTTP status. */
  statuses: Record<string, number>;
  /** Answers other than 2xx per "status method path", to tell which request broke. */
  failedRequests: Record<string, number>;
  /** Socket errors plus timeouts. */
  errors: number;
  timeouts: number;
}

const REQUEST_TIMEOUT_MS = 10_000;

class Recorder {
  latencies: number[] = [];
  statuses: Record<string, number> = {};
  failedRequests: Record<string, number> = {};
  errors = 0;
  timeouts = 0;

  answer(request: PreparedRequest, status: number, ms: number) {
    this.latencies.push(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status < 200 || status >= 300) {
      const key = `${status} ${request.method} ${request.path}`;
      this.failedRequests[key] = (this.failedRequests[key] ?? 0) + 1;
    }
  }

  static merge(recorders: Recorder[]): Recorder {
    const merged = new Recorder();
    for (const recorder of recorders) {
      merged.latencies = merged.latencies.concat(recorder.latencies);
      merged.errors += recorder.errors;
      merged.timeouts += recorder.timeouts;
      addCounts(merged.statuses, recorder.statuses);
      addCounts(merged.failedRequests, recorder.failedRequests);
    }
    return merged;
  }

  summary(name: string, connections: number, seconds: number): LoadSummary {
    const sorted = Float64Array.from(this.latencies).sort();
    return {
      name,
      connections,
      seconds,
      requests: sorted.length,
      reqPerSec: sorted.length / seconds,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      statuses: this.statuses,
      failedRequests: this.failedRequests,
      errors: this.errors,
      timeouts: this.timeouts,
    };
  }
}

function addCounts(into: Record<string, number>, from: Record<string, number>) {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

interface PreparedRequest {
  method: HttpMethod;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

function prepare(request: LoadRequest, baseUrl: string, cookie: string | undefined): PreparedRequest {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (request.json === undefined) return { method: request.method ?? "GET", path: request.path, headers };
  const body = Buffer.from(JSON.stringify(request.json));
  return {
    method: request.method ?? "POST",
    path: request.path,
    headers: { ...headers, "content-type": "application/json", "content-length": String(body.length), origin: new URL(baseUrl).origin },
    body,
  };
}

/** One request; resolves with its status, or with "error"/"timeout" (never rejects). */
function send(baseUrl: string, agent: http.Agent, request: PreparedRequest): Promise<number | "error" | "timeout"> {
  return new Promise((resolve) => {
    const req = http.request(new URL(request.path, baseUrl), { method: request.method, headers: request.headers, agent }, (res) => {
      res.on("error", () => resolve("error"));
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.resume();
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => {
      resolve("timeout");
      req.destroy();
    });
    req.on("error", () => resolve("error"));
    req.end(request.body);
  });
}

async function sendAndRecord(baseUrl: string, agent: http.Agent, request: PreparedRequest, recorder: Recorder) {
  const started = performance.now();
  const outcome = await send(baseUrl, agent, request);
  if (outcome === "error" || outcome === "timeout") {
    recorder.errors++;
    if (outcome === "timeout") recorder.timeouts++;
  } else {
    recorder.answer(request, outcome, performance.now() - started);
  }
}

/**
 * A keep-alive pool holding `count` open connections: one health check per
 * connection, all at once, while the server is otherwise idle.
 */
async function openConnections(baseUrl: string, count: number): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count, maxFreeSockets: count });
  const health = prepare({ path: "/healthz" }, baseUrl, undefined);
  const outcomes = await Promise.all(Array.from({ length: count }, () => send(baseUrl, agent, health)));
  const failed = outcomes.filter((outcome) => outcome !== 200).length;
  if (failed > 0) throw new Error(`Opening ${count} connections: ${failed} health checks failed`);
  return agent;
}

/** Runs every group at once for `seconds`; one summary per group and one for the whole load. */
export async function runMixedLoad(baseUrl: string, groups: LoadGroup[], seconds: number): Promise<{ groups: LoadSummary[]; total: LoadSummary }> {
  const connections = groups.reduce((sum, group) => sum + group.connections, 0);
  const agent = await openConnections(baseUrl, connections);
  const runs = groups.map((group) => ({
    group,
    requests: group.requests.map((request) => prepare(request, baseUrl, group.cookie)),
    recorder: new Recorder(),
  }));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    await Promise.all(
      runs.flatMap(({ group, requests, recorder }) =>
        Array.from({ length: group.connections }, async (_, connection) => {
          // Connections start at different places in the list, so the mix holds from the first second.
          for (let i = connection; performance.now() < deadline; i++) {
            const request = requests[i % requests.length];
            if (request) await sendAndRecord(baseUrl, agent, request, recorder);
          }
        }),
      ),
    );
  } finally {
    agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  return {
    groups: runs.map(({ group, recorder }) => recorder.summary(group.name, group.connections, elapsed)),
    total: Recorder.merge(runs.map((run) => run.recorder)).summary("all", connections, elapsed),
  };
}

/** Sends `amount` copies of one request over `connections` connections. */
export async function runBurst(baseUrl: string, name: string, request: LoadRequest, amount: number, connections: number): Promise<LoadSummary> {
  const agent = await openConnections(baseUrl, connections);
  const prepared = prepare(request, baseUrl, undefined);
  const recorder = new Recorder();
  let sent = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (sent < amount) {
          sent++;
          await sendAndRecord(baseUrl, agent, prepared, recorder);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return recorder.summary(name, connections, (performance.now() - started) / 1000);
}

export function countStatuses(summary: LoadSummary, accept: (status: number) => boolean): number {
  return Object.entries(summary.statuses).reduce((sum, [status, count]) => sum + (accept(Number(status)) ? count : 0), 0);
}

export function formatCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }));
  return entries.length ? entries.map(([key, count]) => `${key}: ${count}`).join(", ") : "none";
}

export function printLoadTable(rows: LoadSummary[]) {
  const header = ["group", "conns", "requests", "req/s", "p50 ms", "p99 ms", "errors", "statuses"];
  const lines = rows.map((row) => [
    row.name,
    String(row.connections),
    String(row.requests),
    row.reqPerSec.toFixed(0),
    row.p50Ms.toFixed(0),
    row.p99Ms.toFixed(0),
    row.errors ? `${row.errors} (${row.timeouts} timeouts)` : "0",
    formatCounts(row.statuses),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const rightAligned = new Set([1, 2, 3, 4, 5, 6]);
  const format = (cells: string[]) =>
    cells.map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join("  ").trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of lines) console.log(format(line));
}
