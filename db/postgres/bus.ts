import crypto from "node:crypto";
import os from "node:os";
import pg from "pg";

/**
 * The bus between academy processes on several machines (issue 44): PostgreSQL
 * LISTEN/NOTIFY on one channel. Each process holds one connection of its own
 * (not the pool's: a pooled connection does not stay LISTENing), sends on it
 * and hears every other process's messages on it. A message names its sender,
 * so a process skips its own (app/utils/bus.server.ts has already delivered
 * it locally). A NOTIFY payload is limited to 8000 bytes: a bigger message is
 * stored in bus_messages and only its id travels. When the connection drops,
 * it is opened again with growing pauses; whatever was sent meanwhile is lost,
 * so `onResync` tells the process to drop what it may have missed (caches).
 */

export const BUS_NOTIFY_CHANNEL = "academy_bus";
/** Messages larger than this (JSON bytes) go through the table; NOTIFY's own limit is 8000. */
export const BUS_INLINE_MAX_BYTES = 7000;
/** Stored messages are read within milliseconds; after this they are removed. */
const STORED_MESSAGE_MS = 5 * 60 * 1000;
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

export interface PostgresBusOptions {
  url: string;
  /** A message from another process. */
  deliver: (channel: string, payload: unknown) => void;
  /** The connection came back after a drop: messages may have been missed. */
  onResync?: () => void;
  log?: { info(message: string): void; warn(message: string): void };
}

/** What travels in a NOTIFY: the sender, the channel, and the payload or the stored row's id. */
interface Envelope {
  s: string;
  c: string;
  p?: unknown;
  r?: number;
}

// JSON loses Dates (a chat message's time); they travel tagged and come back as Dates.
const DATE_TAG = "$academyDate";

function encode(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, converted: unknown) {
    const original = this[key];
    return original instanceof Date ? { [DATE_TAG]: original.getTime() } : converted;
  });
}

function decode(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === "object" && value !== null && DATE_TAG in value && Object.keys(value).length === 1) {
      const time = value[DATE_TAG];
      if (typeof time === "number") return new Date(time);
    }
    return value;
  });
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === "object" && value !== null && "s" in value && "c" in value && typeof value.s === "string" && typeof value.c === "string";
}

export class PostgresBus {
  /** Who sends: unique per process and per bus, so a process recognises its own messages. */
  readonly sender = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  private client: pg.Client | null = null;
  private connectedOnce = false;
  private stopped = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  /** Deliveries in arrival order, even when a stored message must be read first. */
  private deliveries: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(private readonly options: PostgresBusOptions) {}

  /** Connects and listens; rejects when the first connection fails (the caller decides). */
  async start(): Promise<void> {
    await this.connect();
  }

  get connected(): boolean {
    return this.client !== null;
  }

  /** Sends to every other process; dropped (with a resync on their side later) while disconnected. */
  send(channel: string, payload: unknown): void {
    const client = this.client;
    if (!client) return;
    const body = encode(payload);
    const inline = encode({ s: this.sender, c: channel, p: payload } satisfies Envelope);
    const sent =
      Buffer.byteLength(inline) <= BUS_INLINE_MAX_BYTES
        ? client.query("select pg_notify($1, $2)", [BUS_NOTIFY_CHANNEL, inline])
        : client.query(
            `with stored as (insert into bus_messages (channel, payload) values ($2, $3) returning id)
             select pg_notify($1, json_build_object('s', $4::text, 'c', $2::text, 'r', stored.id)::text) from stored`,
            [BUS_NOTIFY_CHANNEL, channel, body, this.sender],
          ).then(() => this.pruneNow(client));
    sent.catch((error: unknown) => this.options.log?.warn(`bus: a message on "${channel}" was not sent (${String(error)})`));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url, application_name: "academy bus", keepAlive: true });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    client.on("notification", (message) => {
      if (message.channel !== BUS_NOTIFY_CHANNEL || !message.payload) return;
      this.received(client, message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_NOTIFY_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) return void (await client.end().catch(() => {}));
    this.client = client;
    this.attempt = 0;
    if (this.connectedOnce) {
      this.options.log?.info("bus: connected to PostgreSQL again");
      this.options.onResync?.();
    }
    this.connectedOnce = true;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners("notification");
    void client.end().catch(() => {});
    if (this.stopped) return;
    this.options.log?.warn("bus: lost the PostgreSQL connection; messages from other academy processes wait until it is back");
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch(() => {
        if (!this.stopped) this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  private received(client: pg.Client, text: string): void {
    let envelope: unknown;
    try {
      envelope = decode(text);
    } catch {
      return;
    }
    if (!isEnvelope(envelope) || envelope.s === this.sender) return;
    const { c: channel, r: storedId } = envelope;
    this.deliveries = this.deliveries.then(async () => {
      try {
        if (typeof storedId !== "number") return this.options.deliver(channel, envelope.p);
        const { rows } = await client.query<{ payload: string }>("select payload from bus_messages where id = $1", [storedId]);
        if (rows[0]) this.options.deliver(channel, decode(rows[0].payload));
      } catch (error) {
        this.options.log?.warn(`bus: a message on "${channel}" could not be delivered (${String(error)})`);
      }
    });
  }

  /** Stored messages are needed for moments: the sender removes old ones now and then. */
  private async pruneNow(client: pg.Client): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    await client.query("delete from bus_messages where created_at < $1", [new Date(now - STORED_MESSAGE_MS)]);
  }
}
