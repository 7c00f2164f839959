import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BUS_INLINE_MAX_BYTES, PostgresBus } from "#db/postgres/bus";
import { freshPostgresDatabase } from "../postgres/database";

// Issue 44: the bus between academy instances on PostgreSQL. Each PostgresBus
// is what one academy process holds (its own LISTEN connection, its own sender
// id), so two of them on one database are two processes as far as PostgreSQL knows.

interface Received {
  channel: string;
  payload: unknown;
}

let database: { url: string; drop(): Promise<void> };
let admin: pg.Client;
const buses: PostgresBus[] = [];

beforeAll(async () => {
  database = await freshPostgresDatabase({ migrated: true });
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.stop()));
  await admin?.end();
  await database?.drop();
});

async function startBus(): Promise<{ bus: PostgresBus; received: Received[]; resyncs: () => number }> {
  const received: Received[] = [];
  let resyncs = 0;
  const bus = new PostgresBus({
    url: database.url,
    deliver: (channel, payload) => received.push({ channel, payload }),
    onResync: () => (resyncs += 1),
  });
  await bus.start();
  buses.push(bus);
  return { bus, received, resyncs: () => resyncs };
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const giveUp = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > giveUp) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the bus on PostgreSQL carries messages between academy processes", () => {
  test("a small message reaches the other process with its Dates, and not its own sender", async () => {
    const first = await startBus();
    const second = await startBus();
    const sentAt = new Date("2026-11-28T12:34:56.789Z");
    first.bus.send("live-event", { type: "chat", conferenceId: 7, message: { body: "Hello", createdAt: sentAt } });

    const [message] = await until("the chat message", () => (second.received.length > 0 ? second.received : undefined));
    expect(message?.channel).toBe("live-event");
    expect(message?.payload).toEqual({ type: "chat", conferenceId: 7, message: { body: "Hello", createdAt: sentAt } });
    // A Date again, not the JSON string of one.
    expect(message?.payload).toMatchObject({ message: { createdAt: expect.any(Date) } });
    // The sender delivered it locally already (app/utils/bus.server.ts): the bus does not hand it back.
    second.bus.send("page-cache-clear", null);
    await until("the reply", () => (first.received.length > 0 ? true : undefined));
    expect(first.received).toEqual([{ channel: "page-cache-clear", payload: null }]);
    expect(second.received).toHaveLength(1);
  });

  test("a message too large for NOTIFY travels through the table, in order with small ones", async () => {
    const first = await startBus();
    const second = await startBus();
    const big = { names: Array.from({ length: 600 }, (_, i) => `participant number ${i}`) };
    expect(JSON.stringify(big).length).toBeGreaterThan(BUS_INLINE_MAX_BYTES);

    first.bus.send("room-members", big);
    first.bus.send("room-members", { names: ["after the big one"] });
    await until("both messages", () => (second.received.length === 2 ? true : undefined));
    expect(second.received.map((message) => message.payload)).toEqual([big, { names: ["after the big one"] }]);
    const stored = await admin.query<{ channel: string }>("select channel from bus_messages");
    expect(stored.rows.map((row) => row.channel)).toContain("room-members");
  });

  test("when PostgreSQL drops the LISTEN connection, the bus reconnects, says so, and delivery resumes", async () => {
    const first = await startBus();
    const second = await startBus();
    const terminated = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'academy bus' and datname = current_database()",
    );
    expect(terminated.rowCount).toBeGreaterThanOrEqual(2);

    await until("a resync on both", () => (first.resyncs() >= 1 && second.resyncs() >= 1 ? true : undefined));
    expect(first.bus.connected && second.bus.connected).toBe(true);
    first.bus.send("live-event", { type: "ended", conferenceId: 3 });
    await until("the message after reconnecting", () => (second.received.length > 0 ? true : undefined));
    expect(second.received).toEqual([{ channel: "live-event", payload: { type: "ended", conferenceId: 3 } }]);
  });
});
